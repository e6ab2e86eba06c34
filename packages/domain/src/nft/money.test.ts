import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NFT } from "./constants.ts";
import {
  feeInvoiceTotals,
  payoutSplit,
  platformFeeCents,
  saleVat,
  splitGross,
  splitPurchase,
  voucherPurpose,
} from "./money.ts";

describe("splitGross", () => {
  it("takes the VAT out of a gross price", () => {
    expect(splitGross(1190, 19)).toEqual({
      grossCents: 1190,
      netCents: 1000,
      vatCents: 190,
      vatRatePercent: 19,
    });
    expect(splitGross(1070, 7)).toEqual({
      grossCents: 1070,
      netCents: 1000,
      vatCents: 70,
      vatRatePercent: 7,
    });
    // 10.00 EUR: 1.5966 EUR VAT rounds up to 1.60, 0.654 EUR at 7 % down to 0.65.
    expect(splitGross(1000, 19)).toMatchObject({ netCents: 840, vatCents: 160 });
    expect(splitGross(1000, 7)).toMatchObject({ netCents: 935, vatCents: 65 });
    expect(splitGross(2500, 0)).toMatchObject({ netCents: 2500, vatCents: 0 });
    expect(splitGross(1, 19)).toMatchObject({ netCents: 1, vatCents: 0 });
    expect(splitGross(0, 19)).toMatchObject({ netCents: 0, vatCents: 0 });
  });

  it("net and VAT always add up to the gross, and the VAT is the exact share rounded to the nearest cent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(...NFT.vatRates),
        (gross, rate) => {
          const split = splitGross(gross, rate);
          expect(split.netCents + split.vatCents).toBe(gross);
          const exact = (gross * rate) / (100 + rate);
          expect(Math.abs(split.vatCents - exact)).toBeLessThan(0.5);
        },
      ),
    );
  });

  it("refuses fractions and negatives", () => {
    expect(() => splitGross(10.5, 19)).toThrow(RangeError);
    expect(() => splitGross(-1, 19)).toThrow(RangeError);
  });
});

describe("splitPurchase", () => {
  it("splits per voucher, so withdrawing one takes back exactly its share", () => {
    const three = splitPurchase(1000, 3, 19);
    expect(three).toEqual({ grossCents: 3000, netCents: 2520, vatCents: 480, vatRatePercent: 19 });
    const two = splitPurchase(1000, 2, 19);
    const one = splitGross(1000, 19);
    expect(three.vatCents - two.vatCents).toBe(one.vatCents);
    // Split as a whole, 30.00 EUR would carry 4.79 EUR VAT: the per-voucher rule is the stated one.
    expect(splitGross(3000, 19).vatCents).toBe(479);
  });
});

describe("platform fee and payout", () => {
  it(`is ${NFT.platformFee.basisPoints / 100} % of the price plus ${NFT.platformFee.fixedCents} cents, VAT included`, () => {
    expect(platformFeeCents(500)).toBe(50);
    expect(platformFeeCents(5000)).toBe(275);
    expect(platformFeeCents(50_000)).toBe(2525);
    expect(platformFeeCents(1010)).toBe(76); // 50.5 cents round up
    expect(platformFeeCents(1009)).toBe(75); // 50.45 cents round down
    expect(platformFeeCents(0)).toBe(0);
  });

  it("leaves the partner most of every price the forms allow", () => {
    for (const price of [
      NFT.voucherPriceMinCents,
      NFT.cashVoucherMinCents,
      NFT.cashVoucherMaxCents,
      NFT.voucherPriceMaxCents,
    ]) {
      const split = payoutSplit(price);
      expect(split.feeCents + split.payoutCents).toBe(price);
      expect(split.payoutCents).toBeGreaterThan(split.feeCents);
    }
    expect(payoutSplit(2500)).toEqual({ priceCents: 2500, feeCents: 150, payoutCents: 2350 });
  });

  it("invoices the month's fees as exactly what was withheld", () => {
    const totals = feeInvoiceTotals([50, 275]);
    expect(totals).toEqual({ grossCents: 325, netCents: 273, vatCents: 52, vatRatePercent: 19 });
    expect(feeInvoiceTotals([])).toMatchObject({ grossCents: 0, vatCents: 0 });
  });
});

describe("voucherPurpose (§ 3 Abs. 13–15 UStG)", () => {
  it("coupons are no vouchers, cash vouchers are multi-purpose", () => {
    expect(voucherPurpose({ type: "coupon", vatRate: null, locationCountries: ["DE"] })).toBe("none");
    expect(voucherPurpose({ type: "cash_voucher", vatRate: null, locationCountries: ["DE"] })).toBe("multi");
    expect(voucherPurpose({ type: "cash_voucher", vatRate: 19, locationCountries: ["DE"] })).toBe("multi");
  });

  it("a voucher with one rate, redeemable only in Germany, is single-purpose", () => {
    expect(voucherPurpose({ type: "voucher", vatRate: 19, locationCountries: ["DE", "DE"] })).toBe("single");
    expect(voucherPurpose({ type: "voucher", vatRate: 0, locationCountries: ["DE"] })).toBe("single");
  });

  it("several rates, a location abroad or no location make it multi-purpose", () => {
    expect(voucherPurpose({ type: "voucher", vatRate: null, locationCountries: ["DE"] })).toBe("multi");
    expect(voucherPurpose({ type: "voucher", vatRate: 7, locationCountries: ["DE", "AT"] })).toBe("multi");
    expect(voucherPurpose({ type: "voucher", vatRate: 7, locationCountries: [] })).toBe("multi");
  });

  it("only a single-purpose sale shows VAT", () => {
    expect(saleVat("single", 1190, 19)).toMatchObject({ netCents: 1000, vatCents: 190 });
    expect(saleVat("multi", 1190, null)).toBeNull();
    expect(saleVat("none", 0, null)).toBeNull();
  });
});
