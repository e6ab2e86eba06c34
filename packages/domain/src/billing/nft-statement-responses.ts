import { z } from "zod";

// GET /subscription/nft-statements/{YYYY-MM} (docs/decisions/010-coupons-and-vouchers.md,
// section 5): a partner's month of voucher business, money in integer cents, instants ISO 8601.

const cents = z.number().int();

export const nftStatementSchema = z.object({
  /** YYYY-MM, Europe/Berlin. */
  month: z.string(),
  sales: z.array(
    z.object({
      offer_id: z.number().int(),
      name: z.string(),
      type: z.enum(["coupon", "voucher", "cash_voucher"]),
      purpose: z.enum(["none", "single", "multi"]),
      vat_rate: z.number().int().nullable(),
      receipts: z.number().int(),
      count: z.number().int(),
      gross_cents: cents,
      net_cents: cents,
      vat_cents: cents,
    }),
  ),
  single_purpose: z.array(
    z.object({
      vat_rate: z.number().int(),
      count: z.number().int(),
      gross_cents: cents,
      net_cents: cents,
      vat_cents: cents,
    }),
  ),
  multi_purpose: z.object({ count: z.number().int(), gross_cents: cents }),
  multi_purpose_redemptions: z.array(
    z.object({ offer_id: z.number().int(), name: z.string(), count: z.number().int(), value_cents: cents }),
  ),
  refunds: z.array(
    z.object({
      at: z.string(),
      nft_id: z.string().nullable(),
      name: z.string(),
      reason: z.enum(["withdrawal", "late_payment"]),
      amount_cents: cents,
      /** The VAT share it takes back (single-purpose sales); null otherwise. */
      vat_rate: z.number().int().nullable(),
      vat_cents: cents.nullable(),
    }),
  ),
  transfers: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      items: z.number().int(),
      amount_cents: cents,
      fee_cents: cents,
    }),
  ),
  fees: z.object({
    lines: z.array(
      z.object({ price_cents: cents, count: z.number().int(), fee_cents: cents, total_cents: cents }),
    ),
    net_cents: cents,
    vat_rate: z.number().int(),
    vat_cents: cents,
    gross_cents: cents,
  }),
  /** At the month's end: sold vouchers whose money is not with the partner yet (price − fee). */
  still_to_transfer: z.object({ items: z.number().int(), amount_cents: cents, fee_cents: cents }),
  /** The issued statement of the month; null while the month runs (or had nothing). */
  statement: z
    .object({ id: z.number().int(), number: z.string(), issue_date: z.string(), pdf_url: z.string() })
    .nullable(),
});

export type NftStatement = z.infer<typeof nftStatementSchema>;
