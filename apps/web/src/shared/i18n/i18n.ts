import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "@stempla/domain";
import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { trackRequest } from "../api/activity.ts";
import { productNumbers } from "./product-numbers.ts";

// Each locale file is emitted as a hashed JSON asset and fetched when a page first needs that
// namespace, so a visitor downloads only the texts of the language and pages they see, as data
// rather than as JavaScript.
const files = import.meta.glob<string>("../../locales/*/*.json", { query: "?url", import: "default" });

const lazyLocales: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = files[`../../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`missing locale file ${language}/${namespace}`), false);
    trackRequest(load().then((url) => fetch(url)))
      .then((response) => {
        if (!response.ok) throw new Error(`locale file ${language}/${namespace}: HTTP ${response.status}`);
        return response.json();
      })
      .then(
        (texts: Record<string, unknown>) => callback(null, texts),
        (error: Error) => callback(error, false),
      );
  },
};

export const i18n = i18next.createInstance();

export async function initI18n(locale: Locale): Promise<void> {
  // The product's numbers are variables of every text ({{minimum_per_location}}), in the page's
  // language. The object is updated in place: i18next reads it on every translation, and this
  // listener runs before the components' own (they subscribe when they mount).
  const numbers = productNumbers(locale);
  i18n.on("languageChanged", (language) => {
    if (isLocale(language)) Object.assign(numbers, productNumbers(language));
  });
  await i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: ["common"],
      defaultNS: "common",
      interpolation: { escapeValue: false, defaultVariables: numbers },
      returnNull: false,
      react: { useSuspense: true },
    });
}
