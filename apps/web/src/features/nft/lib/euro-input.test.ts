import { describe, expect, it } from "vitest";
import { centsToEuros, eurosToCents } from "./euro-input.ts";

describe("euro input", () => {
  it("reads what partners type, in German and English", () => {
    expect(eurosToCents("12,50")).toBe(1250);
    expect(eurosToCents("12.50")).toBe(1250);
    expect(eurosToCents("12,5")).toBe(1250);
    expect(eurosToCents("12")).toBe(1200);
    expect(eurosToCents(" 12,50 € ")).toBe(1250);
    expect(eurosToCents("0,99")).toBe(99);
    expect(eurosToCents("1.234,56")).toBe(123_456);
    expect(eurosToCents("1,234.56")).toBe(123_456);
    expect(eurosToCents("1.000")).toBe(100_000);
    expect(eurosToCents("500,00")).toBe(50_000);
    expect(eurosToCents("500,01")).toBe(50_001);
    expect(eurosToCents("4,99")).toBe(499);
  });

  it("says empty or invalid, never guesses", () => {
    expect(eurosToCents("")).toBeNull();
    expect(eurosToCents("  ")).toBeNull();
    for (const text of ["abc", "-5", "12,345,6", "12,", "1.23.4", "12,5x", "1.2345,00", "9999999999"]) {
      expect(eurosToCents(text), text).toBeUndefined();
    }
  });

  it("writes cents back for editing, and round-trips", () => {
    expect(centsToEuros(1250, "de")).toBe("12,50");
    expect(centsToEuros(1250, "en")).toBe("12.50");
    expect(centsToEuros(5, "de")).toBe("0,05");
    expect(centsToEuros(null, "de")).toBe("");
    for (const cents of [1, 99, 100, 1250, 50_000, 100_000]) {
      expect(eurosToCents(centsToEuros(cents, "de"))).toBe(cents);
      expect(eurosToCents(centsToEuros(cents, "en"))).toBe(cents);
    }
  });
});
