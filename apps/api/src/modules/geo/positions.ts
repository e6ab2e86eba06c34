import { readFileSync } from "node:fs";
import path from "node:path";
import type { PositionView } from "@stempla/domain";
import { normalizePlaceName } from "./place-name.ts";

type Point = [number, number];
interface PositionTable {
  postcodes: Record<string, Record<string, Point>>;
  places: Record<string, Record<string, Point>>;
}

let table: PositionTable | undefined;

/**
 * The offline table (built by tools/geo/build-positions.ts; sources and precision in
 * docs/geo-positions.md), read on the first lookup: 1.3 MB the server only needs when an
 * address is saved.
 */
function positions(): PositionTable {
  table ??= JSON.parse(
    readFileSync(path.join(import.meta.dirname, "data/positions.json"), "utf8"),
  ) as PositionTable;
  return table;
}

/**
 * Where an address lies as far as it can be known without a geocoding service: the town of a
 * German postcode, elsewhere the town by its name (where the name stands for one town). Street
 * and house number cannot be placed offline; the partner moves the pin for that. Undefined when
 * the table knows neither.
 */
export function derivePosition(address: {
  country: string;
  postcode: string;
  city: string;
}): PositionView | undefined {
  const { postcodes, places } = positions();
  const byPostcode = postcodes[address.country]?.[address.postcode.replace(/\s+/g, "").toUpperCase()];
  if (byPostcode) return { latitude: byPostcode[0], longitude: byPostcode[1], precision: "postcode" };
  const byName = places[address.country]?.[normalizePlaceName(address.city)];
  if (byName) return { latitude: byName[0], longitude: byName[1], precision: "town" };
  return undefined;
}
