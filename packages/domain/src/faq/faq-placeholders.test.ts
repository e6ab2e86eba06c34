import { describe, expect, it } from "vitest";
import {
  CONTRACT,
  DEFAULT_AVERAGE_RECEIPT_CENTS,
  HARDWARE_PRICES_CENTS,
  INCLUDED_SCANS_PER_LOCATION,
  MINIMUM_MONTHLY_CENTS_PER_LOCATION,
  PRICE_PER_SCAN_CENTS,
  VAT_RATE_PERCENT,
} from "../constants.ts";
import { NFT } from "../nft/constants.ts";
import { platformFeeCents } from "../nft/money.ts";
import { formatMoney } from "../number-format.ts";
import { monthlyPrice } from "../pricing/monthly-price.ts";
import { faqAnswerBlocks, faqMarkupProblem } from "./faq-markup.ts";
import { FAQ_PLACEHOLDER_NAMES } from "./faq-placeholder-names.ts";
import { faqPlaceholderValue, resolveFaqPlaceholders, unknownFaqPlaceholders } from "./faq-placeholders.ts";

// Intl writes a no-break space between number and unit ("6,00 €", "19 %").
const NBSP = "\u00a0";

describe("FAQ placeholders", () => {
  it("are the constants, formatted for German readers", () => {
    expect(faqPlaceholderValue("price_per_scan", "de")).toBe(formatMoney(PRICE_PER_SCAN_CENTS, "de"));
    expect(faqPlaceholderValue("price_per_scan", "de")).toBe(`0,04${NBSP}€`);
    expect(faqPlaceholderValue("minimum_per_location", "de")).toBe(`6,00${NBSP}€`);
    expect(faqPlaceholderValue("included_scans", "de")).toBe(String(INCLUDED_SCANS_PER_LOCATION));
    expect(faqPlaceholderValue("vat_rate", "de")).toBe(`${VAT_RATE_PERCENT}${NBSP}%`);
    expect(faqPlaceholderValue("sticker_price", "de")).toBe(formatMoney(HARDWARE_PRICES_CENTS.sticker, "de"));
    expect(faqPlaceholderValue("minimum_term_months", "de")).toBe(String(CONTRACT.minimumTermMonths));
    expect(faqPlaceholderValue("suggested_points", "de")).toBe("2, 5 oder 10");
    expect(faqPlaceholderValue("terms_valid_since", "de")).toBe("10.11.2023");
    expect(faqPlaceholderValue("example_extra_revenue", "de")).toBe(`3.040,00${NBSP}€`);
  });

  it("are the constants, formatted for English readers", () => {
    expect(faqPlaceholderValue("price_per_scan", "en")).toBe("€0.04");
    expect(faqPlaceholderValue("minimum_per_location", "en")).toBe(
      formatMoney(MINIMUM_MONTHLY_CENTS_PER_LOCATION, "en"),
    );
    expect(faqPlaceholderValue("vat_rate", "en")).toBe(`${VAT_RATE_PERCENT}%`);
    expect(faqPlaceholderValue("suggested_points", "en")).toBe("2, 5 or 10");
    expect(faqPlaceholderValue("terms_valid_since", "en")).toBe("10 November 2023");
    expect(faqPlaceholderValue("example_extra_revenue", "en")).toBe(
      formatMoney(380 * DEFAULT_AVERAGE_RECEIPT_CENTS, "en"),
    );
  });

  it("state the coupons' and vouchers' numbers from NFT (decision 010, section 8)", () => {
    expect(faqPlaceholderValue("nft_minimum_coupons", "de")).toBe(String(NFT.minimumCoupons));
    expect(faqPlaceholderValue("nft_cash_voucher_min", "de")).toBe(
      formatMoney(NFT.cashVoucherMinCents, "de"),
    );
    expect(faqPlaceholderValue("nft_cash_voucher_max", "en")).toBe(
      formatMoney(NFT.cashVoucherMaxCents, "en"),
    );
    expect(faqPlaceholderValue("nft_withdrawal_days", "de")).toBe(String(NFT.withdrawalDays));
    expect(faqPlaceholderValue("nft_voucher_validity_years", "de")).toBe(String(NFT.voucherValidityYears));
    expect(faqPlaceholderValue("nft_photo_mb", "de")).toBe(String(NFT.photoBytes / (1024 * 1024)));
    // 5 % of the price plus 0.25 EUR, as platformFeeCents() charges it.
    expect(faqPlaceholderValue("nft_platform_fee", "de")).toBe(`5${NBSP}% + 0,25${NBSP}€`);
    expect(faqPlaceholderValue("nft_platform_fee", "en")).toBe("5% + €0.25");
    expect(platformFeeCents(2500)).toBe(2500 * 0.05 + NFT.platformFee.fixedCents);
  });

  it("compute the pooled-scans example with the pricing function (2 locations, 2 scans over the pool)", () => {
    const scans = 2 * INCLUDED_SCANS_PER_LOCATION + 2;
    const price = monthlyPrice({ locations: 2, scans, digitalMenuLocations: 0 });
    expect(faqPlaceholderValue("example_scans", "de")).toBe(String(scans));
    expect(faqPlaceholderValue("example_included_scans", "de")).toBe(String(price.includedScans));
    expect(faqPlaceholderValue("example_minimum", "de")).toBe(
      formatMoney(2 * MINIMUM_MONTHLY_CENTS_PER_LOCATION, "de"),
    );
    expect(faqPlaceholderValue("example_extra_scans_price", "en")).toBe(
      formatMoney(2 * PRICE_PER_SCAN_CENTS, "en"),
    );
    expect(faqPlaceholderValue("example_total", "de")).toBe(formatMoney(price.netCents, "de"));
    // Spec section 9's figure, as long as the prices are those of the spec.
    expect(faqPlaceholderValue("example_total", "de")).toBe(`12,08${NBSP}€`);
    expect(faqPlaceholderValue("example_total", "en")).toBe("€12.08");
  });

  it("every name has a value in both languages", () => {
    for (const name of FAQ_PLACEHOLDER_NAMES) {
      expect(faqPlaceholderValue(name, "de")).not.toBe("");
      expect(faqPlaceholderValue(name, "en")).not.toBe("");
    }
  });

  it("are resolved in a text; unknown names and other braces stay as typed and unknown ones are reported", () => {
    expect(resolveFaqPlaceholders("Je Scan {price_per_scan}, {foo}, { x }, {}.", "en")).toBe(
      "Je Scan €0.04, {foo}, { x }, {}.",
    );
    expect(unknownFaqPlaceholders("{price_per_scan} {foo} {Bar} {foo} { x }")).toEqual(["foo", "Bar"]);
    expect(unknownFaqPlaceholders("{price_per_scan} and {vat_rate}")).toEqual([]);
  });
});

