import { describe, expect, it } from "vitest";
import { formatDay, formatsFor } from "./formats.ts";

describe("formatsFor", () => {
  it("writes money, numbers and calendar values as German readers expect", () => {
    const f = formatsFor("de");
    expect(f.money(1208)).toBe("12,08\u00a0€");
    expect(f.number(1234)).toBe("1.234");
    expect(f.day("2026-11-23")).toBe("23.11.2026");
    expect(f.monthLong("2026-11")).toBe("November 2026");
    expect(formatDay("2027-03-31", "de")).toBe("31.03.2027");
  });

  it("writes them in British English for en", () => {
    const f = formatsFor("en");
    expect(f.money(1208)).toBe("€12.08");
    expect(f.day("2026-11-23")).toBe("23 Nov 2026");
    expect(f.monthLong("2026-11-01")).toBe("November 2026");
    expect(formatDay("2027-03-31", "en")).toBe("31/03/2027");
  });

  it("keeps a calendar day on its day in any time zone (formatted in UTC)", () => {
    expect(formatsFor("de").day("2026-01-01")).toBe("01.01.2026");
    expect(formatsFor("de").dayShort("2026-11-16")).toBe("16.11.");
  });

  it("writes the day of a moment in digits, in the viewer's time zone", () => {
    // Noon UTC is the same day in every time zone a partner is in.
    expect(formatsFor("de").dateNumeric("2026-11-04T12:00:00Z")).toBe("04.11.2026");
    expect(formatsFor("en").dateNumeric("2026-11-04T12:00:00Z")).toBe("04/11/2026");
  });
});
