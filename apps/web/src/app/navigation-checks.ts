import {
  DEFAULT_LOCALE,
  type Locale,
  localeFromLanguageList,
  localeOfPath,
  marketingRedirect,
  matchPage,
  withLocale,
} from "@stempla/domain";
import { type LoaderFunctionArgs, redirect } from "react-router";
import { i18n } from "../shared/i18n/i18n.ts";
import { readLocaleCookie, writeLocaleCookie } from "../shared/i18n/locale.ts";

const marketingSiteUrl =
  document.querySelector<HTMLMetaElement>('meta[name="marketing-site-url"]')?.content || undefined;

function preferredLocale(): Locale {
  return readLocaleCookie() ?? localeFromLanguageList(navigator.languages.join(",")) ?? DEFAULT_LOCALE;
}

/**
 * Runs on every navigation, in the order of spec section 2: the redirect check, the authentication
 * check, then locale handling. (The authentication check joins with partner accounts.)
 */
export async function navigationChecks({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);

  const external = marketingRedirect(url.pathname, marketingSiteUrl, preferredLocale());
  if (external) {
    window.location.assign(external);
    return new Promise<never>(() => {});
  }

  const locale = localeOfPath(url.pathname);
  if (!locale) {
    const target = withLocale(url.pathname, preferredLocale());
    if (matchPage(target)) throw redirect(`${target}${url.search}${url.hash}`);
    return null;
  }
  writeLocaleCookie(locale);
  document.documentElement.lang = locale;
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  return null;
}
