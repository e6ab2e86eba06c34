import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  ACCOUNT,
  CARD_POINTS,
  CONTENT_LIMITS,
  CONTRACT,
  FAQ_PLACEHOLDER_NAMES,
  FRANCHISE,
  faqPlaceholderValue,
  HARDWARE_DELIVERY_WEEKS,
  HARDWARE_FREE_AFTER_MONTHS,
  HISTORY_MONTHS,
  HISTORY_WEEKS,
  INCLUDED_SCANS_PER_LOCATION,
  LOCALES,
  MARKETING,
  PAYMENT,
  REVIEW,
  SUGGESTED_POINTS,
  SUPPORT,
  VAT_RATE_PERCENT,
} from "@stempla/domain";
import { describe, expect, it } from "vitest";
import { productNumbers } from "./product-numbers.ts";

/**
 * Every number a text states comes from one constant (docs/architecture.md, "Web app"): the texts
 * write `{{name}}` and i18n.ts fills in productNumbers(). These tests read the message catalogues
 * and fail on a number typed into a text where a constant says it: an amount in euros, a term,
 * a deadline, the support hours, the terms' date.
 */

const LOCALES_DIR = join(import.meta.dirname, "../../locales");

interface Text {
  where: string;
  text: string;
}

function texts(): Text[] {
  const found: Text[] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === "string") found.push({ where, text: value });
    else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, `${where}[${i}]`);
    } else if (value && typeof value === "object")
      for (const [key, item] of Object.entries(value)) walk(item, `${where}.${key}`);
  };
  for (const locale of LOCALES) {
    for (const file of readdirSync(join(LOCALES_DIR, locale)).filter((f) => f.endsWith(".json"))) {
      walk(JSON.parse(readFileSync(join(LOCALES_DIR, locale, file), "utf8")), `${locale}/${file}`);
    }
  }
  return found;
}

// "one"/"ein" is left out: "in one day", "einen Tag" say nothing about a constant.
const NUMBER_WORDS: Record<string, number> = {
  zwei: 2,
  two: 2,
  drei: 3,
  three: 3,
  vier: 4,
  four: 4,
  fünf: 5,
  five: 5,
  sechs: 6,
  six: 6,
  sieben: 7,
  seven: 7,
  acht: 8,
  eight: 8,
  neun: 9,
  nine: 9,
  zehn: 10,
  ten: 10,
  zwölf: 12,
  twelve: 12,
  vierzehn: 14,
  fourteen: 14,
};

/** The periods the constants state, by unit: "7 Werktage", "vier Wochen", "12 months". */
const PERIODS: { unit: RegExp; values: number[] }[] = [
  {
    unit: /^(werktag|working day|business day)/i,
    values: [REVIEW.setupReviewWorkingDays, REVIEW.chipCardShippingWorkingDays],
  },
  {
    unit: /^(tag|day)/i,
    values: [
      REVIEW.changeReviewDays,
      REVIEW.invitationCheckDays,
      PAYMENT.sepaPreNotificationDays,
      PAYMENT.invoicePaymentTermDays,
      PAYMENT.sepaDebitAfterDays,
      PAYMENT.dunningPaymentDays,
      ACCOUNT.confirmationLinkDays,
      FRANCHISE.invitationLinkDays,
      FRANCHISE.extraordinaryNoticeDays,
    ],
  },
  {
    unit: /^(woche|week)/i,
    values: [
      HARDWARE_DELIVERY_WEEKS,
      CONTRACT.termsChangeObjectionWeeks,
      REVIEW.acceptanceWeeks,
      PAYMENT.defaultAfterWeeks,
      PAYMENT.sepaRefundWeeks,
      HISTORY_WEEKS,
    ],
  },
  {
    unit: /^(monat|month)/i,
    values: [
      CONTRACT.minimumTermMonths,
      CONTRACT.noticeMonthsToQuarterEnd,
      HARDWARE_FREE_AFTER_MONTHS,
      REVIEW.inactiveIncompleteDeletionMonths,
      HISTORY_MONTHS,
    ],
  },
  { unit: /^(jahr|year)/i, values: [CONTENT_LIMITS.voucherMinimumValidityYears] },
  { unit: /^(sekunde|second)/i, values: [MARKETING.scanSeconds] },
  { unit: /^(wörter|words)/i, values: [CONTENT_LIMITS.cardDescriptionWords] },
  { unit: /^(unternehmen|companies|businesses)/i, values: [MARKETING.companiesCount] },
  { unit: /^(coupons)/i, values: [CONTENT_LIMITS.minimumCoupons] },
  { unit: /^(prozentpunkt|percentage point)/i, values: [PAYMENT.interestPointsOverBaseRate] },
  { unit: /^(zeichen|character)/i, values: [ACCOUNT.passwordMinChars] },
  { unit: /^(punkt|point)/i, values: [CARD_POINTS.min, CARD_POINTS.max] },
  {
    unit: /^scans?\b/i,
    values: [
      INCLUDED_SCANS_PER_LOCATION,
      2 * INCLUDED_SCANS_PER_LOCATION,
      2 * INCLUDED_SCANS_PER_LOCATION + 2,
    ],
  },
];

