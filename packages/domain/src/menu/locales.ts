// Which languages a location's menu is offered in, and which of an item's texts a guest reads
// (docs/decisions/009-digital-menu.md, section 1; spec section 3's dmLocalesBlockedDE,
// dmLocalesAllowFR and dmLocalesAllowIT, which the API reads from its configuration).

/** The languages menu texts and the guest page's words exist in. */
export const MENU_LOCALES = ["de", "en", "fr", "it"] as const;
export type MenuLocale = (typeof MENU_LOCALES)[number];

export function isMenuLocale(value: unknown): value is MenuLocale {
  return typeof value === "string" && (MENU_LOCALES as readonly string[]).includes(value);
}

/** The configured location lists (ids). */
export type MenuLocaleLists = {
  blockedDe: readonly number[];
  allowFr: readonly number[];
  allowIt: readonly number[];
};

/** de and en; fr and it for allowed locations; without de for a DE-blocked one. In MENU_LOCALES' order. */
export function offeredLocales(locationId: number, lists: MenuLocaleLists): MenuLocale[] {
  return MENU_LOCALES.filter((locale) => {
    if (locale === "de") return !lists.blockedDe.includes(locationId);
    if (locale === "fr") return lists.allowFr.includes(locationId);
    if (locale === "it") return lists.allowIt.includes(locationId);
    return true;
  });
}

/**
 * The text a guest reads: in `locale`, else in German, else in the first offered language that
 * has one, else in any language given; only non-empty texts count. Undefined when there is none.
 */
export function textIn<T>(
  texts: Partial<Record<MenuLocale, T | null | undefined>> | null | undefined,
  locale: MenuLocale,
  offered: readonly MenuLocale[],
): T | undefined {
  if (!texts) return undefined;
  const present = (l: MenuLocale) => {
    const value = texts[l];
    if (value === null || value === undefined) return false;
    if (typeof value === "string") return value.trim() !== "";
    if (typeof value === "object")
      return Object.values(value).some((v) => typeof v === "string" && v.trim() !== "");
    return true;
  };
  const order = [locale, "de" as const, ...offered, ...MENU_LOCALES];
  const found = order.find(present);
  return found ? (texts[found] ?? undefined) : undefined;
}
