import { z } from "zod";
import { addDays } from "../stats/statistics.ts";
import { daySchema, multiLineString, oneLineString } from "../validation/fields.ts";
import type { MessageKey } from "../validation/messages.ts";
import { NFT, type NftType, type NftVatRate, PAID_NFT_TYPES } from "./constants.ts";
import { NFT_VALIDITY_TYPES, type NftValidityType } from "./validity.ts";

// The create and update calls of coupons and vouchers (docs/decisions/010-coupons-and-vouchers.md,
// section 6): POST /dashboard/nft/create/coupon and PUT /dashboard/nft/update/coupon/{id},
// POST /dashboard/nft/create/absolute-coupon and PUT /dashboard/nft/update/absolute-coupon/{id}.
// Both are multipart (the photo is a file part), so every field may arrive as a string; the web
// form sends the same names as JSON values. Every message is an `nft.*` key on its field.

const msg = (key: MessageKey) => ({ error: key });

/** A multipart text part: "" and a missing part both mean "not given". */
const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** A whole number, also as the text of a multipart part ("150"); anything else fails with `key`. */
const formInt = (
  min: number,
  max: number,
  key: MessageKey,
  { minKey = key, requiredKey = key }: { minKey?: MessageKey; requiredKey?: MessageKey } = {},
) =>
  z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      return typeof v === "string" && /^\s*-?\d{1,16}\s*$/.test(v) ? Number(v) : v;
    },
    z
      .number({ error: (iss) => (iss.input === undefined ? requiredKey : key) })
      .int(msg(key))
      .min(min, msg(minKey))
      .max(max, msg(key)),
  );

/** A yes/no part: true, "true", "1", "on" are yes; false, "false", "0", "" and missing are no. */
const formBoolean = (key: MessageKey) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === "") return false;
      if (typeof value === "string") {
        const v = value.trim().toLowerCase();
        if (v === "true" || v === "1" || v === "on") return true;
        if (v === "false" || v === "0") return false;
      }
      return value;
    },
    z.boolean(msg(key)),
  );

/** An optional calendar day, YYYY-MM-DD (Berlin). */
const optionalDay = z.preprocess(blankToUndefined, daySchema.optional()).transform((day) => day ?? null);

/**
 * Redeemable locations: ids of the partner's own locations, and for a master its franchisees'
 * (decision 008's `mayView(…, "locations")`; the service checks ownership and answers 404 on a
 * foreign id). As repeated parts, one "12,15" part or a JSON array; each id once, ascending.
 */
const locationIds = z.preprocess(
  (value) => {
    const v = blankToUndefined(value);
    const list = typeof v === "string" ? v.split(",") : Array.isArray(v) ? v : v;
    return Array.isArray(list)
      ? list.map((id) => (typeof id === "string" && /^\s*\d{1,16}\s*$/.test(id) ? Number(id) : id))
      : list;
  },
  z
    .array(
      z.number(msg("nft.locations")).int(msg("nft.locations")).min(1, msg("nft.locations")),
      msg("nft.locations"),
    )
    .min(1, msg("nft.locations"))
    .max(NFT.maxLocations, msg("nft.locations.max"))
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
);

/** An optional http(s) address: the offer's external link. */
const externalLink = z
  .preprocess(
    blankToUndefined,
    oneLineString("nft.externalLink")
      .max(NFT.urlMaxChars, msg("nft.externalLink"))
      .pipe(z.url({ protocol: /^https?$/, error: "nft.externalLink" }))
      .optional(),
  )
  .transform((url) => url ?? null);

/** The fields every coupon and voucher has (spec section 3). */
const commonFields = {
  /** The market's industry: one of GET /dashboard/nft/industries (the categories' ids). */
  industry_id: formInt(1, Number.MAX_SAFE_INTEGER, "nft.industry"),
  name: oneLineString("nft.name").min(1, msg("nft.name")).max(NFT.nameMaxChars, msg("nft.name")),
  description: multiLineString("nft.description")
    .min(1, msg("nft.description"))
    .max(NFT.descriptionMaxChars, msg("nft.description")),
  legal_notes: z
    .preprocess(
      blankToUndefined,
      multiLineString("nft.legalNotes").max(NFT.legalNotesMaxChars, msg("nft.legalNotes")).optional(),
    )
    .transform((text) => text ?? null),
  external_link: externalLink,
  validity_days: z.preprocess(
    blankToUndefined,
    formInt(1, NFT.maxValidityDays, "nft.validity.days").optional(),
  ),
  start_date: optionalDay,
  end_date: optionalDay,
  location_ids: locationIds,
};

