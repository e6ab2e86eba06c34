import { describe, expect, it } from "vitest";
import {
  describeReward,
  offerConflictText,
  offerCountConflict,
  offerCounts,
  pointsFieldText,
  rewardVisit,
  rewardVisitText,
} from "./reward-visit.ts";

describe("reward visit", () => {
  it("does not count the redeeming visit: 10 points give the reward on the 11th visit", () => {
    expect(rewardVisit(10)).toBe(11);
    expect(rewardVisitText(10, "de")).toBe(
      "Sammeln Sie 10 Punkte: Bei Ihrem 11. Besuch erhalten Sie die Prämie.",
    );
    expect(rewardVisitText(10, "en")).toBe("Collect 10 points: the reward is yours on your 11th visit.");
  });

  it("writes English ordinals as they are spoken", () => {
    expect([1, 2, 4, 12, 20, 21].map((p) => rewardVisitText(p, "en").match(/your (\w+) visit/)?.[1])).toEqual(
      ["2nd", "3rd", "5th", "13th", "21st", "22nd"],
    );
  });
});

describe("the points field and the card preview", () => {
  it("says beside the points field which visit is rewarded", () => {
    expect(pointsFieldText(10, "de")).toBe(
      "Jeder 11. Besuch wird belohnt: 10 Stempel sammeln, beim 11. Besuch einlösen.",
    );
    expect(pointsFieldText(10, "en")).toBe(
      "Every 11th visit is rewarded: collect 10 stamps, redeem on the 11th visit.",
    );
    expect(pointsFieldText(2, "en")).toContain("Every 3rd visit");
  });

  it("phrases a free item as the reward visit in English, and a short offer after the visit in German", () => {
    expect(describeReward(10, "Free coffee", "en")).toBe("Every 11th coffee free");
    expect(describeReward(10, "A free cappuccino.", "en")).toBe("Every 11th cappuccino free");
    expect(describeReward(10, "Coffee for free", "en")).toBe("Every 11th coffee free");
    expect(describeReward(10, "Kaffee gratis", "de")).toBe("Jeder 11. Besuch: Kaffee gratis");
    expect(describeReward(4, "Ein Stück Kuchen nach Wahl", "de")).toBe(
      "Jeder 5. Besuch: Ein Stück Kuchen nach Wahl",
    );
    expect(describeReward(4, "Free pastries", "en")).toBe("Every 5th visit: Free pastries");
  });

  it("keeps an offer that already names the right visit", () => {
    expect(describeReward(9, "Jeder 10. Kaffee ist gratis – auch Cappuccino", "de")).toBe(
      "Jeder 10. Kaffee ist gratis – auch Cappuccino",
    );
    expect(describeReward(10, "Every 11th coffee on the house", "en")).toBe("Every 11th coffee on the house");
  });

  it("falls back to a general sentence for an empty, long or contradicting offer", () => {
    expect(describeReward(10, "", "de")).toBe("Jeder 11. Besuch wird belohnt");
    expect(describeReward(10, null, "en")).toBe("Every 11th visit is rewarded");
    expect(describeReward(10, "Jeder 10. Kaffee gratis", "de")).toBe("Jeder 11. Besuch wird belohnt");
    expect(
      describeReward(10, "Ein Heißgetränk Ihrer Wahl in jeder Größe, auch mit Hafermilch und Sirup", "de"),
    ).toBe("Jeder 11. Besuch wird belohnt");
    expect(describeReward(10, "Kaffee gratis. Gilt nicht für Bohnen", "en")).toBe(
      "Every 11th visit is rewarded",
    );
  });
});

describe("counts the offer names", () => {
  it("reads ordinals as the reward visit and counts of stamps as the points, in both languages", () => {
    expect(offerCounts("Jeder 10. Kaffee gratis")).toEqual([{ kind: "visit", value: 10, text: "10." }]);
    expect(offerCounts("every 10th coffee free")).toEqual([{ kind: "visit", value: 10, text: "10th" }]);
    expect(offerCounts("Jeder zehnte Kaffee gratis")).toEqual([
      { kind: "visit", value: 10, text: "Jeder zehnte" },
    ]);
    expect(offerCounts("Every eleventh coffee")).toEqual([
      { kind: "visit", value: 11, text: "Every eleventh" },
    ]);
    expect(offerCounts("Nach 8 Stempeln ein Croissant")).toEqual([
      { kind: "stamps", value: 8, text: "8 Stempeln" },
    ]);
    expect(offerCounts("nach acht Stempeln")).toEqual([{ kind: "stamps", value: 8, text: "acht Stempeln" }]);
    expect(offerCounts("Buy 10, get one free")).toEqual([{ kind: "stamps", value: 10, text: "Buy 10" }]);
    expect(offerCounts("Unsere 10er-Karte")).toEqual([{ kind: "stamps", value: 10, text: "10er-" }]);
  });

  it("leaves amounts, prices, dates and times alone", () => {
    expect(offerCounts("2 Kugeln Eis gratis")).toEqual([]);
    expect(offerCounts("5 € Rabatt auf 0,5 l")).toEqual([]);
    expect(offerCounts("Gültig ab 10.11.2026 und ab 1. Mai, ab 9.30 Uhr")).toEqual([]);
    expect(offerCounts("A second cup at half price")).toEqual([]);
    expect(offerCounts("Kaffee gratis")).toEqual([]);
  });

  it("warns only when a count does not fit the points", () => {
    expect(offerCountConflict(10, "Jeder 11. Kaffee gratis")).toBeNull();
    expect(offerCountConflict(10, "Nach 10 Stempeln ein Kaffee gratis")).toBeNull();
    expect(offerCountConflict(10, "Jeder 10. Kaffee gratis")).toEqual({
      kind: "visit",
      value: 10,
      text: "10.",
    });
    expect(offerCountConflict(10, "nach 8 Stempeln")).toEqual({
      kind: "stamps",
      value: 8,
      text: "8 Stempeln",
    });
    expect(offerConflictText(10, "Jeder 10. Kaffee gratis", "de")).toBe(
      "Ihr Angebot nennt „10.“, bei 10 Punkten gibt es die Prämie aber beim 11. Besuch. Bitte passen Sie die Punkte oder den Text an.",
    );
    expect(offerConflictText(10, "after 8 stamps", "en")).toBe(
      "Your offer says “8 stamps”, but with 10 points the reward comes on the 11th visit. Please change the points or the text.",
    );
    expect(offerConflictText(10, "Kaffee gratis", "en")).toBeNull();
  });
});
