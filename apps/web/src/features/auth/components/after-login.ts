import type { Locale, Profile } from "@stempla/domain";
import { localeOfPath, matchPage } from "@stempla/domain";
import { paths } from "../../../shared/paths.ts";

/**
 * Where to go after signing in: back to the page that sent the visitor to login (only our own
 * page paths, never an outside address), else the dashboard or, for the provider team, the console.
 */
export function afterLoginPath(profile: Profile, locale: Locale, redirect: string | null): string {
  if (
    redirect?.startsWith("/") &&
    !redirect.startsWith("//") &&
    matchPage(redirect.split("?")[0]!) &&
    localeOfPath(redirect)
  ) {
    return redirect;
  }
  return profile.role === "admin" ? paths.admin(locale) : paths.dashboard(locale);
}
