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

/** The order lines (newest first, one per item) grouped into deliveries, in the API's order. */
export function deliveriesOf(lines: HardwareOrderView[]): Delivery[] {
  const deliveries = new Map<string, Delivery>();
  for (const line of lines) {
    const key = `${line.ordered_at}@${line.kind}@${line.location_id ?? "billing"}`;
    const delivery = deliveries.get(key) ?? {
      key,
      kind: line.kind,
      orderedAt: line.ordered_at,
      shipTo: line.ship_to,
      lines: [],
      totalCents: 0,
      shippedAt: null,
    };
    delivery.lines.push(line);
    delivery.totalCents += line.total_cents;
    deliveries.set(key, delivery);
  }
  return [...deliveries.values()].map((delivery) => ({
    ...delivery,
    shippedAt: delivery.lines.every((line) => line.shipped_at)
      ? (delivery.lines
          .map((line) => line.shipped_at!)
          .sort()
          .at(-1) ?? null)
      : null,
  }));
}