// A number, at most one adjective ("weitere", "bis zu") that is not itself a unit, and the unit.
const UNIT_START =
  "(?:werktag|tag|woche|monat|jahr|sekunde|prozentpunkt|zeichen|working|day|week|month|year|second|percentage|character)";
const QUANTITY = new RegExp(
  `(?<![\\w.,:])(\\d+|${Object.keys(NUMBER_WORDS).join("|")})(?:-|\\s+)(?:(?:(?!${UNIT_START})[a-zäöü]+e[nr]?|bis zu|up to)\\s+)?([a-zäöü]+(?:\\s[a-z]+)?)`,
  "giu",
);

/** What a text states that a constant says, or nothing. */
function typedNumbers(text: string): string[] {
  const plain = text.replace(/\{\{[^}]*\}\}/g, "•");
  const found: string[] = [];
  for (const m of plain.matchAll(/\d[\d.,]*\s?€|€\s?\d[\d.,]*|\d+\s?Cent\b/g)) found.push(m[0]);
  for (const m of plain.matchAll(QUANTITY)) {
    const word = m[1]!.toLowerCase();
    const n = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word];
    const period = PERIODS.find((p) => p.unit.test(m[2]!));
    if (n !== undefined && period?.values.includes(n)) found.push(m[0]);
  }
  for (const m of plain.matchAll(new RegExp(`\\b${VAT_RATE_PERCENT}\\s?%`, "g"))) found.push(m[0]);
  // The suggested points as a choice: "5 oder 10", "2, 5 or 10".
  const suggested = (n: string) => (SUGGESTED_POINTS as readonly number[]).includes(Number(n));
  for (const m of plain.matchAll(/\b(\d+)(?:,\s*\d+)*,?\s+(?:oder|or)\s+(\d+)\b/g))
    if (suggested(m[1]!) && suggested(m[2]!)) found.push(m[0]);
  const hours = new RegExp(`${SUPPORT.phoneFrom}\\s*(–|-|bis|to)\\s*${SUPPORT.phoneTo}`, "g");
  for (const m of plain.matchAll(hours)) found.push(m[0]);
  for (const locale of LOCALES) {
    const since = faqPlaceholderValue("terms_valid_since", locale);
    if (plain.includes(since)) found.push(since);
  }
  return found;
}

const API_DIR = join(import.meta.dirname, "../../../../api/src");

