import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney, formatWholeNumber } from "./number-format.ts";

describe("formatWholeNumber", () => {
  it("writes whole numbers as Intl does for de-DE and en-GB", () => {
    expect(formatWholeNumber(2000, "de")).toBe("2.000");
    expect(formatWholeNumber(2000, "en")).toBe("2,000");
    expect(formatWholeNumber(999, "de")).toBe("999");
    const tag = { de: "de-DE", en: "en-GB" } as const;
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.constant(-0)),
        fc.constantFrom("de", "en"),
        (n, locale) => {
          expect(formatWholeNumber(n, locale)).toBe(n.toLocaleString(tag[locale]));
          expect(formatWholeNumber(n, locale)).toBe(
            new Intl.NumberFormat(tag[locale], { maximumFractionDigits: 0 }).format(n),
          );
        },
      ),
    );
  });

  it("refuses what is not a whole number", () => {
    expect(() => formatWholeNumber(1.5, "de")).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  const intl = {
    de: new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }),
    en: new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" }),
  };

  it("writes cents as the locale writes euros", () => {
    expect(formatMoney(1208, "de")).toBe("12,08\u00a0€");
    expect(formatMoney(1208, "en")).toBe("€12.08");
    expect(formatMoney(100000, "de")).toBe("1.000,00\u00a0€");
    expect(formatMoney(-5, "en")).toBe("-€0.05");
  });

  it("is what Intl writes for de-DE and en-IE, also en-GB's, for any amount", () => {
    const cents = fc.oneof(
      fc.integer({ min: -1e11, max: 1e11 }),
      fc.constantFrom(0, -0, 1, -1, 99, 100, 100000),
      fc.double({ min: -1e9, max: 1e9, noNaN: true }),
    );
    fc.assert(
      fc.property(cents, fc.constantFrom("de", "en"), (c, locale) => {
        expect(formatMoney(c, locale)).toBe(intl[locale].format(c / 100));
        if (locale === "en" && Number.isSafeInteger(c)) {
          expect(formatMoney(c, locale)).toBe(
            (c / 100).toLocaleString("en-GB", { style: "currency", currency: "EUR" }),
          );
        }
      }),
    );
  });
});
