import {
  DEFAULT_LOCALE,
  type Locale,
  localeFromLanguageList,
  localeOfPath,
  marketingRedirect,
  matchPage,
  pageAccess,
  withLocale,
} from "@stempla/domain";
import { type ReactNode, useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { loadProfile, useAuth } from "../shared/auth/auth-store.ts";
import { i18n } from "../shared/i18n/i18n.ts";
import { readLocaleCookie, writeLocaleCookie } from "../shared/i18n/locale.ts";

// On the server (entry-server.tsx) there is no document: the server itself redirected already.
const marketingSiteUrl =
  typeof document === "undefined"
    ? undefined
    : document.querySelector<HTMLMetaElement>('meta[name="marketing-site-url"]')?.content || undefined;

function preferredLocale(): Locale {
  if (typeof document === "undefined") return DEFAULT_LOCALE;
  return readLocaleCookie() ?? localeFromLanguageList(navigator.languages.join(",")) ?? DEFAULT_LOCALE;
}

/**
 * Runs on every navigation, before the page renders, in the order of spec section 2: the redirect
 * check, the authentication check, then locale handling.
 */
export function NavigationChecks({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const auth = useAuth();
  const match = matchPage(pathname);
  const access = match ? pageAccess(match.page) : "public";
  const needsProfile = access !== "public" && (auth.status === "unknown" || auth.status === "loading");
  useEffect(() => {
    if (needsProfile) void loadProfile();
  }, [needsProfile]);

  const external = marketingRedirect(pathname, marketingSiteUrl, preferredLocale());
  useEffect(() => {
    if (external) window.location.assign(external);
  }, [external]);
  if (external) return null;

  // Authentication: signed-out visitors of protected pages log in first and come back after.
  if (match && access !== "public") {
    if (needsProfile) return null;
    if (auth.status !== "signed-in") {
      const back = encodeURIComponent(`${pathname}${search}`);
      return <Navigate to={`/${match.locale}/login?redirect=${back}`} replace />;
    }
  }

  const locale = localeOfPath(pathname);
  if (!locale) {
    const target = withLocale(pathname, preferredLocale());
    if (matchPage(target)) return <Navigate to={`${target}${search}${hash}`} replace />;
  }
  return <LocaleSync locale={locale}>{children}</LocaleSync>;
}

/** Keeps i18next, the html lang attribute and the locale cookie in step with the URL. */
function LocaleSync({ locale, children }: { locale: Locale | undefined; children: ReactNode }) {
  useEffect(() => {
    if (!locale) return;
    writeLocaleCookie(locale);
    document.documentElement.lang = locale;
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale]);
  return children;
}
