import { z } from "zod";
import { ACCOUNT_STATUSES } from "../account/auth.ts";
import { dataOf, pageOf, pageQueryOf } from "../api/envelope.ts";
import { multiLineString, wholeNumber } from "../validation/fields.ts";
import { NFT } from "./constants.ts";
import { NFT_OFFER_STATES } from "./lifecycle.ts";
import { nftOfferSchema, nftOfferSummarySchema } from "./responses.ts";

// The provider team's console for coupons and vouchers (/api/admin/nft/...,
// docs/decisions/010-coupons-and-vouchers.md, sections 3 and 7): the review queue, all offers,
// one offer with what the app will show, and the team's actions.

/** The company an offer belongs to, as the console lists it. */
export const nftConsoleCompanySchema = z.object({ id: z.number(), name: z.string() });

/**
 * One offer in the queue or the console's list. `overdue`: in review longer than the team's
 * promise (REVIEW.changeReviewDays) since it was submitted or last edited.
 */
export const nftConsoleOfferRowSchema = nftOfferSummarySchema.extend({
  company: nftConsoleCompanySchema,
  version: z.number(),
  submitted_at: z.string(),
  overdue: z.boolean(),
});
export type NftConsoleOfferRow = z.infer<typeof nftConsoleOfferRowSchema>;
export const nftConsoleOfferPageSchema = pageOf(nftConsoleOfferRowSchema);

/** GET /nft/reviews: the queue, the longest waiting first. */
export const nftReviewQueueQuerySchema = pageQueryOf(NFT.pageSize);
/** GET /nft/offers?state=&company=: every offer, newest first, narrowed by state or company. */
export const nftConsoleOffersQuerySchema = pageQueryOf(NFT.pageSize).extend({
  state: z.enum(NFT_OFFER_STATES).optional(),
  company: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
});

/** One recorded transition (the offer's history in the console). */
export const nftOfferEventSchema = z.object({
  id: z.number(),
  from_state: z.enum(NFT_OFFER_STATES).nullable(),
  to_state: z.enum(NFT_OFFER_STATES),
  /** The off-market reason, or created / edit / approved / rejected / started. */
  reason: z.string().nullable(),
  /** The team's or partner's words (a rejection or revocation reason). */
  note: z.string().nullable(),
  actor: z.enum(["partner", "team", "system", "customer"]),
  actor_email: z.string().nullable(),
  created_at: z.string(),
});
export type NftOfferEventView = z.infer<typeof nftOfferEventSchema>;

/** A redeemable location with what the preview and the review show of it. */
export const nftConsoleLocationSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  country: z.string(),
  company_id: z.number(),
  company_name: z.string(),
});

/** GET /nft/offers/{id}: the offer, its company, what the app's card shows, and its history. */
export const nftConsoleOfferDetailSchema = z.object({
  offer: nftOfferSchema.extend({ overdue: z.boolean() }),
  company: nftConsoleCompanySchema.extend({
    /** The name the app shows (the card's public name), else the company name. */
    public_name: z.string(),
    status: z.enum(ACCOUNT_STATUSES),
    vat_id: z.string().nullable(),
    email: z.string().nullable(),
    /** The logo as the app shows it beside the offer (relative URL), when there is one. */
    logo_url: z.string().nullable(),
  }),
  industry: z.object({ id: z.number(), name: z.string() }),
  locations: z.array(nftConsoleLocationSchema),
  events: z.array(nftOfferEventSchema),
});
export type NftConsoleOfferDetail = z.infer<typeof nftConsoleOfferDetailSchema>;
export const nftConsoleOfferDetailResponseSchema = dataOf(nftConsoleOfferDetailSchema);

/** POST /nft/offers/{id}/approve: the version the team reviewed (an edit since answers 409). */
export const nftApproveSchema = z.object({ version: wholeNumber(1, Number.MAX_SAFE_INTEGER) });

/** POST /nft/offers/{id}/reject: what the partner is to change (mailed to the partner). */
export const nftRejectSchema = z.object({
  reason: multiLineString("nft.rejectReason.required")
    .min(5, { error: "nft.rejectReason.required" })
    .max(1000, { error: "text.max" }),
});

/** POST /nft/offers/{id}/revoke: why the team takes the offer off the market (mailed). */
export const nftRevokeSchema = z.object({
  reason: multiLineString("nft.revokeReason.required")
    .min(5, { error: "nft.revokeReason.required" })
    .max(1000, { error: "text.max" }),
});
