import { describe, expect, it } from "vitest";
import { isMessageKey } from "../validation/messages.ts";
import { ADDITIVE_CODES, ADDITIVES, ALLERGEN_CODES, ALLERGENS } from "./kinds.ts";
import { MENU_LOCALES } from "./locales.ts";
import {
  displayTimesSchema,
  menuItemCreateSchema,
  menuItemFieldsSchema,
  menuSettingsSchema,
  menuTableSchema,
} from "./schemas.ts";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.success ? [] : (result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("menu kinds", () => {
  it("names the 14 allergens of Annex II and the additives in every menu language", () => {
    expect(ALLERGEN_CODES).toHaveLength(14);
    expect(ADDITIVE_CODES).toHaveLength(12);
    for (const names of [...Object.values(ALLERGENS), ...Object.values(ADDITIVES)]) {
      for (const locale of MENU_LOCALES) expect(names[locale].length).toBeGreaterThan(0);
    }
  });
});

describe("menu item schemas", () => {
  it("keeps a dish's fields and drops empty texts", () => {
    const dish = menuItemCreateSchema.parse({
      kind: "dish",
      texts: { de: { title: " Schnitzel ", body: "" }, en: { title: "" } },
      price_cents: 1450,
      allergens: ["milk", "gluten", "milk"],
      additives: [],
    });
    expect(dish).toEqual({
      kind: "dish",
      texts: { de: { title: "Schnitzel" } },
      url: null,
      price_cents: 1450,
      allergens: ["gluten", "milk"],
      additives: [],
    });
  });

  it("drops fields another kind uses", () => {
    const section = menuItemCreateSchema.parse({
      kind: "section",
      texts: { de: { title: "Vorspeisen" } },
      url: "https://example.com",
      price_cents: 100,
      allergens: ["milk"],
    });
    expect(section).toMatchObject({ url: null, price_cents: null, allergens: [] });
  });

  it("refuses bad input with a message on the field", () => {
    expect(issues(menuItemCreateSchema.safeParse({ kind: "video" }))).toContainEqual(["kind", "menu.kind"]);
    expect(issues(menuItemCreateSchema.safeParse({ kind: "dish", texts: {} }))).toEqual([
      ["texts", "menu.title.required"],
    ]);
    expect(issues(menuItemCreateSchema.safeParse({ kind: "link", texts: {} }))).toEqual([
      ["url", "menu.url.required"],
    ]);
    expect(
      issues(menuItemCreateSchema.safeParse({ kind: "link", url: "javascript:alert(1)" })),
    ).toContainEqual(["url", "menu.url"]);
    const dish = { kind: "dish", texts: { de: { title: "Suppe" } } };
    expect(issues(menuItemCreateSchema.safeParse({ ...dish, price_cents: 100_001 }))).toEqual([
      ["price_cents", "menu.price"],
    ]);
    expect(issues(menuItemCreateSchema.safeParse({ ...dish, price_cents: -1 }))).toEqual([
      ["price_cents", "menu.price"],
    ]);
    expect(issues(menuItemCreateSchema.safeParse({ ...dish, price_cents: 1.5 }))).toEqual([
      ["price_cents", "menu.price"],
    ]);
    expect(issues(menuItemCreateSchema.safeParse({ ...dish, allergens: ["shellfish"] }))).toEqual([
      ["allergens.0", "menu.allergens"],
    ]);
    expect(issues(menuItemCreateSchema.safeParse({ ...dish, additives: ["msg"] }))).toEqual([
      ["additives.0", "menu.additives"],
    ]);
    expect(
      issues(menuItemCreateSchema.safeParse({ ...dish, texts: { es: { title: "Sopa" } } })),
    ).toContainEqual(["texts", "menu.texts"]);
    expect(issues(menuItemFieldsSchema("text").safeParse({ texts: { de: { body: " " } } }))).toEqual([
      ["texts", "menu.text.required"],
    ]);
    expect(
      issues(menuItemFieldsSchema("text").safeParse({ texts: { de: { title: "x".repeat(121) } } })),
    ).toContainEqual(["texts.de.title", "menu.title.max"]);
  });

  it("accepts 1 to 3 display windows of HH:MM, crossing midnight when to is before from", () => {
    expect(
      displayTimesSchema.parse({ windows: [{ days: ["sun", "fri"], from: "18:00", to: "02:00" }] }),
    ).toEqual({ windows: [{ days: ["fri", "sun"], from: "18:00", to: "02:00" }] });
    const w = { days: ["mon"], from: "11:00", to: "14:00" };
    expect(issues(displayTimesSchema.safeParse({ windows: [] }))).toEqual([
      ["windows", "menu.displayTimes.windows"],
    ]);
    expect(issues(displayTimesSchema.safeParse({ windows: [w, w, w, w] }))).toEqual([
      ["windows", "menu.displayTimes.windows"],
    ]);
    expect(issues(displayTimesSchema.safeParse({ windows: [{ ...w, from: "25:00" }] }))).toEqual([
      ["windows.0.from", "menu.displayTimes.time"],
    ]);
    expect(issues(displayTimesSchema.safeParse({ windows: [{ ...w, to: "9:00" }] }))).toEqual([
      ["windows.0.to", "menu.displayTimes.time"],
    ]);
    expect(issues(displayTimesSchema.safeParse({ windows: [{ ...w, days: [] }] }))).toEqual([
      ["windows.0.days", "menu.displayTimes.days"],
    ]);
    expect(issues(displayTimesSchema.safeParse({ windows: [{ ...w, to: "11:00" }] }))).toEqual([
      ["windows.0.to", "menu.displayTimes.same"],
    ]);
  });

  it("table names and settings", () => {
    expect(issues(menuTableSchema.safeParse({ name: " " }))).toEqual([["name", "menu.table.name"]]);
    expect(issues(menuTableSchema.safeParse({ name: "x".repeat(41) }))).toEqual([
      ["name", "menu.table.name"],
    ]);
    expect(menuSettingsSchema.parse({ registration_url: "", review_url: null })).toEqual({
      registration_url: null,
      review_url: null,
      social_links: [],
    });
    expect(
      menuSettingsSchema.parse({ social_links: [{ type: "email", url: " Info@Cafe.de " }] }).social_links,
    ).toEqual([{ type: "email", url: "info@cafe.de" }]);
    expect(
      issues(
        menuSettingsSchema.safeParse({ social_links: [{ type: "website", url: "javascript:alert(1)" }] }),
      ),
    ).toEqual([["social_links.0.url", "social.url"]]);
    const link = { type: "instagram", url: "https://instagram.com/x" };
    expect(issues(menuSettingsSchema.safeParse({ social_links: [link, link] }))).toEqual([
      ["social_links.1.type", "social.duplicate"],
    ]);
  });

  it("every menu message exists", () => {
    for (const key of [
      "menu.kind",
      "menu.texts",
      "menu.title.required",
      "menu.price",
      "menu.displayTimes.same",
      "menu.table.nameTaken",
    ]) {
      expect(isMessageKey(key)).toBe(true);
    }
  });
});