/** The API's mail, PDF and FAQ texts: the string literals of its text modules, `${…}` left out. */
function apiTexts(): Text[] {
  const files = (readdirSync(API_DIR, { recursive: true }) as string[]).filter(
    (f) => /(mail|texts|templates|next-steps)\.ts$/.test(f) && !f.endsWith(".test.ts"),
  );
  return files.flatMap((file) => {
    const code = readFileSync(join(API_DIR, file), "utf8").replace(/^\s*(\/\/|\*|\/\*).*$/gm, "");
    return [...code.matchAll(/"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)].map((m) => ({
      where: `api/${file}`,
      text: m[0].replace(/\$\{[^}]*\}/g, "{{value}}"),
    }));
  });
}

describe("the texts' numbers", () => {
  it("are never typed where a constant states them", () => {
    const typed = texts()
      .map(({ where, text }) => ({ where, numbers: typedNumbers(text) }))
      .filter(({ numbers }) => numbers.length > 0)
      .map(({ where, numbers }) => `${where}: ${numbers.join(", ")}`);
    expect(typed).toEqual([]);
  });

  it("are never typed into the API's mails, PDFs and FAQ launch texts either", () => {
    const typed = apiTexts()
      .map(({ where, text }) => ({ where, numbers: typedNumbers(text) }))
      .filter(({ numbers }) => numbers.length > 0)
      .map(({ where, numbers }) => `${where}: ${numbers.join(", ")}`);
    expect(typed).toEqual([]);
  });

  it("name only product numbers that exist (snake_case variables are the product's numbers)", () => {
    const known = new Set<string>(FAQ_PLACEHOLDER_NAMES);
    const unknown = texts().flatMap(({ where, text }) =>
      [...text.matchAll(/\{\{\s*([a-z0-9]+_[a-z0-9_]+)\s*\}\}/g)]
        .map((m) => m[1]!)
        .filter((name) => !known.has(name))
        .map((name) => `${where}: {{${name}}}`),
    );
    expect(unknown).toEqual([]);
  });

  it("are formatted for the page's language", () => {
    expect(productNumbers("de").minimum_per_location).toBe("6,00\u00a0€");
    expect(productNumbers("en").minimum_per_location).toBe("€6.00");
    expect(productNumbers("de").hardware_delivery_weeks).toBe(String(HARDWARE_DELIVERY_WEEKS));
  });

  it("the check finds what it is meant to find", () => {
    expect(typedNumbers("Lieferung innerhalb von vier Wochen")).toEqual(["vier Wochen"]);
    expect(typedNumbers("Mindestlaufzeit 12 Monate, 6,00 € pro Standort")).toEqual(["6,00 €", "12 Monate"]);
    expect(typedNumbers("within 7 working days, €36 a month")).toEqual(["€36", "7 working days"]);
    expect(typedNumbers("Mo–Fr 08:00–18:00 Uhr")).toEqual(["08:00–18:00"]);
    expect(
      typedNumbers("Lieferung innerhalb von {{hardware_delivery_weeks}} Wochen, {{minimum_per_location}}"),
    ).toEqual([]);
    expect(typedNumbers("Mindestens 6 Zeichen")).toEqual(["6 Zeichen"]);
    expect(typedNumbers("Mindestens {{password_min_chars}} Zeichen")).toEqual([]);
    expect(typedNumbers("The link is valid for 7 days. After that")).toEqual(["7 days"]);
    expect(typedNumbers("pro Jahr (9 Prozentpunkte über dem Basiszinssatz)")).toEqual(["9 Prozentpunkte"]);
    expect(typedNumbers("innerhalb von 14 Tagen unter Angabe")).toEqual(["14 Tagen unter"]);
    expect(typedNumbers("Zwischen 2 und 20 Punkten. Bewährt haben sich 5 oder 10.")).toEqual([
      "20 Punkten",
      "5 oder 10",
    ]);
    expect(typedNumbers("Between 2 and 20 points. 2, 5 or 10 work well.")).toEqual([
      "20 points",
      "2, 5 or 10",
    ]);
    expect(
      typedNumbers(
        "Zwischen {{card_points_min}} und {{card_points_max}} Punkten, etwa {{suggested_points}}.",
      ),
    ).toEqual([]);
  });
});
