import { DEFAULT_LOCALE, LOCALES, matchPage, type PageName, pageAccess, switchLocale } from "@stempla/domain";
import type { TFunction } from "i18next";

/** The head of a public page: what search engines and the browser tab show. */
export interface PageHead {
  title: string;
  description: string;
  /** Path of the page in its own language; absent on the 404 page. */
  canonical?: string;
  /** The same page in every language, and x-default (the default locale's): hreflang -> path. */
  alternates: { hreflang: string; path: string }[];
  /** The 404 page stays out of search indexes. */
  noindex: boolean;
}

/**
 * The head of the public page at `pathname`, in `t`'s language (texts in common.json, "head").
 * One function for both sides: the server writes it into the HTML and the browser applies it on
 * navigation (use-page-head.ts). Undefined for the signed-in pages, which keep their own titles.
 */
export function pageHead(pathname: string, t: TFunction): PageHead | undefined {
  const match = matchPage(pathname);
  if (match && pageAccess(match.page) !== "public") return undefined;
  const key: PageName | "notFound" = match?.page ?? "notFound";
  const texts = { title: t(`common:head.${key}.title`), description: t(`common:head.${key}.description`) };
  if (!match) return { ...texts, alternates: [], noindex: true };
  const canonical = switchLocale(pathname, match.locale);
  return {
    ...texts,
    canonical,
    alternates: [
      ...LOCALES.map((locale) => ({ hreflang: locale, path: switchLocale(canonical, locale) })),
      { hreflang: "x-default", path: switchLocale(canonical, DEFAULT_LOCALE) },
    ],
    noindex: false,
  };
}
