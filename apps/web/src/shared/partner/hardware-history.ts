import type { HardwareOrderView } from "@stempla/domain";

/** One delivery in the partner's order history: what went to one location at one time. */
export interface Delivery {
  key: string;
  kind: HardwareOrderView["kind"];
  orderedAt: string;
  shipTo: HardwareOrderView["ship_to"];
  lines: HardwareOrderView[];
  /** Net, as billed; 0 for a starter kit. */
  totalCents: number;
  /** Set once every line is shipped: the last of their shipping times. */
  shippedAt: string | null;
}

/** The fields that decide which order lines travel together. */
interface ShipmentLine {
  ordered_at: string;
  kind: string;
  location_id: number | null;
  shipped_at: string | null;
}

/**
 * Order lines (the API has one per item) grouped into shipments: what was ordered at one time, of
 * one kind, for one location (or the billing address), in the lines' order. `owner` separates the
 * companies when the lines are several partners' (the console's list).
 */
export function shipmentsOf<T extends ShipmentLine>(
  lines: T[],
  owner: (line: T) => string = () => "",
): { key: string; lines: T[]; shippedAt: string | null }[] {
  const groups = new Map<string, T[]>();
  for (const line of lines) {
    const key = `${owner(line)}@${line.ordered_at}@${line.kind}@${line.location_id ?? "billing"}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return [...groups].map(([key, group]) => ({
    key,
    lines: group,
    // Set once every line is shipped: the last of their shipping times.
    shippedAt: group.every((line) => line.shipped_at)
      ? (group
          .map((line) => line.shipped_at!)
          .sort()
          .at(-1) ?? null)
      : null,
  }));
}

/** The order lines (newest first) grouped into deliveries, in the API's order. */
export function deliveriesOf(lines: HardwareOrderView[]): Delivery[] {
  return shipmentsOf(lines).map(({ key, lines: group, shippedAt }) => ({
    key,
    kind: group[0]!.kind,
    orderedAt: group[0]!.ordered_at,
    shipTo: group[0]!.ship_to,
    lines: group,
    totalCents: group.reduce((sum, line) => sum + line.total_cents, 0),
    shippedAt,
  }));
}
