import type { AdminHardwareOrder } from "@stempla/domain";

/**
 * One parcel: the lines a partner ordered at one time for one location (the API has a line per
 * item). A starter kit of several locations is one parcel per location, each to its own address.
 */
export interface Parcel {
  key: string;
  companyId: number;
  companyName: string;
  kind: AdminHardwareOrder["kind"];
  address: AdminHardwareOrder["ship_to"];
  orderedAt: string;
  lines: AdminHardwareOrder[];
  /** Set once every line is shipped: the last of their shipping times. */
  shippedAt: string | null;
}

/** The order lines grouped into parcels, in the API's order (oldest first). */
export function parcelsOf(lines: AdminHardwareOrder[]): Parcel[] {
  const parcels = new Map<string, Parcel>();
  for (const line of lines) {
    const key = `${line.company_id}@${line.ordered_at}@${line.kind}@${line.location_id ?? "billing"}`;
    const parcel = parcels.get(key) ?? {
      key,
      companyId: line.company_id,
      companyName: line.company_name,
      kind: line.kind,
      address: line.ship_to,
      orderedAt: line.ordered_at,
      lines: [],
      shippedAt: null,
    };
    parcel.lines.push(line);
    parcels.set(key, parcel);
  }
  return [...parcels.values()].map((parcel) => ({
    ...parcel,
    shippedAt: parcel.lines.every((line) => line.shipped_at)
      ? (parcel.lines
          .map((line) => line.shipped_at!)
          .sort()
          .at(-1) ?? null)
      : null,
  }));
}
