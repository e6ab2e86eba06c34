export const LOCALES = ["de", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "de";
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The language tag a locale formats with: German of Germany, British English (31/03/2027, 24 Nov 2026). */
const LOCALE_TAGS: Record<Locale, string> = { de: "de-DE", en: "en-GB" };
export const localeTag = (locale: Locale): string => LOCALE_TAGS[locale];

/** A stored language tag as a supported locale (anything else reads as the default, German). */
export function asLocale(value: string | null | undefined): Locale {
  return value === "en" ? "en" : DEFAULT_LOCALE;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Picks de or en from an Accept-Language style list ("en-GB,en;q=0.9,de;q=0.8"), else undefined. */
export function localeFromLanguageList(header: string | undefined | null): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.lang && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find((entry) => isLocale(entry.lang))?.lang as Locale | undefined;
}
