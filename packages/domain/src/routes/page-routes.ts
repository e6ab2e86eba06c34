import { DEFAULT_LOCALE, isLocale, type Locale } from "../locales.ts";

/**
 * The page routes that exist under /de and /en (spec section 2). One table for the server (which
 * answers 404 for anything else) and the web router (which renders the same pages), so the two can
 * never disagree. Patterns are relative to the locale prefix; ":name" is a path parameter.
 */
export const PAGE_ROUTES = {
  home: "",
  products: "products",
  digitalMenu: "digital-menu",
  pricing: "pricing",
  faq: "faq",
  contactUs: "contact-us",
  imprint: "imprint",
  privacy: "privacy",
  termsPartners: "terms-partners",
  termsAppUsers: "terms-app-users",
  communityGuidelines: "community-guidelines",
  login: "login",
  register: "register",
  partnerRegistration: "partner-registration",
  registerMaster: "register/master",
  /** An invited franchisee's registration from the mailed link (docs/decisions/008-franchise-model.md, section 6). */
  registerSlave: "register/slave",
  passwordReset: "password/reset",
  dashboard: "dashboard",
  locations: "locations",
  locationDetail: "locations/:id",
  /**
   * The partner's menus, one per location: the spec's digital-menu/{id} without an id. A path of
   * its own, since /digital-menu is the public offer page and goes to the marketing site when one
   * is configured (docs/decisions/009-digital-menu.md, "As built").
   */
  digitalMenus: "menus",
  /** A location's digital menu, the id being the location's (docs/decisions/009-digital-menu.md, section 6). */
  digitalMenuManage: "digital-menu/:id",
  cards: "cards",
  clients: "clients",
  invoices: "invoices",
  company: "company",
  status: "status",
  /** A master's network: invitations, franchisees, their locations, collective invoicing (decision 008, section 6). */
  franchisors: "franchisors",
  /** The partners' FAQ in the dashboard ("help" rather than dashboard/faq, so only its own menu item is active). */
  help: "help",
  /**
   * Coupons and vouchers, the spec's "NFT" pages (docs/decisions/010-coupons-and-vouchers.md,
   * section 8): the lists, the choice of kind, the two forms (?type=, ?id= to edit) and the monitor.
   */
  nft: "nft",
  nftCreate: "nft/create",
  nftCreateCoupon: "nft/create/coupon",
  nftCreateVoucher: "nft/create/voucher",
  nftMonitor: "nft/monitor",
  admin: "admin",
  adminPartner: "admin/partners/:id",
} as const;

export type PageName = keyof typeof PAGE_ROUTES;

/** Who may open a page: everyone, signed-in partners, or the provider team. */
export type PageAccess = "public" | "partner" | "admin";

export const PAGE_ACCESS: Partial<Record<PageName, PageAccess>> = {
  dashboard: "partner",
  locations: "partner",
  locationDetail: "partner",
  digitalMenus: "partner",
  digitalMenuManage: "partner",
  cards: "partner",
  clients: "partner",
  invoices: "partner",
  company: "partner",
  status: "partner",
  // Every partner may open it: non-masters see how to become a franchisor, not an error.
  franchisors: "partner",
  help: "partner",
  nft: "partner",
  nftCreate: "partner",
  nftCreateCoupon: "partner",
  nftCreateVoucher: "partner",
  nftMonitor: "partner",
  admin: "admin",
  adminPartner: "admin",
};

export const pageAccess = (page: PageName): PageAccess => PAGE_ACCESS[page] ?? "public";

/** Database ids in a path: a positive whole number (bigint range, no leading zero). */
const ID_PARAM = /^[1-9][0-9]{0,17}$/;

/**
 * What each path parameter must look like. A path whose parameter fails is no page: the server
 * answers 404 and the app shows its 404 page (spec section 8, "page validation fails").
 */
export const PAGE_PARAM_RULES: Partial<Record<PageName, Record<string, RegExp>>> = {
  locationDetail: { id: ID_PARAM },
  digitalMenuManage: { id: ID_PARAM },
  adminPartner: { id: ID_PARAM },
};

/** Whether the parameters of a path to `page` are valid (pages without parameters always are). */
export function validPageParams(
  page: PageName,
  params: Readonly<Record<string, string | undefined>>,
): boolean {
  const rules = PAGE_PARAM_RULES[page];
  if (!rules) return true;
  return Object.entries(rules).every(([name, rule]) => rule.test(params[name] ?? ""));
}

export interface PageMatch {
  locale: Locale;
  page: PageName;
  params: Record<string, string>;
}

/** "/de/faq/" -> ["de", "faq"]; empty segments (double or trailing slashes) are dropped. */
function segments(pathname: string): string[] {
  return pathname.split("/").filter(Boolean);
}

export function matchPage(pathname: string): PageMatch | undefined {
  const [locale, ...rest] = segments(pathname);
  if (!isLocale(locale)) return undefined;
  for (const [page, pattern] of Object.entries(PAGE_ROUTES) as [PageName, string][]) {
    const parts = segments(pattern);
    if (parts.length !== rest.length) continue;
    const params: Record<string, string> = {};
    const ok = parts.every((part, i) => {
      const actual = rest[i]!;
      if (part.startsWith(":")) {
        try {
          params[part.slice(1)] = decodeURIComponent(actual);
        } catch {
          return false; // a malformed escape such as "%E0%A4%A" is no valid parameter
        }
        return true;
      }
      return part === actual;
    });
    if (ok && validPageParams(page, params)) return { locale, page, params };
  }
  return undefined;
}

/** The first path segment when it is a locale. */
export function localeOfPath(pathname: string): Locale | undefined {
  const first = segments(pathname)[0];
  return isLocale(first) ? first : undefined;
}

/** "/faq" + "en" -> "/en/faq"; "/" -> "/en". Used for paths that arrive without a locale. */
export function withLocale(pathname: string, locale: Locale): string {
  const rest = segments(pathname).join("/");
  return rest ? `/${locale}/${rest}` : `/${locale}`;
}

/** Swaps the locale prefix of a path, keeping the page (the language switch). */
export function switchLocale(pathname: string, locale: Locale): string {
  const parts = segments(pathname);
  if (isLocale(parts[0])) parts.shift();
  return withLocale(`/${parts.join("/")}`, locale);
}

/**
 * Marketing paths that go to the external marketing site when one is configured (spec section 2,
 * navigation rules): the root, the locale roots, pricing, products (to its stamp-card page) and the
 * digital-menu offer. Trailing slashes are normalised before matching.
 */
export function marketingRedirect(
  pathname: string,
  marketingSiteUrl: string | undefined,
  fallbackLocale: Locale = DEFAULT_LOCALE,
): string | undefined {
  if (!marketingSiteUrl) return undefined;
  const base = marketingSiteUrl.replace(/\/+$/, "");
  const parts = segments(pathname);
  if (parts.length === 0) return `${base}/${fallbackLocale}/`;
  const [locale, page, ...rest] = parts;
  if (!isLocale(locale) || rest.length > 0) return undefined;
  if (page === undefined) return `${base}/${locale}/`;
  const target = { pricing: "pricing", products: "stamp-card", "digital-menu": "digital-menu" }[page];
  return target ? `${base}/${locale}/${target}` : undefined;
}
