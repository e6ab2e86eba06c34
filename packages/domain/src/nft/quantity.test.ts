import { describe, expect, it } from "vitest";
import { NFT } from "./constants.ts";
import {
  isExhausted,
  maxOrder,
  minOrder,
  type OfferQuantity,
  orderQuantityIssue,
  quantitySummary,
  remaining,
} from "./quantity.ts";

const voucher = (o: Partial<OfferQuantity> = {}): OfferQuantity => ({
  type: "voucher",
  quantity: 10,
  sold_count: 0,
  reserved_count: 0,
  min_order_quantity: 1,
  ...o,
});

describe("remaining", () => {
  it("is what is neither sold nor reserved, and null when unlimited", () => {
    expect(remaining(voucher({ sold_count: 6, reserved_count: 3 }))).toBe(1);
    expect(remaining(voucher({ sold_count: 10 }))).toBe(0);
    expect(remaining(voucher({ quantity: null, sold_count: 5000 }))).toBeNull();
  });
});

describe("isExhausted", () => {
  it("ends an offer when fewer are left than the smallest order", () => {
    expect(isExhausted(voucher({ sold_count: 10 }))).toBe(true);
    expect(isExhausted(voucher({ sold_count: 9 }))).toBe(false);
    expect(isExhausted(voucher({ sold_count: 9, min_order_quantity: 2 }))).toBe(true);
    expect(isExhausted(voucher({ sold_count: 8, min_order_quantity: 2 }))).toBe(false);
  });

  it("never counts reservations (their payment may fail) and never ends an unlimited offer", () => {
    expect(isExhausted(voucher({ sold_count: 5, reserved_count: 5 }))).toBe(false);
    expect(isExhausted(voucher({ quantity: null, sold_count: 1_000_000 }))).toBe(false);
  });

  it("a coupon is taken one at a time, whatever its minimum says", () => {
    const coupon = voucher({ type: "coupon", quantity: 100, sold_count: 99, min_order_quantity: 5 });
    expect(minOrder(coupon)).toBe(1);
    expect(isExhausted(coupon)).toBe(false);
    expect(isExhausted({ ...coupon, sold_count: 100 })).toBe(true);
  });
});

describe("orderQuantityIssue", () => {
  it("accepts an order within the minimum, the per-purchase maximum and what is left", () => {
    expect(orderQuantityIssue(voucher(), 1)).toBeNull();
    expect(orderQuantityIssue(voucher({ min_order_quantity: 2 }), 2)).toBeNull();
    expect(orderQuantityIssue(voucher({ quantity: null }), NFT.maxPerPurchase)).toBeNull();
  });

  it("names what is wrong", () => {
    expect(orderQuantityIssue(voucher(), 0)).toBe("nft.order.quantity");
    expect(orderQuantityIssue(voucher(), 1.5)).toBe("nft.order.quantity");
    expect(orderQuantityIssue(voucher({ min_order_quantity: 3 }), 2)).toBe("nft.order.belowMinimum");
    expect(orderQuantityIssue(voucher({ quantity: null }), NFT.maxPerPurchase + 1)).toBe(
      "nft.order.aboveMaximum",
    );
    expect(orderQuantityIssue(voucher({ sold_count: 8, reserved_count: 1 }), 2)).toBe(
      "nft.order.notEnoughLeft",
    );
    expect(orderQuantityIssue(voucher({ type: "coupon", quantity: 100 }), 2)).toBe("nft.order.oneCoupon");
  });
});

describe("maxOrder and quantitySummary", () => {
  it("caps an order by the rules and what is left", () => {
    expect(maxOrder(voucher({ sold_count: 7 }))).toBe(3);
    expect(maxOrder(voucher({ quantity: null }))).toBe(NFT.maxPerPurchase);
    expect(maxOrder(voucher({ type: "coupon", quantity: 100 }))).toBe(1);
    expect(maxOrder(voucher({ sold_count: 10 }))).toBe(0);
  });

  it("summarises the counts for the pages", () => {
    expect(quantitySummary(voucher({ sold_count: 4, reserved_count: 2 }))).toEqual({
      unlimited: false,
      remaining: 4,
      sold: 4,
      reserved: 2,
    });
    expect(quantitySummary(voucher({ quantity: null }))).toMatchObject({ unlimited: true, remaining: null });
  });
});
