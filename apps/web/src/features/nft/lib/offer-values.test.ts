import { berlinDay, NFT, voucherCreateSchema } from "@stempla/domain";
import { describe, expect, it } from "vitest";
import {
  newOfferValues,
  type OfferValues,
  offerIssues,
  offerRequest,
  storedOfferValues,
} from "./offer-values.ts";

const TODAY = "2026-11-25";
const NO_PHOTO = { photo: null, required: false };

const coupon = (over: Partial<OfferValues> = {}): OfferValues => ({
  ...newOfferValues("coupon", 3, [7]),
  name: "Gratis Espresso",
  description: "Zu jedem Frühstück",
  ...over,
});
const voucher = (over: Partial<OfferValues> = {}): OfferValues => ({
  ...newOfferValues("voucher", 3, [7]),
  name: "Brunch für zwei",
  description: "Sonntags von 10 bis 14 Uhr",
  price: "49,90",
  quantity: "500",
  ...over,
});

describe("the offer forms' checks", () => {
  it("accept a complete coupon and voucher", () => {
    expect(offerIssues(coupon(), TODAY, NO_PHOTO)).toEqual({});
    expect(offerIssues(voucher(), TODAY, NO_PHOTO)).toEqual({});
    expect(
      offerIssues(voucher({ type: "cash_voucher", vat_rate: "", price: "50" }), TODAY, NO_PHOTO),
    ).toEqual({});
  });

  it("put the minimum of coupons at the quantity field", () => {
    expect(offerIssues(coupon({ quantity: "50" }), TODAY, NO_PHOTO)).toEqual({
      quantity: "nft.quantity.couponMinimum",
    });
    expect(offerIssues(coupon({ quantity: String(NFT.minimumCoupons) }), TODAY, NO_PHOTO)).toEqual({});
  });

  it("refuse a voucher valid for fewer days than the law's minimum, at the days", () => {
    expect(offerIssues(voucher({ validity_type: "days", validity_days: "365" }), TODAY, NO_PHOTO)).toEqual({
      validity_days: "nft.validity.voucherMinimum",
    });
    expect(
      offerIssues(
        voucher({ validity_type: "days", validity_days: String(NFT.voucherMinValidityDays) }),
        TODAY,
        NO_PHOTO,
      ),
    ).toEqual({});
  });

  it("keep a cash voucher between its minimum and maximum value, at the price", () => {
    const cash = (price: string) => voucher({ type: "cash_voucher", vat_rate: "", price });
    expect(offerIssues(cash("4,99"), TODAY, NO_PHOTO)).toEqual({ price_cents: "nft.cashVoucher.value" });
    expect(offerIssues(cash("500,01"), TODAY, NO_PHOTO)).toEqual({ price_cents: "nft.cashVoucher.value" });
    expect(offerIssues(cash("5"), TODAY, NO_PHOTO)).toEqual({});
    expect(offerIssues(cash("500,00"), TODAY, NO_PHOTO)).toEqual({});
    expect(offerIssues(cash("zehn"), TODAY, NO_PHOTO)).toEqual({ price_cents: "nft.cashVoucher.value" });
  });

  it("check dates against today and the photo's kind and size", () => {
    expect(offerIssues(coupon({ start_date: "2026-11-24" }), TODAY, NO_PHOTO)).toEqual({
      start_date: "nft.startDate.past",
    });
    expect(
      offerIssues(coupon({ start_date: "2026-12-02", end_date: "2026-12-01" }), TODAY, NO_PHOTO),
    ).toEqual({
      end_date: "nft.endDate.beforeStart",
    });
    expect(offerIssues(coupon(), TODAY, { photo: null, required: true })).toEqual({
      photo: "nft.photo.required",
    });
    const gif = new File(["GIF89a"], "a.gif", { type: "image/gif" });
    expect(offerIssues(coupon(), TODAY, { photo: gif, required: true })).toEqual({
      photo: "nft.photo.format",
    });
    const big = new File([new Uint8Array(NFT.photoBytes + 1)], "a.jpg", { type: "image/jpeg" });
    expect(offerIssues(coupon(), TODAY, { photo: big, required: true })).toEqual({
      photo: "nft.photo.tooLarge",
    });
  });

  it("send euros as cents, and the schema reads the request as the server does", () => {
    const request = offerRequest(voucher({ original_price: "59,90", unlimited: true }));
    expect(request).toMatchObject({ price_cents: "4990", original_price_cents: "5990", unlimited: "true" });
    expect(request.quantity).toBeUndefined();
    const parsed = voucherCreateSchema.parse(request);
    expect(parsed).toMatchObject({
      price_cents: 4990,
      original_price_cents: 5990,
      quantity: null,
      vat_rate: 19,
    });
  });

  it("load a stored offer back into the same values", () => {
    const values = voucher({ original_price: "59,90", vat_rate: "mixed", start_date: berlinDay(new Date()) });
    const parsed = voucherCreateSchema.parse(offerRequest(values));
    expect(storedOfferValues({ ...parsed, type: "voucher" }, "de")).toEqual(values);
  });
});