/** What the service stores for every type (coupons: no price, VAT or minimum order). */
export interface NftOfferInput {
  type: NftType;
  industry_id: number;
  name: string;
  description: string;
  legal_notes: string | null;
  external_link: string | null;
  validity_type: NftValidityType;
  validity_days: number | null;
  /** Null: unlimited (vouchers only). */
  quantity: number | null;
  start_date: string | null;
  end_date: string | null;
  location_ids: number[];
  /** Gross, VAT included; 0 for a coupon. For a cash voucher, its value. */
  price_cents: number;
  /** A voucher's regular price, shown struck through; null when not given. */
  original_price_cents: number | null;
  /** Null: several rates, settled at redemption (multi-purpose), and always for cash vouchers. */
  vat_rate: NftVatRate | null;
  min_order_quantity: number;
}

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: string, message: MessageKey) =>
  ctx.addIssue({ code: "custom", path: [path], message });

/** The cross-field rules of dates and validity that every type shares. */
function checkDatesAndValidity(
  v: {
    validity_type: NftValidityType;
    validity_days?: number;
    start_date: string | null;
    end_date: string | null;
  },
  ctx: Ctx,
) {
  if (v.start_date && v.end_date && v.end_date < v.start_date)
    issue(ctx, "end_date", "nft.endDate.beforeStart");
  if (v.validity_type === "days" && v.validity_days === undefined)
    issue(ctx, "validity_days", "nft.validity.days");
  if (v.validity_type === "campaign_end" && !v.end_date)
    issue(ctx, "end_date", "nft.validity.endDateRequired");
}

/** POST /dashboard/nft/create/coupon and PUT /dashboard/nft/update/coupon/{id}. */
export const couponCreateSchema = z
  .object({
    type: z.literal("coupon", msg("nft.type")).default("coupon"),
    ...commonFields,
    validity_type: z.enum(["days", "campaign_end"], msg("nft.validity.type")),
    /** Spec section 5: at least 100 coupons; the message stands at this field. */
    quantity: formInt(NFT.minimumCoupons, NFT.maxQuantity, "nft.quantity", {
      minKey: "nft.quantity.couponMinimum",
      requiredKey: "nft.quantity.required",
    }),
  })
  .superRefine(checkDatesAndValidity)
  .transform(
    (v): NftOfferInput => ({
      type: "coupon",
      industry_id: v.industry_id,
      name: v.name,
      description: v.description,
      legal_notes: v.legal_notes,
      external_link: v.external_link,
      validity_type: v.validity_type,
      validity_days: v.validity_type === "days" ? (v.validity_days ?? null) : null,
      quantity: v.quantity,
      start_date: v.start_date,
      end_date: v.end_date,
      location_ids: v.location_ids,
      price_cents: 0,
      original_price_cents: null,
      vat_rate: null,
      min_order_quantity: 1,
    }),
  );
export type CouponCreateInput = z.input<typeof couponCreateSchema>;

/** "19", "7", "0" or "mixed" (several rates: the VAT is settled at redemption). */
export const VOUCHER_VAT_CHOICES = ["19", "7", "0", "mixed"] as const;

const vatRate = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : value),
  z.enum(VOUCHER_VAT_CHOICES, msg("nft.vatRate")),
);

/** The fields of both paid types; prices and VAT depend on the type. */
const paidFields = {
  ...commonFields,
  validity_type: z.enum(NFT_VALIDITY_TYPES, msg("nft.validity.type")).default("statutory"),
  unlimited: formBoolean("nft.unlimited"),
  quantity: z.preprocess(blankToUndefined, formInt(1, NFT.maxQuantity, "nft.quantity").optional()),
  min_order_quantity: z.preprocess(
    blankToUndefined,
    formInt(1, NFT.maxPerPurchase, "nft.minOrder").default(NFT.defaultMinOrderQuantity),
  ),
};

const voucherObject = z.object({
  type: z.literal("voucher"),
  ...paidFields,
  price_cents: formInt(NFT.voucherPriceMinCents, NFT.voucherPriceMaxCents, "nft.price"),
  original_price_cents: z.preprocess(
    blankToUndefined,
    formInt(NFT.voucherPriceMinCents, NFT.voucherPriceMaxCents, "nft.originalPrice").optional(),
  ),
  vat_rate: vatRate,
});

