import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  earliestContractEnd,
  earlyTerminationFeeCents,
  noticeDeadline,
  termEnd,
  terminationSchema,
} from "./contract.ts";

describe("termEnd (BGB §§ 187, 188)", () => {
  it.each([
    ["2026-01-15", 12, "2027-01-14"],
    ["2026-01-01", 12, "2026-12-31"],
    ["2024-02-29", 12, "2025-02-28"],
    ["2023-03-01", 12, "2024-02-29"],
    ["2026-08-31", 6, "2027-02-28"],
    ["2027-08-31", 6, "2028-02-29"],
    ["2026-03-31", 1, "2026-04-30"],
  ])("%s + %i months ends %s", (start, months, end) => {
    expect(termEnd(start, months)).toBe(end);
  });
});

describe("earliestContractEnd: 12 months minimum, then 3 months' notice to a quarter end", () => {
  it.each([
    // Notice early in the term: the minimum term decides, rounded up to a quarter end.
    ["2026-01-15", "2026-02-01", "2027-03-31"],
    ["2026-01-01", "2026-05-10", "2026-12-31"],
    ["2026-01-01", "2026-09-30", "2026-12-31"],
    // One day late for the quarter: the next one.
    ["2026-01-01", "2026-10-01", "2027-03-31"],
    ["2024-02-29", "2024-03-15", "2025-03-31"],
    ["2023-03-01", "2023-11-30", "2024-03-31"],
    ["2023-03-01", "2024-01-02", "2024-06-30"],
    // Long after the minimum term: only the notice counts.
    ["2020-05-05", "2026-11-23", "2027-03-31"],
    ["2020-05-05", "2026-12-31", "2027-03-31"],
    ["2020-05-05", "2027-01-01", "2027-06-30"],
  ])("start %s, notice %s: ends %s", (start, notice, end) => {
    expect(earliestContractEnd(start, notice)).toBe(end);
  });

  const day = fc
    .date({
      min: new Date("2020-01-01T00:00:00Z"),
      max: new Date("2035-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));

  it("is always a quarter end, after the minimum term, with the notice in time, and the first such", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 2000 }), (start, offset) => {
        const notice = new Date(Date.parse(start) + offset * 86_400_000).toISOString().slice(0, 10);
        const end = earliestContractEnd(start, notice);
        expect(end.slice(5)).toMatch(/^(03-31|06-30|09-30|12-31)$/);
        expect(end >= termEnd(start, 12)).toBe(true);
        expect(notice <= noticeDeadline(end)).toBe(true);
        // The quarter end before it fails one of the two rules.
        const [y, m] = end.split("-").map(Number) as [number, number];
        const prevMonth = m === 3 ? 12 : m - 3;
        const prevYear = m === 3 ? y - 1 : y;
        const prev = `${prevYear}-${String(prevMonth).padStart(2, "0")}-${new Date(Date.UTC(prevYear, prevMonth, 0)).getUTCDate()}`;
        expect(prev < termEnd(start, 12) || notice > noticeDeadline(prev)).toBe(true);
      }),
    );
  });
});

describe("early termination fee", () => {
  it("is due when the contract ends within its first 6 months: 200 EUR for masters, 30 EUR otherwise", () => {
    expect(earlyTerminationFeeCents("master", "2026-01-15", "2026-07-14")).toBe(20000);
    expect(earlyTerminationFeeCents("partner", "2026-01-15", "2026-07-14")).toBe(3000);
    expect(earlyTerminationFeeCents("slave", "2026-01-15", "2026-02-01")).toBe(3000);
    expect(earlyTerminationFeeCents("partner", "2026-01-15", "2026-07-15")).toBe(0);
    expect(earlyTerminationFeeCents("master", "2024-08-31", "2025-02-28")).toBe(20000);
    expect(earlyTerminationFeeCents("master", "2024-08-31", "2025-03-01")).toBe(0);
  });

  it("is not due for an ordinary notice, however early: the contract then lasts its minimum term", () => {
    for (const start of ["2026-01-15", "2024-02-29", "2026-08-31"]) {
      const end = earliestContractEnd(start, start);
      expect(earlyTerminationFeeCents("master", start, end)).toBe(0);
      expect(earlyTerminationFeeCents("partner", start, end)).toBe(0);
    }
  });
});

describe("terminationSchema", () => {
  it("takes an extraordinary notice only as true (a franchisee's, decision 008 section 3)", () => {
    expect(terminationSchema.parse({ confirm: true, extraordinary: true })).toEqual({
      confirm: true,
      extraordinary: true,
    });
    expect(terminationSchema.parse({ confirm: true })).toEqual({ confirm: true });
    for (const extraordinary of [false, "true", 1]) {
      const result = terminationSchema.safeParse({ confirm: true, extraordinary });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["extraordinary", "input.invalid"],
      ]);
    }
  });
});
