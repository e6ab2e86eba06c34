import { z } from "zod";
import { HARDWARE_DELIVERY_WEEKS, HARDWARE_PRICES_CENTS } from "../constants.ts";
import { HARDWARE_ITEMS, type HardwareItem, type InvoiceTotals, totalsOf } from "./invoice.ts";

// The header's hardware shop (spec section 9): replacement chip cards and stands at 5 EUR
// (shipping included), stickers at 2 EUR, net; billed on the next monthly invoice.

export const HARDWARE_ORDER_MAX_QUANTITY = 20;

/**
 * Why hardware is sent: the starter kit every location gets with its first approval (free,
 * `STARTER_KIT`, never billed) or an order from the shop (billed on the next invoice).
 */
export const HARDWARE_ORDER_KINDS = ["starter_kit", "shop"] as const;
export type HardwareOrderKind = (typeof HARDWARE_ORDER_KINDS)[number];

const quantity = z
  .number({ error: "hardware.quantity" })
  .int({ error: "hardware.quantity" })
  .min(0, { error: "hardware.quantity" })
  .max(HARDWARE_ORDER_MAX_QUANTITY, { error: "hardware.quantity" });

export const hardwareOrderSchema = z.object({
  /** The location it is sent to; without it the partner's first location. */
  location_id: z
    .number({ error: "hardware.location" })
    .int({ error: "hardware.location" })
    .positive({ error: "hardware.location" })
    .optional(),
  items: z
    .object({ chipCard: quantity.optional(), stand: quantity.optional(), sticker: quantity.optional() })
    .refine((items) => HARDWARE_ITEMS.some((item) => (items[item] ?? 0) > 0), {
      error: "hardware.empty",
    }),
});
export type HardwareOrderInput = z.infer<typeof hardwareOrderSchema>;

/** Net, VAT and gross of an order, as the next invoice will bill it. */
export function hardwareOrderTotals(items: Partial<Record<HardwareItem, number>>): InvoiceTotals {
  return totalsOf(
    HARDWARE_ITEMS.filter((item) => (items[item] ?? 0) > 0).map((item) => {
      const count = items[item] ?? 0;
      const unitCents = HARDWARE_PRICES_CENTS[item];
      return { kind: `hardware_${item}` as const, quantity: count, unitCents, totalCents: count * unitCents };
    }),
  );
}

/** The day by which an order placed on `day` (YYYY-MM-DD) arrives at the latest. */
export function hardwareDeliveryBy(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + HARDWARE_DELIVERY_WEEKS * 7);
  return date.toISOString().slice(0, 10);
}
