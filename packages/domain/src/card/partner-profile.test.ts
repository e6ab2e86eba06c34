import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTENT_LIMITS } from "../constants.ts";
import { categoriesSchema, partnerUpdateSchema, publicNameSchema } from "./partner-profile.ts";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => ({ path: i.path.join("."), message: i.message }));

describe("categories", () => {
  it("one primary category and up to two more", () => {
    expect(categoriesSchema.parse({ primary: 3 })).toEqual({ primary: 3, secondary: [] });
    expect(categoriesSchema.parse({ primary: 3, secondary: [1, 7] })).toEqual({
      primary: 3,
      secondary: [1, 7],
    });
    expect(1 + CONTENT_LIMITS.maxCategories - 1).toBe(3);
  });

  it("the primary category is required", () => {
    for (const primary of [undefined, null, 0, -1, 1.5, "3"]) {
      expect(issues(categoriesSchema.safeParse({ primary, secondary: [1] })), String(primary)).toEqual([
        { path: "primary", message: "categories.primary" },
      ]);
    }
  });

  it("at most two more, each a category id", () => {
    expect(issues(categoriesSchema.safeParse({ primary: 1, secondary: [2, 3, 4] }))).toEqual([
      { path: "secondary", message: "categories.max" },
    ]);
    expect(issues(categoriesSchema.safeParse({ primary: 1, secondary: "2" }))).toEqual([
      { path: "secondary", message: "categories.invalid" },
    ]);
    for (const bad of [0, -2, 2.5, "2", null]) {
      expect(issues(categoriesSchema.safeParse({ primary: 1, secondary: [bad] })), String(bad)).toEqual([
        { path: "secondary.0", message: "categories.invalid" },
      ]);
    }
  });

  it("no category twice, neither the primary among the others nor two equal others", () => {
    expect(issues(categoriesSchema.safeParse({ primary: 1, secondary: [1] }))).toEqual([
      { path: "secondary", message: "categories.duplicate" },
    ]);
    expect(issues(categoriesSchema.safeParse({ primary: 1, secondary: [2, 2] }))).toEqual([
      { path: "secondary", message: "categories.duplicate" },
    ]);
  });

  it("property: accepted exactly when the ids are distinct positive integers and at most 3 in all", () => {
    const id = fc.integer({ min: 1, max: 6 });
    fc.assert(
      fc.property(id, fc.array(id, { maxLength: 4 }), (primary, secondary) => {
        const ok = secondary.length <= 2 && new Set([primary, ...secondary]).size === secondary.length + 1;
        expect(categoriesSchema.safeParse({ primary, secondary }).success).toBe(ok);
      }),
    );
  });
});

describe("public name", () => {
  it("2 to 50 characters after trimming", () => {
    expect(publicNameSchema.parse("  Café Sonne ")).toBe("Café Sonne");
    expect(publicNameSchema.safeParse(" A ").error?.issues[0]?.message).toBe("publicName.min");
    expect(publicNameSchema.safeParse("x".repeat(51)).error?.issues[0]?.message).toBe("publicName.max");
    expect(publicNameSchema.safeParse(null).error?.issues[0]?.message).toBe("publicName.min");
    expect(publicNameSchema.parse("x".repeat(50))).toHaveLength(50);
  });
});

describe("partnerUpdateSchema (partial updates)", () => {
  it("an absent field is kept: the output has only what was sent", () => {
    expect(partnerUpdateSchema.parse({ points: 10 })).toEqual({ points: 10 });
    expect(partnerUpdateSchema.parse({ public_name: " Café Sonne " })).toEqual({ public_name: "Café Sonne" });
    expect(partnerUpdateSchema.parse({ categories: { primary: 2 } })).toEqual({
      categories: { primary: 2, secondary: [] },
    });
    expect(partnerUpdateSchema.parse({ cumulative_billing: false })).toEqual({ cumulative_billing: false });
    const parsed = partnerUpdateSchema.parse({ description: "Jeder 10. Kaffee gratis" });
    expect(Object.keys(parsed)).toEqual(["description"]);
  });

  it("takes the conditions whole; empty ones clear them", () => {
    expect(partnerUpdateSchema.parse({ conditions: {} })).toEqual({
      conditions: { excluded_products: [], time_limits: null, minimum_spend_cents: null, note: null },
    });
    expect(partnerUpdateSchema.parse({ conditions: { minimum_spend_cents: 0, note: "  " } })).toEqual({
      conditions: { excluded_products: [], time_limits: null, minimum_spend_cents: null, note: null },
    });
  });

  it("required card fields and the public name cannot be cleared", () => {
    expect(issues(partnerUpdateSchema.safeParse({ description: "" }))).toEqual([
      { path: "description", message: "card.description.required" },
    ]);
    expect(issues(partnerUpdateSchema.safeParse({ points: null }))).toEqual([
      { path: "points", message: "card.points" },
    ]);
    expect(issues(partnerUpdateSchema.safeParse({ public_name: "" }))).toEqual([
      { path: "public_name", message: "publicName.min" },
    ]);
    expect(issues(partnerUpdateSchema.safeParse({ public_name: null }))).toEqual([
      { path: "public_name", message: "publicName.min" },
    ]);
  });

  it("an empty body (or only unknown or undefined fields) is rejected", () => {
    for (const body of [{}, { unknown: 1 }, { description: undefined }]) {
      expect(issues(partnerUpdateSchema.safeParse(body)), JSON.stringify(body)).toEqual([
        { path: "", message: "input.invalid" },
      ]);
    }
  });

  it("checks every field it gets, with the field's message", () => {
    expect(
      issues(
        partnerUpdateSchema.safeParse({
          description: Array(21).fill("Wort").join(" "),
          points: 1,
          conditions: { minimum_spend_cents: -1, excluded_products: ["x".repeat(41)] },
          categories: { secondary: [1] },
          cumulative_billing: "yes",
          public_name: "x".repeat(51),
        }),
      ),
    ).toEqual([
      { path: "description", message: "card.description.words" },
      { path: "points", message: "card.points" },
      { path: "conditions.excluded_products.0", message: "card.excluded.length" },
      { path: "conditions.minimum_spend_cents", message: "card.minimumSpend" },
      { path: "public_name", message: "publicName.max" },
      { path: "categories.primary", message: "categories.primary" },
      { path: "cumulative_billing", message: "input.invalid" },
    ]);
  });
});
