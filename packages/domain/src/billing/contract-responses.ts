import { z } from "zod";
import { TERMINATION_KINDS } from "../constants.ts";
import { HARDWARE_ORDER_KINDS } from "./hardware-order.ts";
import { HARDWARE_ITEMS } from "./invoice.ts";

// The contract and the hardware shop's answers (spec section 9). Days are YYYY-MM-DD in
// Europe/Berlin, money in net integer cents.

const day = z.string().describe("YYYY-MM-DD, Europe/Berlin");

export const hardwareItemSchema = z.enum(HARDWARE_ITEMS);

/** GET /subscription/contract: dates are null before the account went live. */
export const contractViewSchema = z.object({
  start: day.nullable(),
  minimum_term_end: day.nullable(),
  notice_months: z.number(),
  earliest_end_if_notice_today: day.nullable(),
  notice_deadline_for_that_end: day.nullable(),
  early_termination_fee_cents_if_today: z.number(),
  termination: z
    .object({
      notice_on: day,
      ends_on: day,
      fee_cents: z.number(),
      /** extraordinary: a franchisee's end after its master switched collective invoicing off. */
      kind: z.enum(TERMINATION_KINDS),
    })
    .nullable(),
});
export type ContractView = z.infer<typeof contractViewSchema>;

/**
 * Where a parcel goes: the location's name and address as they were when it was ordered (an
 * order placed before locations were chosen went to the billing address: name null).
 */
export const hardwareShipToSchema = z.object({
  name: z.string().nullable(),
  street: z.string(),
  building: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
});
export type HardwareShipTo = z.infer<typeof hardwareShipToSchema>;

/** A hardware order of the partner: one line per item; the lines of one parcel share time and location. */
export const hardwareOrderViewSchema = z.object({
  id: z.number(),
  kind: z.enum(HARDWARE_ORDER_KINDS).describe("starter_kit: free with the approval; shop: billed"),
  location_id: z.number().nullable(),
  ship_to: hardwareShipToSchema.nullable(),
  item: hardwareItemSchema,
  quantity: z.number(),
  unit_cents: z.number(),
  total_cents: z.number(),
  ordered_at: z.string(),
  shipped_at: z.string().nullable(),
  billed: z.number().nullable().describe("The invoice id once billed"),
});
export type HardwareOrderView = z.infer<typeof hardwareOrderViewSchema>;

/** GET /dashboard/hardware-orders/locations: the partner's locations the shop can send to, first first. */
export const hardwareDestinationSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
});
export type HardwareDestination = z.infer<typeof hardwareDestinationSchema>;

/** POST /dashboard/hardware-orders (201): the order's lines, billed on the next monthly invoice. */
export const hardwareOrderPlacedSchema = z.object({
  location_id: z.number(),
  ship_to: hardwareShipToSchema,
  lines: z.array(
    z.object({
      id: z.number(),
      item: hardwareItemSchema,
      quantity: z.number(),
      unit_cents: z.number(),
      total_cents: z.number(),
    }),
  ),
  net_cents: z.number(),
  vat_rate_percent: z.number(),
  vat_cents: z.number(),
  gross_cents: z.number(),
  billing: z.literal("next_invoice"),
  ordered_at: z.string(),
  delivery_weeks: z.number(),
  expected_delivery_by: day,
});
export type HardwareOrderPlaced = z.infer<typeof hardwareOrderPlacedSchema>;

/**
 * GET /api/admin/hardware-orders: one line per ordered item, with the partner and where it is
 * shipped (the location's address as ordered; older orders: the partner's billing address).
 */
export const adminHardwareOrderSchema = hardwareOrderViewSchema
  .omit({ unit_cents: true, total_cents: true })
  .extend({
    company_id: z.number(),
    company_name: z.string(),
  });
export type AdminHardwareOrder = z.infer<typeof adminHardwareOrderSchema>;

/** GET /api/admin/hardware-orders: open=true lists only the orders not shipped yet. */
export const hardwareOrdersQuerySchema = z.object({ open: z.enum(["true", "false"]).default("false") });

/** POST /api/admin/hardware-orders/:id/shipped. */
export const hardwareShippedSchema = z.object({ id: z.number(), shipped_at: z.string() });
