import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bonusCardSchema, countWords, partnerSocialSchema } from "./bonus-card.ts";

const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("countWords", () => {
  it("counts words as a reader does", () => {
    expect(countWords("Jeder 10. Kaffee gratis")).toBe(4);
    expect(countWords("  Café-Latte   zum  halben Preis – ab 15 Uhr ")).toBe(7);
    expect(countWords("")).toBe(0);
  });

  it("never counts more words than whitespace-separated pieces", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(countWords(s)).toBeLessThanOrEqual(s.trim().split(/\s+/).length);
      }),
    );
  });
});

describe("bonusCardSchema", () => {
  const valid = { description: "Jeder 10. Kaffee gratis", points: 10 };

  it("accepts at most 20 words and 2 to 20 points", () => {
    expect(bonusCardSchema.parse(valid)).toMatchObject({
      points: 10,
      conditions: { minimum_spend_cents: null },
    });
    expect(
      bonusCardSchema.safeParse({ ...valid, description: Array(20).fill("Wort").join(" ") }).success,
    ).toBe(true);
    expect(
      issues(bonusCardSchema.safeParse({ ...valid, description: Array(21).fill("Wort").join(" ") })),
    ).toEqual({
      description: "card.description.words",
    });
    expect(issues(bonusCardSchema.safeParse({ ...valid, points: 1 }))).toEqual({ points: "card.points" });
    expect(issues(bonusCardSchema.safeParse({ ...valid, points: 21 }))).toEqual({ points: "card.points" });
    expect(issues(bonusCardSchema.safeParse({ ...valid, description: "  " }))).toEqual({
      description: "card.description.required",
    });
  });
});

describe("partnerSocialSchema", () => {
  it("takes web addresses for networks and an email address for contact", () => {
    expect(partnerSocialSchema.parse({ type: "instagram", url: " https://instagram.com/cafe " })).toEqual({
      type: "instagram",
      url: "https://instagram.com/cafe",
    });
    expect(partnerSocialSchema.parse({ type: "email", url: "Hallo@Cafe.de" })).toEqual({
      type: "email",
      url: "hallo@cafe.de",
    });
    expect(issues(partnerSocialSchema.safeParse({ type: "website", url: "javascript:alert(1)" }))).toEqual({
      url: "social.url",
    });
    expect(issues(partnerSocialSchema.safeParse({ type: "email", url: "nope" }))).toEqual({
      url: "email.invalid",
    });
    expect(issues(partnerSocialSchema.safeParse({ type: "myspace", url: "https://x.de" }))).toEqual({
      type: "social.type",
    });
  });
});
