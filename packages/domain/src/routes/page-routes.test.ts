import { describe, expect, it } from "vitest";
import { localeOfPath, marketingRedirect, matchPage, switchLocale, withLocale } from "./page-routes.ts";

describe("matchPage", () => {
  it("matches pages under both locales, with or without a trailing slash", () => {
    expect(matchPage("/de")).toEqual({ locale: "de", page: "home", params: {} });
    expect(matchPage("/en/")).toEqual({ locale: "en", page: "home", params: {} });
    expect(matchPage("/en/pricing/")).toMatchObject({ locale: "en", page: "pricing" });
    expect(matchPage("/de/terms-partners")).toMatchObject({ page: "termsPartners" });
    expect(matchPage("/en/admin/partners/12")).toEqual({
      locale: "en",
      page: "adminPartner",
      params: { id: "12" },
    });
  });

  it("matches nothing without a locale, with an unknown locale or an unknown page", () => {
    expect(matchPage("/")).toBeUndefined();
    expect(matchPage("/pricing")).toBeUndefined();
    expect(matchPage("/fr/pricing")).toBeUndefined();
    expect(matchPage("/de/no-such-page")).toBeUndefined();
    expect(matchPage("/de/pricing/extra")).toBeUndefined();
  });

  it("matches nothing when a path parameter fails its rule (spec section 8: page validation)", () => {
    expect(matchPage("/de/locations/7")).toEqual({
      locale: "de",
      page: "locationDetail",
      params: { id: "7" },
    });
    for (const id of ["abc", "0", "-1", "1.5", "07", "1e3", "%20", "%E0%A4%A", "1234567890123456789"]) {
      expect(matchPage(`/de/locations/${id}`), id).toBeUndefined();
      expect(matchPage(`/en/admin/partners/${id}`), id).toBeUndefined();
    }
  });
});

describe("locale helpers", () => {
  it("adds, reads and swaps the locale prefix", () => {
    expect(withLocale("/", "en")).toBe("/en");
    expect(withLocale("/faq/", "de")).toBe("/de/faq");
    expect(localeOfPath("/en/faq")).toBe("en");
    expect(localeOfPath("/faq")).toBeUndefined();
    expect(switchLocale("/de/contact-us", "en")).toBe("/en/contact-us");
    expect(switchLocale("/de", "en")).toBe("/en");
  });
});

describe("marketingRedirect", () => {
  const site = "https://www.example.com/";

  it("does nothing when no marketing site is configured", () => {
    expect(marketingRedirect("/", undefined)).toBeUndefined();
    expect(marketingRedirect("/de/pricing", undefined)).toBeUndefined();
  });

  it("maps root, locale roots, pricing, products and digital-menu, ignoring trailing slashes", () => {
    expect(marketingRedirect("/", site, "en")).toBe("https://www.example.com/en/");
    expect(marketingRedirect("/de/", site)).toBe("https://www.example.com/de/");
    expect(marketingRedirect("/en", site)).toBe("https://www.example.com/en/");
    expect(marketingRedirect("/de/pricing/", site)).toBe("https://www.example.com/de/pricing");
    expect(marketingRedirect("/en/products", site)).toBe("https://www.example.com/en/stamp-card");
    expect(marketingRedirect("/de/digital-menu", site)).toBe("https://www.example.com/de/digital-menu");
  });

  it("leaves every other page alone", () => {
    expect(marketingRedirect("/de/faq", site)).toBeUndefined();
    expect(marketingRedirect("/de/digital-menu/12", site)).toBeUndefined();
    expect(marketingRedirect("/fr/pricing", site)).toBeUndefined();
  });
});