/** A cash voucher is a sum of money: its price is its value, 5.00 to 500.00 EUR (spec section 5). */
const cashVoucherObject = z.object({
  type: z.literal("cash_voucher"),
  ...paidFields,
  price_cents: formInt(NFT.cashVoucherMinCents, NFT.cashVoucherMaxCents, "nft.cashVoucher.value"),
});

type PaidParsed =
  | (z.output<typeof voucherObject> & { type: "voucher" })
  | (z.output<typeof cashVoucherObject> & {
      type: "cash_voucher";
      original_price_cents?: never;
      vat_rate?: never;
    });

/** POST /dashboard/nft/create/absolute-coupon and PUT /dashboard/nft/update/absolute-coupon/{id}. */
export const voucherCreateSchema = z
  .discriminatedUnion("type", [voucherObject, cashVoucherObject], msg("nft.type"))
  .superRefine((raw, ctx) => {
    const v = raw as PaidParsed;
    checkDatesAndValidity(v, ctx);
    // A voucher holds at least until the end of the third year after the year of purchase
    // (§§ 195, 199 BGB): never only until the campaign's end, never fewer days than that needs.
    if (v.validity_type === "campaign_end") issue(ctx, "validity_type", "nft.validity.voucherMinimum");
    if (
      v.validity_type === "days" &&
      v.validity_days !== undefined &&
      v.validity_days < NFT.voucherMinValidityDays
    )
      issue(ctx, "validity_days", "nft.validity.voucherMinimum");
    if (!v.unlimited && v.quantity === undefined) issue(ctx, "quantity", "nft.quantity.required");
    if (!v.unlimited && v.quantity !== undefined && v.min_order_quantity > v.quantity)
      issue(ctx, "min_order_quantity", "nft.minOrder.aboveQuantity");
    if (
      v.type === "voucher" &&
      v.original_price_cents !== undefined &&
      v.original_price_cents < v.price_cents
    )
      issue(ctx, "original_price_cents", "nft.originalPrice");
  })
  .transform((raw): NftOfferInput => {
    const v = raw as PaidParsed;
    const voucher = v.type === "voucher";
    return {
      type: v.type,
      industry_id: v.industry_id,
      name: v.name,
      description: v.description,
      legal_notes: v.legal_notes,
      external_link: v.external_link,
      validity_type: v.validity_type,
      validity_days: v.validity_type === "days" ? (v.validity_days ?? null) : null,
      quantity: v.unlimited ? null : (v.quantity ?? null),
      start_date: v.start_date,
      end_date: v.end_date,
      location_ids: v.location_ids,
      price_cents: v.price_cents,
      original_price_cents: voucher && v.original_price_cents !== undefined ? v.original_price_cents : null,
      vat_rate: voucher && v.vat_rate !== "mixed" ? (Number(v.vat_rate) as NftVatRate) : null,
      min_order_quantity: v.min_order_quantity,
    };
  });
export type VoucherCreateInput = z.input<typeof voucherCreateSchema>;

/** The paid types a voucher form offers. */
export const VOUCHER_FORM_TYPES = PAID_NFT_TYPES;

/**
 * Date rules that need today's Berlin day (the service and the form pass it; a schema constant
 * cannot know it): a start day not in the past, an end day not in the past. Issues as
 * [field, message key], like the schemas' own.
 */
export function offerDateIssues(
  offer: Pick<NftOfferInput, "start_date" | "end_date">,
  today: string,
): [keyof NftOfferInput, MessageKey][] {
  const issues: [keyof NftOfferInput, MessageKey][] = [];
  if (offer.start_date !== null && offer.start_date < today)
    issues.push(["start_date", "nft.startDate.past"]);
  if (offer.end_date !== null && offer.end_date < today) issues.push(["end_date", "nft.endDate.past"]);
  return issues;
}

/** Whether an approved offer waits for its start day (else it goes on the market at once). */
export function startsLater(offer: Pick<NftOfferInput, "start_date">, today: string): boolean {
  return offer.start_date !== null && offer.start_date > today;
}

/** Whether an offer is past its end day and must leave the market (the lifecycle job). */
export function hasEnded(offer: Pick<NftOfferInput, "end_date">, today: string): boolean {
  return offer.end_date !== null && addDays(offer.end_date, 1) <= today;
}
