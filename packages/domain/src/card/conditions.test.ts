import { describe, expect, it } from "vitest";
import { CARD_CONDITIONS } from "../constants.ts";
import { cardConditionsSchema, timeLimitsAllow } from "./conditions.ts";
import { conditionsText, weekdaysText } from "./conditions-text.ts";

const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

const weekdays = ["mon", "tue", "wed", "thu", "fri"] as const;
const mornings = {
  applies_to: "both" as const,
  windows: [{ days: [...weekdays], from: "08:00", to: "12:00" }],
};

describe("cardConditionsSchema", () => {
  it("defaults to no conditions and trims the labels", () => {
    expect(cardConditionsSchema.parse({})).toEqual({
      excluded_products: [],
      time_limits: null,
      minimum_spend_cents: null,
      note: null,
    });
    expect(cardConditionsSchema.parse({ excluded_products: [" Tabakwaren "] }).excluded_products).toEqual([
      "Tabakwaren",
    ]);
  });

  it("takes at most 10 product groups of 1 to 40 characters, each once", () => {
    const ten = Array.from({ length: CARD_CONDITIONS.maxExcludedProducts }, (_, i) => `Gruppe ${i}`);
    expect(cardConditionsSchema.safeParse({ excluded_products: ten }).success).toBe(true);
    expect(issues(cardConditionsSchema.safeParse({ excluded_products: [...ten, "Elf"] }))).toEqual({
      excluded_products: "card.excluded.max",
    });
    expect(issues(cardConditionsSchema.safeParse({ excluded_products: ["x".repeat(40)] }))).toEqual({});
    expect(issues(cardConditionsSchema.safeParse({ excluded_products: ["ok", "x".repeat(41)] }))).toEqual({
      "excluded_products.1": "card.excluded.length",
    });
    expect(issues(cardConditionsSchema.safeParse({ excluded_products: ["  "] }))).toEqual({
      "excluded_products.0": "card.excluded.length",
    });
    expect(issues(cardConditionsSchema.safeParse({ excluded_products: ["Pfand", "pfand"] }))).toEqual({
      "excluded_products.1": "card.excluded.duplicate",
    });
    expect(issues(cardConditionsSchema.safeParse({ excluded_products: ["Tabak\nwaren"] }))).toEqual({
      "excluded_products.0": "text.oneLine",
    });
  });

  it("orders the days of a window and checks its times", () => {
    const parsed = cardConditionsSchema.parse({
      time_limits: {
        applies_to: "redeem",
        windows: [{ days: ["sat", "mon", "mon"], from: "09:00", to: "11:30" }],
      },
    });
    expect(parsed.time_limits).toEqual({
      applies_to: "redeem",
      windows: [{ days: ["mon", "sat"], from: "09:00", to: "11:30" }],
    });
    const window = (w: object) =>
      issues(cardConditionsSchema.safeParse({ time_limits: { applies_to: "both", windows: [w] } }));
    expect(window({ days: [], from: "08:00", to: "12:00" })).toEqual({
      "time_limits.windows.0.days": "card.timeLimits.days",
    });
    expect(window({ days: ["xyz"], from: "08:00", to: "12:00" })).toEqual({
      "time_limits.windows.0.days.0": "card.timeLimits.days",
    });
    expect(window({ days: ["mon"], from: "12:00", to: "08:00" })).toEqual({
      "time_limits.windows.0.to": "card.timeLimits.order",
    });
    expect(window({ days: ["mon"], from: "8 Uhr", to: "12:00" })).toMatchObject({
      "time_limits.windows.0.from": "hours.format",
    });
    expect(
      issues(cardConditionsSchema.safeParse({ time_limits: { applies_to: "both", windows: [] } })),
    ).toEqual({
      "time_limits.windows": "card.timeLimits.windows",
    });
    const four = Array(CARD_CONDITIONS.maxTimeWindows + 1).fill({
      days: ["mon"],
      from: "08:00",
      to: "09:00",
    });
    expect(
      issues(cardConditionsSchema.safeParse({ time_limits: { applies_to: "both", windows: four } })),
    ).toEqual({
      "time_limits.windows": "card.timeLimits.tooMany",
    });
    expect(
      issues(cardConditionsSchema.safeParse({ time_limits: { applies_to: "always", windows: [] } })),
    ).toMatchObject({
      "time_limits.applies_to": "card.timeLimits.appliesTo",
    });
  });

  it("takes a minimum spend of 0 to 1.000 € in whole cents; 0 means none", () => {
    expect(cardConditionsSchema.parse({ minimum_spend_cents: 0 }).minimum_spend_cents).toBeNull();
    expect(cardConditionsSchema.parse({ minimum_spend_cents: 100_000 }).minimum_spend_cents).toBe(100_000);
    for (const bad of [-1, 100_001, 2.5, "500"]) {
      expect(issues(cardConditionsSchema.safeParse({ minimum_spend_cents: bad }))).toEqual({
        minimum_spend_cents: "card.minimumSpend",
      });
    }
  });

  it("keeps a note of at most 300 characters", () => {
    expect(cardConditionsSchema.parse({ note: " Nicht mit Aktionen kombinierbar " }).note).toBe(
      "Nicht mit Aktionen kombinierbar",
    );
    expect(issues(cardConditionsSchema.safeParse({ note: "x".repeat(301) }))).toEqual({ note: "text.max" });
  });
});

