import { type Locale, PAGE_ROUTES, type PageName } from "@stempla/domain";

/** Typed page paths from the shared route table: paths.pricing("de") -> "/de/pricing". */
export const paths = Object.fromEntries(
  (Object.entries(PAGE_ROUTES) as [PageName, string][]).map(([name, pattern]) => [
    name,
    (locale: Locale) => (pattern ? `/${locale}/${pattern}` : `/${locale}`),
  ]),
) as Record<PageName, (locale: Locale) => string>;

/** A section of the home page, reachable from the header's anchors. */
export const homeSection = (locale: Locale, id: HomeSectionId) => `/${locale}#${id}`;
export const HOME_SECTIONS = ["how-does-it-work", "references", "pricing", "support-contact"] as const;
export type HomeSectionId = (typeof HOME_SECTIONS)[number];
