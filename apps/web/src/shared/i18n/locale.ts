import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  type Locale,
} from "@stempla/domain";
import { useParams } from "react-router";

export function readLocaleCookie(): Locale | undefined {
  const match = document.cookie.match(new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]*)`));
  return isLocale(match?.[1]) ? match[1] : undefined;
}

/** Remembers the visitor's language for 365 days (spec section 9). */
export function writeLocaleCookie(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser we serve
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

/** The locale of the current route; pages only render under a valid /:locale. */
export function useLocale(): Locale {
  const { locale } = useParams();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}
