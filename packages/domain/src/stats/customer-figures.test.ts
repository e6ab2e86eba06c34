import { describe, expect, it } from "vitest";
import {
  CUSTOMER_WORDS,
  customerLabel,
  isReturningCustomer,
  outstandingRewards,
  outstandingRewardsText,
} from "./customer-figures.ts";

describe("isReturningCustomer", () => {
  it("is returning when the first visit was in an earlier month, new in the month of the first visit", () => {
    expect(isReturningCustomer("2026-10-01", "2026-11-01")).toBe(true);
    expect(isReturningCustomer("2025-12-01", "2026-01")).toBe(true);
    expect(isReturningCustomer("2026-11-01", "2026-11-01")).toBe(false);
    expect(isReturningCustomer("2026-11", "2026-11-01")).toBe(false);
  });
});

describe("outstandingRewards", () => {
  it("counts whole cards and the rest card by card, not the total divided", () => {
    // Cards of 10 points: 7 (×3), 9, 10, 23 (two full cards and 3 after a lowered card size).
    const levels = [
      { points: 7, cards: 3 },
      { points: 9, cards: 1 },
      { points: 10, cards: 1 },
      { points: 23, cards: 1 },
    ];
    expect(outstandingRewards(levels, 10)).toEqual({ fullCards: 3, openPoints: 21 + 9 + 0 + 3, points: 63 });
    // 63 / 10 would be "about 6.3 rewards"; only 3 cards can be redeemed.
  });

  it("without a card size, every point is open", () => {
    expect(outstandingRewards([{ points: 4, cards: 2 }], null)).toEqual({
      fullCards: 0,
      openPoints: 8,
      points: 8,
    });
    expect(outstandingRewards([], 10)).toEqual({ fullCards: 0, openPoints: 0, points: 0 });
  });
});

describe("words", () => {
  it("say the outstanding rewards in whole cards and open points, singular and plural", () => {
    expect(outstandingRewardsText({ fullCards: 12, openPoints: 334 }, "de")).toBe(
      "12 volle Karten und 334 offene Punkte",
    );
    expect(outstandingRewardsText({ fullCards: 12, openPoints: 334 }, "en")).toBe(
      "12 full cards and 334 open points",
    );
    expect(outstandingRewardsText({ fullCards: 1, openPoints: 1 }, "de")).toBe(
      "1 volle Karte und 1 offener Punkt",
    );
    expect(outstandingRewardsText({ fullCards: 1, openPoints: 1 }, "en")).toBe(
      "1 full card and 1 open point",
    );
    expect(outstandingRewardsText({ fullCards: 1234, openPoints: 0 }, "de")).toBe(
      "1.234 volle Karten und 0 offene Punkte",
    );
    expect(outstandingRewardsText({ fullCards: 1234, openPoints: 0 }, "en")).toBe(
      "1,234 full cards and 0 open points",
    );
  });

  it("name a customer by the shared name, else by number, never anything else", () => {
    expect(customerLabel({ name: "Anna Schmidt", number: 4711 }, "de")).toBe("Anna Schmidt");
    expect(customerLabel({ name: null, number: 4711 }, "de")).toBe("Kunde 4711");
    expect(customerLabel({ name: "  ", number: 4711 }, "en")).toBe("Customer 4711");
  });

  it("name returning customers and the revenue basis the same way in both languages", () => {
    for (const words of [CUSTOMER_WORDS.de, CUSTOMER_WORDS.en]) {
      expect(words.revenueBasis.toLowerCase()).toContain(words.returning);
      expect(words.returningCustomers.toLowerCase()).toContain(words.returning);
    }
    expect(CUSTOMER_WORDS.de.revenueScans(1)).toBe("1 Scan wiederkehrender Kunden");
    expect(CUSTOMER_WORDS.de.revenueScans(1500)).toBe("1.500 Scans wiederkehrender Kunden");
    expect(CUSTOMER_WORDS.en.revenueScans(2)).toBe("2 scans by returning customers");
  });
});
