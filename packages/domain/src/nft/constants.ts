import { CONTENT_LIMITS, VAT_RATE_PERCENT } from "../constants.ts";

// Every number of the coupon and voucher market (docs/decisions/010-coupons-and-vouchers.md,
// section 2). Texts, schemas, the API and the web read them from here; where the spec's content
// limits already exist (CONTENT_LIMITS in constants.ts) they are taken over, not typed again.

/**
 * What a partner can put on the market. The spec and the API paths call all three "NFT"; the
 * pages say coupon (free), voucher (paid, for a product or service) and cash voucher (paid, a sum
 * of money to spend at the partner).
 */
export const NFT_TYPES = ["coupon", "voucher", "cash_voucher"] as const;
export type NftType = (typeof NFT_TYPES)[number];
/** The paid types, created with POST /dashboard/nft/create/absolute-coupon. */
export const PAID_NFT_TYPES = ["voucher", "cash_voucher"] as const satisfies readonly NftType[];
export type PaidNftType = (typeof PAID_NFT_TYPES)[number];

/** German VAT rates a voucher may carry: standard, reduced, none (small business § 19 UStG or exempt). */
export const NFT_VAT_RATES = [VAT_RATE_PERCENT, 7, 0] as const;
export type NftVatRate = (typeof NFT_VAT_RATES)[number];

/**
 * The platform fee, VAT included, per paid voucher: `basisPoints` of the price (500 = 5 %) plus
 * `fixedCents`. It covers the payment provider's costs, so the partner pays nothing else; it is
 * withheld from the transfer and invoiced on the month's statement (010, section 5).
 */
export const NFT_PLATFORM_FEE = { basisPoints: 500, fixedCents: 25 } as const;

/**
 * Limits of the market (spec sections 5 and 9 and 010, section 2):
 * - `minimumCoupons`: a coupon campaign lists at least this many (spec: at least 100).
 * - `cashVoucherMinCents` / `cashVoucherMaxCents`: a cash voucher's value, 5.00 to 500.00 EUR.
 * - `voucherPriceMinCents` / `voucherPriceMaxCents`: a voucher's price (gross); the minimum keeps
 *   the fixed part of the fee well below the price.
 * - `voucherValidityYears`: a voucher is valid at least until the end of the third year after the
 *   year of purchase (§§ 195, 199 BGB).
 * - `voucherMinValidityDays`: the fewest "days after entering the wallet" that reach that end for
 *   a purchase at any instant: bought on 1 January of year Y it must last until 31 December of
 *   Y + 3, 1,460 days later when one of the four years has a 29 February (validity.ts, tested
 *   for every day of 2024 to 2060).
 * - `withdrawalDays`: the customer's right of withdrawal from a paid voucher (§§ 355, 356 BGB).
 * - `maxQuantity`: the most items of one campaign; `maxPerPurchase`: of one purchase.
 * - `maxValidityDays`: the longest "days after entering the wallet".
 * - `pageSize`: the lists' page size (spec section 9: 15).
 * - `photoBytes`: the photo's upload limit (spec: 20 MB); `photoWidths`: its WebP renditions.
 * - text lengths of the offer's fields.
 * - `reservationMinutes`: how long a purchase waiting for its payment holds its items.
 * - `maxLocations`: redeemable locations one offer may name (a network of 1,000: decision 008).
 * - `smallReceiptMaxCents`: receipts up to this gross are small-amount invoices (§ 33 UStDV);
 *   a voucher priced above it needs the partner's VAT id on its receipt (010, section 5).
 * - `refundAttempts`: how often a refund the provider answered "failed" is asked for again by the
 *   nft-lifecycle job, each time under its own key, before the team has to pay it back by hand.
 */
export const NFT = {
  minimumCoupons: CONTENT_LIMITS.minimumCoupons,
  cashVoucherMinCents: CONTENT_LIMITS.cashVoucherMinCents,
  cashVoucherMaxCents: CONTENT_LIMITS.cashVoucherMaxCents,
  voucherPriceMinCents: 100,
  voucherPriceMaxCents: 100_000,
  voucherValidityYears: CONTENT_LIMITS.voucherMinimumValidityYears,
  voucherMinValidityDays: 1460,
  withdrawalDays: 14,
  maxQuantity: 1_000_000,
  maxPerPurchase: 100,
  defaultMinOrderQuantity: 1,
  maxValidityDays: 3650,
  pageSize: 15,
  photoBytes: CONTENT_LIMITS.nftImageBytes,
  photoWidths: [480, 960],
  nameMaxChars: 60,
  descriptionMaxChars: 1000,
  legalNotesMaxChars: 2000,
  urlMaxChars: 2000,
  reservationMinutes: 15,
  maxLocations: 1000,
  refundAttempts: 5,
  smallReceiptMaxCents: 25_000,
  vatRates: NFT_VAT_RATES,
  platformFee: NFT_PLATFORM_FEE,
} as const;

/** Photo formats the create forms accept (spec section 5: JPG, JPEG, PNG), checked by content. */
export const NFT_PHOTO_FORMATS = ["jpeg", "png"] as const;
