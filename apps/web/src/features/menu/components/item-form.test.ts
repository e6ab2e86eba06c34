import { describe, expect, it } from "vitest";
import { editLocalesOf, priceCents } from "./item-form.tsx";

// The item form asks for texts in the languages the location offers (decision 009, section 1).

describe("editLocalesOf", () => {
  it("follows the location's offered languages, in the menu's language order", () => {
    expect(editLocalesOf(["de", "en"])).toEqual(["de", "en"]);
    expect(editLocalesOf(["en", "fr", "de"])).toEqual(["de", "en", "fr"]);
    expect(editLocalesOf(["de", "en", "fr", "it"])).toEqual(["de", "en", "fr", "it"]);
  });

  it("asks a DE-blocked location for no German text", () => {
    expect(editLocalesOf(["en", "fr"])).toEqual(["en", "fr"]);
    expect(editLocalesOf(["en", "it"])).not.toContain("de");
  });

  it("is de and en until the menu has loaded", () => {
    expect(editLocalesOf(undefined)).toEqual(["de", "en"]);
    expect(editLocalesOf([])).toEqual(["de", "en"]);
  });
});

describe("priceCents", () => {
  it("reads prices with a comma or a point", () => {
    expect(priceCents("12,5")).toBe(1250);
    expect(priceCents("12.50")).toBe(1250);
    expect(priceCents("")).toBeNull();
    expect(priceCents("12,505")).toBeUndefined();
  });
});
