import { describe, expect, it } from "vitest";
import { offeredLocales, textIn } from "./locales.ts";

const lists = { blockedDe: [885, 886, 887, 172], allowFr: [885, 886, 887, 171, 319], allowIt: [964] };

describe("offeredLocales", () => {
  it("offers de and en to every other location", () => {
    expect(offeredLocales(1, lists)).toEqual(["de", "en"]);
  });
  it("adds fr and it for allowed locations and drops de for blocked ones", () => {
    expect(offeredLocales(171, lists)).toEqual(["de", "en", "fr"]);
    expect(offeredLocales(964, lists)).toEqual(["de", "en", "it"]);
    expect(offeredLocales(172, lists)).toEqual(["en"]);
    expect(offeredLocales(885, lists)).toEqual(["en", "fr"]);
  });
  it("follows the lists it is given", () => {
    expect(offeredLocales(885, { blockedDe: [], allowFr: [], allowIt: [885] })).toEqual(["de", "en", "it"]);
  });
});

describe("textIn", () => {
  const offered = ["de", "en", "fr"] as const;
  it("takes the page's language", () => {
    expect(textIn({ de: "Suppe", en: "Soup", fr: "Soupe" }, "fr", offered)).toBe("Soupe");
  });
  it("falls back to German, then to the first offered, then to any", () => {
    expect(textIn({ de: "Suppe", en: "Soup" }, "fr", offered)).toBe("Suppe");
    expect(textIn({ fr: "Soupe", en: "Soup" }, "it", offered)).toBe("Soup");
    expect(textIn({ it: "Zuppa" }, "en", offered)).toBe("Zuppa");
  });
  it("skips empty texts and answers undefined when there is none", () => {
    expect(textIn({ en: "  ", de: "Suppe" }, "en", offered)).toBe("Suppe");
    expect(textIn({ en: { title: "Soup" }, de: { title: "" } }, "de", offered)).toEqual({ title: "Soup" });
    expect(textIn({}, "de", offered)).toBeUndefined();
    expect(textIn(null, "de", offered)).toBeUndefined();
  });
});