describe("faqAnswerBlocks with placeholders", () => {
  it("fills them in text, in a red block and in a link's text, for the reader's language", () => {
    const answer =
      "Ab {minimum_per_location} im Monat.\n<red>Plus {vat_rate} MwSt.</red>\n[Je Scan {price_per_scan}](/pricing)";
    expect(faqAnswerBlocks(answer, "de")).toEqual([
      { type: "paragraph", children: [{ type: "text", text: `Ab 6,00${NBSP}€ im Monat.` }] },
      { type: "danger", children: [{ type: "text", text: `Plus 19${NBSP}% MwSt.` }] },
      {
        type: "paragraph",
        children: [{ type: "link", text: `Je Scan 0,04${NBSP}€`, href: "/de/pricing", kind: "locale" }],
      },
    ]);
    expect(faqAnswerBlocks(answer, "en")[2]).toEqual({
      type: "paragraph",
      children: [{ type: "link", text: "Je Scan €0.04", href: "/en/pricing", kind: "locale" }],
    });
  });

  it("shows an unknown placeholder as typed, and the console's check refuses it", () => {
    expect(faqAnswerBlocks("Kostet {preis}.", "de")).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "Kostet {preis}." }] },
    ]);
    expect(faqMarkupProblem("Kostet {preis}.")).toBe("faq.answer.placeholder");
    expect(faqMarkupProblem("Kostet {price_per_scan}, {minimum_per_location}.")).toBeUndefined();
  });
});
