import { LOCALES, type Locale } from "@stempla/domain";
import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nOptions, type LocaleTexts } from "./i18n.ts";
import type { ProductNumbers } from "./product-numbers.ts";

// The server has every text in memory (this module is only in the SSR bundle): a render never waits.
const files = import.meta.glob<Record<string, unknown>>("../../locales/*/*.json", {
  eager: true,
  import: "default",
});
const texts = Object.fromEntries(LOCALES.map((locale) => [locale, {} as LocaleTexts])) as Record<
  Locale,
  LocaleTexts
>;
for (const [file, content] of Object.entries(files)) {
  const [, locale, namespace] = file.match(/locales\/([^/]+)\/([^/]+)\.json$/) ?? [];
  if (locale && namespace && locale in texts) texts[locale as Locale][namespace] = content;
}

/**
 * An i18next instance for one server render, with the same options as the browser's; `numbers`
 * (productNumbers) go to the browser with the page, which hydrates with them.
 */
export function serverI18n(locale: Locale, numbers: ProductNumbers): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...i18nOptions(locale, numbers),
    ns: Object.keys(texts[locale]),
    resources: texts,
    initAsync: false,
  });
  return instance;
}

/**
 * The namespaces a render used (react-i18next reports them): the browser fetches their files
 * before it hydrates, so its first render has the same texts.
 */
export function usedNamespaces(instance: I18n, locale: Locale): string[] {
  const used = new Set(["common", ...(instance.reportNamespaces?.getUsedNamespaces() ?? [])]);
  return [...used].filter((ns) => texts[locale][ns]);
}
