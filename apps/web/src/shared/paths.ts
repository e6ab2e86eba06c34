import { type Locale, PAGE_ROUTES, type PageName } from "@stempla/domain";

type PathParams = Record<string, string | number>;

/**
 * Typed page paths from the shared route table: paths.pricing("de") -> "/de/pricing",
 * paths.locationDetail("en", { id: 7 }) -> "/en/locations/7".
 */
export const paths = Object.fromEntries(
  (Object.entries(PAGE_ROUTES) as [PageName, string][]).map(([name, pattern]) => [
    name,
    (locale: Locale, params: PathParams = {}) => {
      const filled = pattern.replace(/:(\w+)/g, (_, key: string) =>
        encodeURIComponent(String(params[key] ?? "")),
      );
      return filled ? `/${locale}/${filled}` : `/${locale}`;
    },
  ]),
) as Record<PageName, (locale: Locale, params?: PathParams) => string>;

/** A section of the home page, reachable from the header's anchors. */
export const homeSection = (locale: Locale, id: HomeSectionId) => `/${locale}#${id}`;
export const HOME_SECTIONS = ["how-does-it-work", "references", "pricing", "support-contact"] as const;
export type HomeSectionId = (typeof HOME_SECTIONS)[number];
