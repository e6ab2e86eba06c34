import type { AdminHardwareOrder } from "@stempla/domain";
import { shipmentsOf } from "../../../shared/partner/hardware-history.ts";

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
  return shipmentsOf(lines, (line) => String(line.company_id)).map(({ key, lines: group, shippedAt }) => ({
    key,
    companyId: group[0]!.company_id,
    companyName: group[0]!.company_name,
    kind: group[0]!.kind,
    address: group[0]!.ship_to,
    orderedAt: group[0]!.ordered_at,
    lines: group,
    shippedAt,
  }));
}
