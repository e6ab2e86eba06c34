import { describe, expect, it } from "vitest";
import { isMessageKey, messages, translate } from "../validation/messages.ts";
import { NFT, NFT_VAT_RATES } from "./constants.ts";
import {
  couponCreateSchema,
  hasEnded,
  offerDateIssues,
  startsLater,
  VOUCHER_VAT_CHOICES,
  voucherCreateSchema,
} from "./schemas.ts";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.success ? [] : (result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

/** A coupon form as multipart sends it: every value a string. */
const couponForm = (o: Record<string, unknown> = {}) => ({
  industry_id: "3",
  name: " 10 % auf alles ",
  description: "Gilt für einen Einkauf.\nNicht mit anderen Aktionen kombinierbar.",
  legal_notes: "",
  external_link: "",
  validity_type: "days",
  validity_days: "30",
  quantity: "150",
  start_date: "",
  end_date: "",
  location_ids: "12,5,12",
  ...o,
});

const voucherForm = (o: Record<string, unknown> = {}) => ({
  type: "voucher",
  industry_id: "3",
  name: "Brunch für zwei",
  description: "Brunch mit Kaffee für zwei Personen.",
  location_ids: ["5"],
  price_cents: "4900",
  original_price_cents: "5800",
  vat_rate: "19",
  quantity: "500",
  ...o,
});

describe("couponCreateSchema", () => {
  it("reads a multipart form into the stored shape", () => {
    expect(couponCreateSchema.parse(couponForm())).toEqual({
      type: "coupon",
      industry_id: 3,
      name: "10 % auf alles",
      description: "Gilt für einen Einkauf.\nNicht mit anderen Aktionen kombinierbar.",
      legal_notes: null,
      external_link: null,
      validity_type: "days",
      validity_days: 30,
      quantity: 150,
      start_date: null,
      end_date: null,
      location_ids: [5, 12],
      price_cents: 0,
      original_price_cents: null,
      vat_rate: null,
      min_order_quantity: 1,
    });
  });

  it("takes JSON values as well", () => {
    const parsed = couponCreateSchema.parse({
      ...couponForm(),
      quantity: 100,
      validity_days: 7,
      location_ids: [1],
    });
    expect(parsed).toMatchObject({ quantity: 100, validity_days: 7, location_ids: [1] });
  });

  it("puts the minimum of 100 coupons at the quantity field, also when other fields are wrong", () => {
    expect(issues(couponCreateSchema.safeParse(couponForm({ quantity: "50" })))).toEqual([
      ["quantity", "nft.quantity.couponMinimum"],
    ]);
    expect(issues(couponCreateSchema.safeParse(couponForm({ quantity: "99", name: "" })))).toContainEqual([
      "quantity",
      "nft.quantity.couponMinimum",
    ]);
    expect(
      issues(couponCreateSchema.safeParse(couponForm({ quantity: String(NFT.minimumCoupons) }))),
    ).toEqual([]);
    expect(issues(couponCreateSchema.safeParse(couponForm({ quantity: "" })))).toEqual([
      ["quantity", "nft.quantity.required"],
    ]);
    expect(issues(couponCreateSchema.safeParse(couponForm({ quantity: "zwei" })))).toEqual([
      ["quantity", "nft.quantity"],
    ]);
    expect(issues(couponCreateSchema.safeParse(couponForm({ quantity: "100.5" })))).toEqual([
      ["quantity", "nft.quantity"],
    ]);
  });

  it("checks dates and validity across fields", () => {
    expect(
      issues(couponCreateSchema.safeParse(couponForm({ start_date: "2026-12-10", end_date: "2026-12-01" }))),
    ).toEqual([["end_date", "nft.endDate.beforeStart"]]);
    // A one-day campaign is allowed.
    expect(
      issues(couponCreateSchema.safeParse(couponForm({ start_date: "2026-12-10", end_date: "2026-12-10" }))),
    ).toEqual([]);
    expect(
      issues(couponCreateSchema.safeParse(couponForm({ validity_type: "campaign_end", validity_days: "" }))),
    ).toEqual([["end_date", "nft.validity.endDateRequired"]]);
    expect(issues(couponCreateSchema.safeParse(couponForm({ validity_days: "" })))).toEqual([
      ["validity_days", "nft.validity.days"],
    ]);
    expect(issues(couponCreateSchema.safeParse(couponForm({ validity_days: "0" })))).toEqual([
      ["validity_days", "nft.validity.days"],
    ]);
    expect(issues(couponCreateSchema.safeParse(couponForm({ validity_type: "statutory" })))).toEqual([
      ["validity_type", "nft.validity.type"],
    ]);
    expect(issues(couponCreateSchema.safeParse(couponForm({ start_date: "2026-02-30" })))).toEqual([
      ["start_date", "day.invalid"],
    ]);
  });

  it("drops the days when the validity runs to the campaign's end", () => {
    const parsed = couponCreateSchema.parse(
      couponForm({ validity_type: "campaign_end", validity_days: "30", end_date: "2026-12-24" }),
    );
    expect(parsed).toMatchObject({
      validity_type: "campaign_end",
      validity_days: null,
      end_date: "2026-12-24",
    });
  });

  it("refuses bad texts, links, industries and locations at their fields", () => {
    const bad = issues(
      couponCreateSchema.safeParse(
        couponForm({
          name: "x".repeat(NFT.nameMaxChars + 1),
          description: " ",
          legal_notes: "a\u0000b",
          external_link: "javascript:alert(1)",
          industry_id: "abc",
          location_ids: "",
        }),
      ),
    );
    expect(bad).toEqual(
      expect.arrayContaining([
        ["name", "nft.name"],
        ["description", "nft.description"],
        ["legal_notes", "text.controlCharacters"],
        ["external_link", "nft.externalLink"],
        ["industry_id", "nft.industry"],
        ["location_ids", "nft.locations"],
      ]),
    );
    expect(issues(couponCreateSchema.safeParse(couponForm({ location_ids: "1,x" })))).toEqual([
      ["location_ids.1", "nft.locations"],
    ]);
    expect(issues(couponCreateSchema.safeParse(couponForm({ type: "voucher" })))).toEqual([
      ["type", "nft.type"],
    ]);
  });

  it("keeps an http(s) link and the legal notes", () => {
    const parsed = couponCreateSchema.parse(
      couponForm({
        external_link: "https://cafe.example/aktion",
        legal_notes: "Nur solange der Vorrat reicht.",
      }),
    );
    expect(parsed).toMatchObject({
      external_link: "https://cafe.example/aktion",
      legal_notes: "Nur solange der Vorrat reicht.",
    });
  });
});

describe("voucherCreateSchema", () => {
  it("reads a voucher with the statutory validity by default", () => {
    expect(voucherCreateSchema.parse(voucherForm())).toEqual({
      type: "voucher",
      industry_id: 3,
      name: "Brunch für zwei",
      description: "Brunch mit Kaffee für zwei Personen.",
      legal_notes: null,
      external_link: null,
      validity_type: "statutory",
      validity_days: null,
      quantity: 500,
      start_date: null,
      end_date: null,
      location_ids: [5],
      price_cents: 4900,
      original_price_cents: 5800,
      vat_rate: 19,
      min_order_quantity: 1,
    });
  });

  it("offers every VAT rate of the constants and several rates", () => {
    expect(VOUCHER_VAT_CHOICES).toEqual([...NFT_VAT_RATES.map(String), "mixed"]);
  });

  it("reads the VAT choice: a rate, or several rates (null)", () => {
    expect(voucherCreateSchema.parse(voucherForm({ vat_rate: "7" })).vat_rate).toBe(7);
    expect(voucherCreateSchema.parse(voucherForm({ vat_rate: 0 })).vat_rate).toBe(0);
    expect(voucherCreateSchema.parse(voucherForm({ vat_rate: "mixed" })).vat_rate).toBeNull();
    expect(issues(voucherCreateSchema.safeParse(voucherForm({ vat_rate: "16" })))).toEqual([
      ["vat_rate", "nft.vatRate"],
    ]);
    expect(issues(voucherCreateSchema.safeParse(voucherForm({ vat_rate: undefined })))).toEqual([
      ["vat_rate", "nft.vatRate"],
    ]);
  });

  it("bounds a voucher's price and its original price", () => {
    expect(
      issues(
        voucherCreateSchema.safeParse(voucherForm({ price_cents: String(NFT.voucherPriceMinCents - 1) })),
      ),
    ).toEqual([["price_cents", "nft.price"]]);
    expect(issues(voucherCreateSchema.safeParse(voucherForm({ price_cents: "12.50" })))).toEqual([
      ["price_cents", "nft.price"],
    ]);
    expect(issues(voucherCreateSchema.safeParse(voucherForm({ original_price_cents: "4000" })))).toEqual([
      ["original_price_cents", "nft.originalPrice"],
    ]);
    expect(
      voucherCreateSchema.parse(voucherForm({ original_price_cents: "" })).original_price_cents,
    ).toBeNull();
  });

  it("bounds a cash voucher's value from 5.00 to 500.00 EUR and keeps no VAT rate or original price", () => {
    const cash = (price: number) => voucherForm({ type: "cash_voucher", price_cents: String(price) });
    expect(issues(voucherCreateSchema.safeParse(cash(NFT.cashVoucherMinCents - 1)))).toEqual([
      ["price_cents", "nft.cashVoucher.value"],
    ]);
    expect(issues(voucherCreateSchema.safeParse(cash(NFT.cashVoucherMaxCents + 1)))).toEqual([
      ["price_cents", "nft.cashVoucher.value"],
    ]);
    expect(voucherCreateSchema.parse(cash(NFT.cashVoucherMinCents))).toMatchObject({
      type: "cash_voucher",
      price_cents: 500,
      vat_rate: null,
      original_price_cents: null,
    });
    expect(voucherCreateSchema.parse(cash(NFT.cashVoucherMaxCents)).price_cents).toBe(50_000);
    // The same 400.00 EUR is a fine voucher price, and 600.00 is not a cash voucher.
    expect(
      issues(voucherCreateSchema.safeParse(voucherForm({ price_cents: "60000", original_price_cents: "" }))),
    ).toEqual([]);
  });

  it("refuses a validity shorter than the legal minimum at the field that sets it", () => {
    expect(
      issues(
        voucherCreateSchema.safeParse(
          voucherForm({ validity_type: "days", validity_days: String(NFT.voucherMinValidityDays - 1) }),
        ),
      ),
    ).toEqual([["validity_days", "nft.validity.voucherMinimum"]]);
    expect(
      voucherCreateSchema.parse(
        voucherForm({ validity_type: "days", validity_days: String(NFT.voucherMinValidityDays) }),
      ),
    ).toMatchObject({ validity_type: "days", validity_days: NFT.voucherMinValidityDays });
    expect(
      issues(
        voucherCreateSchema.safeParse(voucherForm({ validity_type: "campaign_end", end_date: "2026-12-24" })),
      ),
    ).toEqual([["validity_type", "nft.validity.voucherMinimum"]]);
    expect(
      issues(
        voucherCreateSchema.safeParse(
          voucherForm({
            type: "cash_voucher",
            price_cents: "2500",
            validity_type: "days",
            validity_days: "365",
          }),
        ),
      ),
    ).toEqual([["validity_days", "nft.validity.voucherMinimum"]]);
  });

  it("reads unlimited and limited counts and the minimum order quantity", () => {
    expect(voucherCreateSchema.parse(voucherForm({ unlimited: "true", quantity: "" }))).toMatchObject({
      quantity: null,
      min_order_quantity: 1,
    });
    expect(voucherCreateSchema.parse(voucherForm({ unlimited: "on", quantity: "20" })).quantity).toBeNull();
    expect(
      voucherCreateSchema.parse(voucherForm({ unlimited: "false", min_order_quantity: "2" })),
    ).toMatchObject({
      quantity: 500,
      min_order_quantity: 2,
    });
    expect(issues(voucherCreateSchema.safeParse(voucherForm({ quantity: "" })))).toEqual([
      ["quantity", "nft.quantity.required"],
    ]);
    expect(
      issues(voucherCreateSchema.safeParse(voucherForm({ quantity: "3", min_order_quantity: "4" }))),
    ).toEqual([["min_order_quantity", "nft.minOrder.aboveQuantity"]]);
    expect(issues(voucherCreateSchema.safeParse(voucherForm({ min_order_quantity: "0" })))).toEqual([
      ["min_order_quantity", "nft.minOrder"],
    ]);
    expect(issues(voucherCreateSchema.safeParse(voucherForm({ unlimited: "vielleicht" })))).toEqual([
      ["unlimited", "nft.unlimited"],
    ]);
  });

  it("names the type when it is missing or unknown", () => {
    expect(issues(voucherCreateSchema.safeParse(voucherForm({ type: "coupon" })))).toEqual([
      ["type", "nft.type"],
    ]);
    expect(issues(voucherCreateSchema.safeParse(voucherForm({ type: undefined })))).toEqual([
      ["type", "nft.type"],
    ]);
  });
});

describe("date rules that need today", () => {
  it("refuses start and end days in the past", () => {
    expect(offerDateIssues({ start_date: "2026-11-24", end_date: "2026-11-24" }, "2026-11-25")).toEqual([
      ["start_date", "nft.startDate.past"],
      ["end_date", "nft.endDate.past"],
    ]);
    expect(offerDateIssues({ start_date: "2026-11-25", end_date: null }, "2026-11-25")).toEqual([]);
    expect(offerDateIssues({ start_date: null, end_date: null }, "2026-11-25")).toEqual([]);
  });

  it("tells whether an approved offer waits for its start and whether it has ended", () => {
    expect(startsLater({ start_date: "2026-11-26" }, "2026-11-25")).toBe(true);
    expect(startsLater({ start_date: "2026-11-25" }, "2026-11-25")).toBe(false);
    expect(startsLater({ start_date: null }, "2026-11-25")).toBe(false);
    expect(hasEnded({ end_date: "2026-11-25" }, "2026-11-25")).toBe(false);
    expect(hasEnded({ end_date: "2026-11-24" }, "2026-11-25")).toBe(true);
    expect(hasEnded({ end_date: null }, "2026-11-25")).toBe(false);
  });
});

describe("nft messages", () => {
  const nftKeys = Object.keys(messages.de).filter((key) => key.startsWith("nft."));

  it("exist in German and English, the German ones addressing the partner formally", () => {
    expect(nftKeys.length).toBeGreaterThan(30);
    for (const key of nftKeys) {
      expect(messages.en[key as keyof typeof messages.en].length).toBeGreaterThan(0);
      expect(messages.de[key as keyof typeof messages.de]).not.toMatch(/\b(du|dein|deine|dich|dir)\b/i);
    }
  });

  it("state the numbers from the constants, as each language writes them", () => {
    expect(translate("nft.quantity.couponMinimum", "de")).toBe("Bitte bieten Sie mindestens 100 Coupons an.");
    expect(translate("nft.cashVoucher.value", "de")).toBe(
      "Ein Wertgutschein hat einen Wert zwischen 5,00\u00a0€ und 500,00\u00a0€.",
    );
    expect(translate("nft.cashVoucher.value", "en")).toBe(
      "A cash voucher is worth between €5.00 and €500.00.",
    );
    expect(translate("nft.validity.voucherMinimum", "de")).toContain("1.460 Tage");
    expect(translate("nft.photo.tooLarge", "de")).toContain("20 MB");
  });

  it("every key the schemas and quantity rules use is a message", () => {
    const used = [
      "nft.type",
      "nft.industry",
      "nft.name",
      "nft.description",
      "nft.legalNotes",
      "nft.externalLink",
      "nft.validity.type",
      "nft.validity.days",
      "nft.validity.endDateRequired",
      "nft.validity.voucherMinimum",
      "nft.quantity",
      "nft.quantity.required",
      "nft.quantity.couponMinimum",
      "nft.unlimited",
      "nft.minOrder",
      "nft.minOrder.aboveQuantity",
      "nft.price",
      "nft.originalPrice",
      "nft.vatRate",
      "nft.cashVoucher.value",
      "nft.locations",
      "nft.locations.max",
      "nft.endDate.beforeStart",
      "nft.startDate.past",
      "nft.endDate.past",
      "nft.order.quantity",
      "nft.order.oneCoupon",
      "nft.order.belowMinimum",
      "nft.order.aboveMaximum",
      "nft.order.notEnoughLeft",
    ];
    for (const key of used) expect(isMessageKey(key), key).toBe(true);
  });
});