describe("timeLimitsAllow", () => {
  // 2026-11-23 is a Monday; Berlin is UTC+1 in November, UTC+2 in July.
  it("allows inside a window in Berlin time, from included and to excluded", () => {
    expect(timeLimitsAllow(mornings, "collect", new Date("2026-11-23T07:00:00Z"))).toBe(true); // 08:00
    expect(timeLimitsAllow(mornings, "collect", new Date("2026-11-23T10:59:00Z"))).toBe(true); // 11:59
    expect(timeLimitsAllow(mornings, "collect", new Date("2026-11-23T11:00:00Z"))).toBe(false); // 12:00
    expect(timeLimitsAllow(mornings, "redeem", new Date("2026-11-23T06:59:00Z"))).toBe(false); // 07:59
    expect(timeLimitsAllow(mornings, "collect", new Date("2026-11-28T08:00:00Z"))).toBe(false); // Saturday
    expect(timeLimitsAllow(mornings, "collect", new Date("2026-07-06T06:30:00Z"))).toBe(true); // Mon 08:30 CEST
  });

  it("restricts only the action it applies to", () => {
    const saturday = new Date("2026-11-28T08:00:00Z");
    expect(timeLimitsAllow({ ...mornings, applies_to: "redeem" }, "collect", saturday)).toBe(true);
    expect(timeLimitsAllow({ ...mornings, applies_to: "redeem" }, "redeem", saturday)).toBe(false);
    expect(timeLimitsAllow({ ...mornings, applies_to: "collect" }, "redeem", saturday)).toBe(true);
    expect(timeLimitsAllow(null, "collect", saturday)).toBe(true);
  });
});

describe("conditionsText", () => {
  it("words every condition in German and English", () => {
    const conditions = cardConditionsSchema.parse({
      excluded_products: ["Tabakwaren", "Zeitschriften"],
      minimum_spend_cents: 500,
      time_limits: mornings,
      note: "Nicht mit anderen Aktionen kombinierbar",
    });
    expect(conditionsText(conditions, "de")).toEqual([
      "Nicht gültig für: Tabakwaren, Zeitschriften",
      "Mindestumsatz 5,00\u00a0€ pro Stempel",
      "Nur Mo–Fr 08:00–12:00",
      "Nicht mit anderen Aktionen kombinierbar",
    ]);
    expect(conditionsText(conditions, "en")).toEqual([
      "Not valid for: Tabakwaren, Zeitschriften",
      "Minimum spend €5.00 per stamp",
      "Only Mon–Fri 08:00–12:00",
      "Nicht mit anderen Aktionen kombinierbar",
    ]);
    expect(conditionsText(cardConditionsSchema.parse({}), "de")).toEqual([]);
  });

  it("names days in ranges from three in a row, and whole weeks as daily", () => {
    expect(weekdaysText(["mon", "tue", "wed", "fri"], "de")).toBe("Mo–Mi, Fr");
    expect(weekdaysText(["sat", "sun"], "de")).toBe("Sa, So");
    expect(weekdaysText(["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "en")).toBe("daily");
    const two = cardConditionsSchema.parse({
      time_limits: {
        applies_to: "collect",
        windows: [
          { days: ["sat"], from: "09:00", to: "11:00" },
          { days: ["mon", "tue", "wed"], from: "14:00", to: "17:00" },
        ],
      },
    });
    expect(conditionsText(two, "de")).toEqual(["Stempel nur Sa 09:00–11:00 und Mo–Mi 14:00–17:00"]);
  });
});
