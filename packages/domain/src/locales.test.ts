import { describe, expect, it } from "vitest";
import { LOCALES, localeTag } from "./locales.ts";

describe("localeTag", () => {
  it("formats German as in Germany and English as in the UK", () => {
    expect(localeTag("de")).toBe("de-DE");
    expect(localeTag("en")).toBe("en-GB");
    expect(LOCALES.map(localeTag)).toEqual(["de-DE", "en-GB"]);
  });
});
