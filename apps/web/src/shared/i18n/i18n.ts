import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "@stempla/domain";
import i18next, { type BackendModule, type InitOptions } from "i18next";
import { initReactI18next } from "react-i18next";
import { trackRequest } from "../api/activity.ts";
import { type ProductNumbers, productNumbers } from "./product-numbers.ts";

// Each locale file is emitted as a hashed JSON asset and fetched when a page first needs that
// namespace, so a visitor downloads only the texts of the language and pages they see, as data
// rather than as JavaScript.
const files = import.meta.glob<string>("../../locales/*/*.json", { query: "?url", import: "default" });

/** The texts in the answer for a locale file; an answer other than 2xx is an error. */
async function fetchLocaleFile(response: Promise<Response>): Promise<Record<string, unknown>> {
  const answer = await response;
  if (!answer.ok) throw new Error(`locale file ${answer.url}: HTTP ${answer.status}`);
  return answer.json();
}

const lazyLocales: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = files[`../../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`missing locale file ${language}/${namespace}`), false);
    fetchLocaleFile(trackRequest(load().then((url) => fetch(url)))).then(
      (texts: Record<string, unknown>) => callback(null, texts),
      (error: Error) => callback(error, false),
    );
  },
};

export const i18n = i18next.createInstance();

/** A locale's texts by namespace. */
export type LocaleTexts = Record<string, Record<string, unknown>>;

/**
 * The texts a server-rendered page was rendered with, from the locale files it names (namespace
 * → URL; the boot script has requested them already). Undefined if one cannot be had: the app
 * then starts as a client-rendered page does and loads its texts itself.
 */
export async function fetchTexts(files: Record<string, string>): Promise<LocaleTexts | undefined> {
  try {
    const entries = await Promise.all(
      Object.entries(files).map(
        async ([namespace, url]) => [namespace, await fetchLocaleFile(fetch(url))] as const,
      ),
    );
    return Object.fromEntries(entries);
  } catch {
    return undefined;
  }
}

/** The options the browser and the server share, so both translate alike. */
export function i18nOptions(locale: Locale, numbers: ProductNumbers): InitOptions {
  return {
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: ["common"],
    defaultNS: "common",
    interpolation: { escapeValue: false, defaultVariables: numbers },
    returnNull: false,
    react: { useSuspense: true },
  };
}

/** What a server-rendered page was rendered with: its texts (fetchTexts) and product numbers. */
export interface RenderedWith {
  texts: LocaleTexts;
  numbers: ProductNumbers;
}

/**
 * Starts i18next in the browser. Without `rendered` the first namespace is fetched before the app
 * renders; with the texts and numbers a server-rendered page was rendered with, it is ready at
 * once, so hydration suspends on nothing; further namespaces load on demand as before.
 */
export async function initI18n(locale: Locale, rendered?: RenderedWith): Promise<void> {
  // The product's numbers are variables of every text ({{minimum_per_location}}), in the page's
  // language. The object is updated in place: i18next reads it on every translation, and this
  // listener runs before the components' own (they subscribe when they mount).
  // i18next announces the first language too (init): the numbers are formatted again only for
  // another one, so a server-rendered page does not start Intl's formatters before hydrating.
  const numbers = rendered ? { ...rendered.numbers } : productNumbers(locale);
  let numbersLocale = locale;
  i18n.on("languageChanged", (language) => {
    if (!isLocale(language) || language === numbersLocale) return;
    Object.assign(numbers, productNumbers(language));
    numbersLocale = language;
  });
  const options = i18nOptions(locale, numbers);
  const started = i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init(
      rendered
        ? {
            ...options,
            ns: Object.keys(rendered.texts),
            resources: { [locale]: rendered.texts },
            partialBundledLanguages: true,
          }
        : options,
    );
  if (!rendered) {
    await started;
    return;
  }
  // Marks the store ready now: init() itself only finishes when the fallback language's files have
  // arrived, and until then react-i18next would suspend the hydration.
  i18n.hydrate({ [locale]: rendered.texts });
}
