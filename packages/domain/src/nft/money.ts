import { VAT_RATE_PERCENT } from "../constants.ts";
import { NFT, type NftType, type NftVatRate } from "./constants.ts";

// Money of the voucher market in integer cents (docs/decisions/010-coupons-and-vouchers.md,
// section 5): a voucher's price is gross, VAT included (spec section 5), so VAT is taken out of
// it, never added.

function wholeCents(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name}: ${value}`);
  return value;
}

/** a × b / c rounded half up, for non-negative integers (exact while a × b stays a safe integer). */
function mulDivHalfUp(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

export interface GrossSplit {
  grossCents: number;
  netCents: number;
  vatCents: number;
  vatRatePercent: number;
}

/**
 * Splits a gross amount: VAT = gross × rate / (100 + rate), rounded half up to a whole cent, and
 * net = gross − VAT, so net and VAT always add up to what the customer paid. A tie (exactly half
 * a cent) cannot occur for 19 % and 7 %: 2 × gross × rate is even and 100 + rate odd. 11.90 EUR
 * at 19 % is 10.00 + 1.90; 10.00 EUR at 19 % is 8.40 + 1.60 (1.5966 rounds up).
 */
export function splitGross(grossCents: number, ratePercent: number): GrossSplit {
  const gross = wholeCents(grossCents, "grossCents");
  const rate = wholeCents(ratePercent, "ratePercent");
  const vat = rate === 0 ? 0 : mulDivHalfUp(gross, rate, 100 + rate);
  return { grossCents: gross, netCents: gross - vat, vatCents: vat, vatRatePercent: rate };
}

/**
 * A purchase of `quantity` vouchers at `unitGrossCents`: each voucher is its own supply, so its
 * VAT is split per voucher and the purchase adds them up. A withdrawal of one voucher then takes
 * back exactly its share, and the monthly statement's sums equal the receipts'.
 */
export function splitPurchase(unitGrossCents: number, quantity: number, ratePercent: number): GrossSplit {
  const unit = splitGross(unitGrossCents, ratePercent);
  const n = wholeCents(quantity, "quantity");
  return {
    grossCents: unit.grossCents * n,
    netCents: unit.netCents * n,
    vatCents: unit.vatCents * n,
    vatRatePercent: unit.vatRatePercent,
  };
}

/**
 * The platform fee for one paid voucher, VAT included: NFT_PLATFORM_FEE.basisPoints of the price,
 * rounded half up to a cent, plus the fixed part. 5.00 EUR: 0.25 + 0.25 = 0.50; 50.00 EUR: 2.75.
 * Coupons are free and carry no fee.
 */
export function platformFeeCents(priceGrossCents: number): number {
  const price = wholeCents(priceGrossCents, "priceGrossCents");
  if (price === 0) return 0;
  return mulDivHalfUp(price, NFT.platformFee.basisPoints, 10_000) + NFT.platformFee.fixedCents;
}

export interface PayoutSplit {
  /** What the customer paid. */
  priceCents: number;
  /** The platform fee, VAT included, withheld from the transfer. */
  feeCents: number;
  /** What is transferred to the partner. */
  payoutCents: number;
}

/** How one voucher's price divides between the partner and the platform. */
export function payoutSplit(priceGrossCents: number): PayoutSplit {
  const fee = platformFeeCents(priceGrossCents);
  return { priceCents: priceGrossCents, feeCents: fee, payoutCents: priceGrossCents - fee };
}

/**
 * The month's fees as the statement invoices them: the fees withheld (each VAT included) are
 * added up and the total is split at the standard rate, so the invoice's gross equals exactly
 * what was withheld.
 */
export function feeInvoiceTotals(feesCents: readonly number[]): GrossSplit {
  const total = feesCents.reduce((sum, fee) => sum + wholeCents(fee, "fee"), 0);
  return splitGross(total, VAT_RATE_PERCENT);
}

/**
 * Single- or multi-purpose voucher under § 3 Abs. 13–15 UStG. A single-purpose voucher is one
 * where the place of the supply and the VAT due are certain when it is sold: it is taxed at the
 * sale (and each transfer), its redemption is not. Any other voucher is multi-purpose: its sale is
 * not taxed, the supply at redemption is. The product decides:
 * - a coupon is free, no voucher in this sense (`none`): the discount reduces the price at the till;
 * - a cash voucher (a sum to spend on anything of the partner's, at 19 % or 7 %) is multi-purpose;
 * - a voucher with one VAT rate, redeemable only at locations in Germany, is single-purpose;
 *   with "several rates" (`vatRate` null, e.g. a dinner with drinks) or any location outside
 *   Germany, or no location, the VAT is not certain at the sale: multi-purpose.
 */
export const VOUCHER_PURPOSES = ["none", "single", "multi"] as const;
export type VoucherPurpose = (typeof VOUCHER_PURPOSES)[number];

export function voucherPurpose(input: {
  type: NftType;
  vatRate: NftVatRate | null;
  locationCountries: readonly string[];
}): VoucherPurpose {
  if (input.type === "coupon") return "none";
  if (input.type === "cash_voucher") return "multi";
  if (input.vatRate === null) return "multi";
  if (input.locationCountries.length === 0) return "multi";
  return input.locationCountries.every((country) => country === "DE") ? "single" : "multi";
}

/**
 * The VAT a sale shows on the receipt and the statement: the split for a single-purpose voucher;
 * none for a multi-purpose one (its VAT arises at redemption, from the partner's till) or a coupon.
 */
export function saleVat(
  purpose: VoucherPurpose,
  grossCents: number,
  vatRate: NftVatRate | null,
): GrossSplit | null {
  if (purpose !== "single" || vatRate === null) return null;
  return splitGross(grossCents, vatRate);
}
