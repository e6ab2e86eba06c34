import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { euroAmount, wholeNumber } from "./message-numbers.ts";

const intlLocale = { de: "de-DE", en: "en-GB" } as const;

describe("message numbers", () => {
  it("writes whole numbers as Intl does for de-DE and en-GB", () => {
    expect(wholeNumber(2000, "de")).toBe("2.000");
    expect(wholeNumber(2000, "en")).toBe("2,000");
    expect(wholeNumber(999, "de")).toBe("999");
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom("de", "en"), (n, locale) => {
        expect(wholeNumber(n, locale)).toBe(n.toLocaleString(intlLocale[locale]));
      }),
    );
  });

  it("writes euro amounts as Intl does for de-DE and en-GB", () => {
    expect(euroAmount(100000, "de")).toBe("1.000,00\u00a0€");
    expect(euroAmount(100000, "en")).toBe("€1,000.00");
    expect(euroAmount(5, "de")).toBe("0,05\u00a0€");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), fc.constantFrom("de", "en"), (cents, locale) => {
        const intl = (cents / 100).toLocaleString(intlLocale[locale], {
          style: "currency",
          currency: "EUR",
          minimumFractionDigits: 2,
        });
        expect(euroAmount(cents, locale)).toBe(intl);
      }),
    );
  });

  it("refuses what is not a whole number of cents", () => {
    expect(() => wholeNumber(1.5, "de")).toThrow(RangeError);
    expect(() => euroAmount(-1, "en")).toThrow(RangeError);
    expect(() => euroAmount(10.5, "de")).toThrow(RangeError);
  });
});
