import type { MessageKey } from "../validation/messages.ts";
import { NFT, type NftType } from "./constants.ts";

// How many items an offer has left and how many one purchase may take
// (docs/decisions/010-coupons-and-vouchers.md, section 4). The database enforces the same rule
// with a conditional update and a check constraint; these functions answer the pages and the
// API's messages before and after it.

export interface OfferQuantity {
  type: NftType;
  /** Null: unlimited (vouchers only). */
  quantity: number | null;
  /** Items sold or given out (paid or claimed; a withdrawn voucher is no longer counted). */
  sold_count: number;
  /** Items held by purchases still waiting for their payment. */
  reserved_count: number;
  min_order_quantity: number;
}

/** Items still available, or null for an unlimited offer. */
export function remaining(offer: OfferQuantity): number | null {
  if (offer.quantity === null) return null;
  return Math.max(0, offer.quantity - offer.sold_count - offer.reserved_count);
}

/**
 * Whether the offer is finished: fewer left than the smallest order (a limited voucher with a
 * minimum order of 2 and one left can never be bought again). Counts only what is sold for
 * good: reserved items may come back when their payment fails, so they never end an offer.
 */
export function isExhausted(offer: OfferQuantity): boolean {
  if (offer.quantity === null) return false;
  return offer.quantity - offer.sold_count < minOrder(offer);
}

/** The smallest order: coupons are taken one at a time. */
export function minOrder(offer: Pick<OfferQuantity, "type" | "min_order_quantity">): number {
  return offer.type === "coupon" ? 1 : offer.min_order_quantity;
}

/** The largest order now: one coupon, up to NFT.maxPerPurchase vouchers, never more than remain. */
export function maxOrder(offer: OfferQuantity): number {
  const cap = offer.type === "coupon" ? 1 : NFT.maxPerPurchase;
  const left = remaining(offer);
  return left === null ? cap : Math.min(cap, left);
}

/**
 * Why `count` items cannot be ordered now, as the message key of the quantity field, or null
 * when they can. The purchase's conditional update decides for good under concurrency; this
 * gives the customer the right message.
 */
export function orderQuantityIssue(offer: OfferQuantity, count: number): MessageKey | null {
  if (!Number.isSafeInteger(count) || count < 1) return "nft.order.quantity";
  if (offer.type === "coupon" && count !== 1) return "nft.order.oneCoupon";
  if (count < minOrder(offer)) return "nft.order.belowMinimum";
  if (count > NFT.maxPerPurchase) return "nft.order.aboveMaximum";
  const left = remaining(offer);
  if (left !== null && count > left) return "nft.order.notEnoughLeft";
  return null;
}

/** What an offer's page says about its count: "unlimited", or the numbers left and sold. */
export function quantitySummary(offer: OfferQuantity): {
  unlimited: boolean;
  remaining: number | null;
  sold: number;
  reserved: number;
} {
  return {
    unlimited: offer.quantity === null,
    remaining: remaining(offer),
    sold: offer.sold_count,
    reserved: offer.reserved_count,
  };
}
