import { z } from "zod";
import { dataOf, pageOf } from "../api/envelope.ts";
import { wholeNumber } from "../validation/fields.ts";
import { NFT, NFT_TYPES } from "./constants.ts";
import { NFT_MONITOR_KINDS, NFT_OFF_MARKET_REASONS, NFT_OFFER_STATES } from "./lifecycle.ts";
import { VOUCHER_PURPOSES } from "./money.ts";
import { NFT_VALIDITY_TYPES } from "./validity.ts";

// What the partner's calls of coupons and vouchers answer (docs/decisions/010-coupons-and-vouchers.md,
// section 7). The API declares its routes with these, the web reads its answers with them.

/** GET /dashboard/nft/industries: the categories, named in the request's language. */
export const nftIndustrySchema = z.object({ id: z.number(), key: z.string(), name: z.string() });
export type NftIndustry = z.infer<typeof nftIndustrySchema>;
export const nftIndustriesResponseSchema = dataOf(z.array(nftIndustrySchema));

/** The offer's photo: its WebP renditions (`NFT.photoWidths`, smallest first) for a srcset. */
export const nftPhotoViewSchema = z.object({
  hash: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  urls: z.array(z.object({ width: z.number(), url: z.string() })),
});
export type NftPhotoView = z.infer<typeof nftPhotoViewSchema>;

/**
 * One offer in the lists (pending, onmarket, offmarket). `quantity` null: unlimited, and then
 * `remaining` is null too. Dates are Berlin days (YYYY-MM-DD), instants ISO strings.
 */
export const nftOfferSummarySchema = z.object({
  id: z.number(),
  type: z.enum(NFT_TYPES),
  name: z.string(),
  photo: nftPhotoViewSchema,
  state: z.enum(NFT_OFFER_STATES),
  off_market_reason: z.enum(NFT_OFF_MARKET_REASONS).nullable(),
  /** The team's reason when it asked for changes (state `rejected`), else null. */
  rejection_reason: z.string().nullable(),
  /** Gross; 0 for a coupon, a cash voucher's value. */
  price_cents: z.number(),
  quantity: z.number().nullable(),
  sold_count: z.number(),
  remaining: z.number().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** Set at approval (single or multi purpose, none for coupons); null before. */
  purpose: z.enum(VOUCHER_PURPOSES).nullable(),
  created_at: z.string(),
  on_market_at: z.string().nullable(),
  off_market_at: z.string().nullable(),
});
export type NftOfferSummary = z.infer<typeof nftOfferSummarySchema>;

/** A redeemable location of an offer; a master's list names the franchisee it belongs to. */
export const nftOfferLocationSchema = z.object({
  id: z.number(),
  name: z.string(),
  company_id: z.number(),
  company_name: z.string(),
});
export type NftOfferLocation = z.infer<typeof nftOfferLocationSchema>;

/** GET /dashboard/nft/offer/{id} and the answers of create and update: everything the form edits. */
export const nftOfferSchema = nftOfferSummarySchema.extend({
  industry_id: z.number(),
  description: z.string(),
  legal_notes: z.string().nullable(),
  external_link: z.string().nullable(),
  validity_type: z.enum(NFT_VALIDITY_TYPES),
  validity_days: z.number().nullable(),
  reserved_count: z.number(),
  min_order_quantity: z.number(),
  original_price_cents: z.number().nullable(),
  /** 19, 7 or 0; null: several rates (vouchers) and always for coupons and cash vouchers. */
  vat_rate: z.number().nullable(),
  location_ids: z.array(z.number()),
  locations: z.array(nftOfferLocationSchema),
  /** Increments with every edit; the team's approval names the version it reviewed. */
  version: z.number(),
  /** Whether PUT update is allowed (in review, rejected or scheduled). */
  editable: z.boolean(),
  submitted_at: z.string(),
  updated_at: z.string(),
});
export type NftOffer = z.infer<typeof nftOfferSchema>;
export const nftOfferResponseSchema = dataOf(nftOfferSchema);

/** GET /dashboard/nft/{pending|onmarket|offmarket}. */
export const nftOfferPageSchema = pageOf(nftOfferSummarySchema);

/** `?page=&limit=` (the spec's name) or `?per_page=`; 15 per page unless asked otherwise. */
export const nftListQuerySchema = z.object({
  page: wholeNumber(1, 100_000).default(1),
  limit: wholeNumber(1, 100).optional(),
  per_page: wholeNumber(1, 100).optional(),
});
export const nftListPerPage = (query: { limit?: number; per_page?: number }): number =>
  query.limit ?? query.per_page ?? NFT.pageSize;

/** One row of the monitor (spec: date and time, name, type, price, status, client, NFT id). */
export const nftMonitorRowSchema = z.object({
  at: z.string(),
  offer_id: z.number(),
  name: z.string(),
  type: z.enum(NFT_TYPES),
  price_cents: z.number(),
  /** The status column: issued, purchased, redeemed or refunded. */
  kind: z.enum(NFT_MONITOR_KINDS),
  /** The wallet address always; the name only when the customer shares contact with this partner. */
  client: z.object({ wallet_address: z.string(), name: z.string().nullable() }),
  nft_id: z.string().nullable(),
  /** Where it was redeemed (also a franchisee's location in a master's monitor). */
  location: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type NftMonitorRow = z.infer<typeof nftMonitorRowSchema>;
export const nftMonitorPageSchema = pageOf(nftMonitorRowSchema);

/** 409 `payment_account_inactive`: the error body adds where the partner activates the account. */
export const paymentAccountInactiveSchema = z.object({
  code: z.literal("payment_account_inactive"),
  message: z.string(),
  redirect_to: z.string().nullable(),
});
