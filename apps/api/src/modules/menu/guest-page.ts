import { createHash } from "node:crypto";
import {
  ADDITIVES,
  ALLERGENS,
  type MenuLocale,
  PAGE_ROUTES,
  type SocialType,
  socialHref,
  textIn,
} from "@stempla/domain";
import { escapeHtml as e } from "../mail/service.ts";

// The guest's menu as one server-rendered HTML page (docs/decisions/009-digital-menu.md, section 4):
// everything is in the HTML, so it reads with scripts off and before any script runs on a weak
// phone; CSS inline; images lazy with their renditions; one small inline script that only counts
// taps with sendBeacon. Every text a partner wrote goes through `e()`.

/** An image as its renditions (`/media/menu/{company}/{hash}/{width}.webp`) and its own size. */
export interface GuestImage {
  /** Rendition widths, ascending. */
  widths: number[];
  width: number;
  height: number;
  src: (width: number) => string;
}

export interface GuestItem {
  id: number;
  kind: string;
  texts: Record<string, { title?: string; body?: string } | undefined>;
  image: GuestImage | null;
  pdfUrl: string | null;
  url: string | null;
  priceCents: number | null;
  allergens: string[];
  additives: string[];
}

export interface GuestBanner {
  id: number;
  url: string;
  texts: Record<string, { alt?: string } | undefined>;
  image: GuestImage | null;
}

export interface GuestMenuView {
  locationName: string;
  address: string;
  table: { id: number; name: string } | null;
  tableItems: GuestItem[];
  menuItems: GuestItem[];
  banners: GuestBanner[];
  registrationUrl: string | null;
  reviewUrl: string | null;
  socialLinks: { type: SocialType; url: string }[];
}

/** The page's words (a dozen), in every language a menu can be offered in. */
export const GUEST_TEXTS: Record<
  MenuLocale,
  {
    menu: string;
    table: string;
    tableItems: string;
    allergens: string;
    additives: string;
    openPdf: string;
    empty: string;
    register: string;
    review: string;
    language: string;
    notAvailableTitle: string;
    notAvailableText: string;
    imprint: string;
    privacy: string;
  }
> = {
  de: {
    menu: "Speisekarte",
    table: "Tisch",
    tableItems: "Für Ihren Tisch",
    allergens: "Allergene",
    additives: "Zusatzstoffe",
    openPdf: "PDF öffnen",
    empty: "Auf dieser Speisekarte steht gerade nichts.",
    register: "In der App registrieren",
    review: "Bewertung abgeben",
    language: "Sprache",
    notAvailableTitle: "Speisekarte nicht verfügbar",
    notAvailableText: "Diese Speisekarte ist zurzeit nicht verfügbar. Bitte fragen Sie das Personal.",
    imprint: "Impressum",
    privacy: "Datenschutz",
  },
  en: {
    menu: "Menu",
    table: "Table",
    tableItems: "For your table",
    allergens: "Allergens",
    additives: "Additives",
    openPdf: "Open PDF",
    empty: "There is nothing on this menu right now.",
    register: "Register in the app",
    review: "Write a review",
    language: "Language",
    notAvailableTitle: "Menu not available",
    notAvailableText: "This menu is not available at the moment. Please ask the staff.",
    imprint: "Imprint",
    privacy: "Privacy",
  },
  fr: {
    menu: "Carte",
    table: "Table",
    tableItems: "Pour votre table",
    allergens: "Allergènes",
    additives: "Additifs",
    openPdf: "Ouvrir le PDF",
    empty: "Cette carte est vide pour le moment.",
    register: "S’inscrire dans l’application",
    review: "Laisser un avis",
    language: "Langue",
    notAvailableTitle: "Carte non disponible",
    notAvailableText: "Cette carte n’est pas disponible pour le moment. Veuillez demander au personnel.",
    imprint: "Mentions légales",
    privacy: "Confidentialité",
  },
  it: {
    menu: "Menù",
    table: "Tavolo",
    tableItems: "Per il vostro tavolo",
    allergens: "Allergeni",
    additives: "Additivi",
    openPdf: "Apri il PDF",
    empty: "Al momento questo menù è vuoto.",
    register: "Registrati nell’app",
    review: "Lascia una recensione",
    language: "Lingua",
    notAvailableTitle: "Menù non disponibile",
    notAvailableText: "Questo menù non è disponibile al momento. Chiedete al personale.",
    imprint: "Note legali",
    privacy: "Privacy",
  },
};

/** Each language named in itself, for the language links. */
const LANGUAGE_NAMES: Record<MenuLocale, string> = {
  de: "Deutsch",
  en: "English",
  fr: "Français",
  it: "Italiano",
};

const SOCIAL_NAMES: Record<SocialType, string> = {
  website: "Website",
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  twitter: "X (Twitter)",
  email: "E-Mail",
};

const NUMBER_TAGS: Record<MenuLocale, string> = { de: "de-DE", en: "en-IE", fr: "fr-FR", it: "it-IT" };
const priceFormats = new Map<MenuLocale, Intl.NumberFormat>();

/** A dish's price as the guest's language writes it: "12,50 €" (de), "€12.50" (en). */
export function menuPrice(cents: number, locale: MenuLocale): string {
  let format = priceFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_TAGS[locale], { style: "currency", currency: "EUR" });
    priceFormats.set(locale, format);
  }
  // Non-breaking spaces everywhere, so "12,50 €" never breaks between number and sign.
  return format.format(cents / 100).replace(/[\s\u202f]/g, "\u00a0");
}

/**
 * Counts a tap on an item: the path and the click API are same-origin, sendBeacon survives the
 * page being left for a link or a PDF, and without scripts nothing is counted and nothing breaks.
 */
export const CLICK_SCRIPT =
  'document.addEventListener("click",function(v){var t=v.target.closest&&v.target.closest("[data-i]");' +
  'if(t&&navigator.sendBeacon)navigator.sendBeacon("/api/v2/statistics/menu/item/click?menu_item_id="+' +
  't.getAttribute("data-i")+"&item_type="+t.getAttribute("data-k"))});';

/** The CSP source that allows exactly the inline script (docs/decisions/003-content-security-policy.md). */
export const CLICK_SCRIPT_HASH = `'sha256-${createHash("sha256").update(CLICK_SCRIPT).digest("base64")}'`;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f4f1ec;color:#1f2328;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
header,main,footer{max-width:720px;margin:0 auto;padding:0 16px}
header{padding-top:20px;padding-bottom:4px}
h1,h2,h3,p{margin:0}
h1{font-size:1.5rem;line-height:1.25;overflow-wrap:anywhere}
.muted{color:#495057}
.table{display:inline-block;margin-top:8px;padding:2px 10px;border-radius:999px;background:#c2410c;color:#fff;font-weight:700}
main{display:grid;gap:12px;padding-top:12px;padding-bottom:16px}
.item{background:#fff;border-radius:14px;padding:14px 16px;box-shadow:0 1px 3px rgba(0,0,0,.08);overflow-wrap:anywhere}
.item h3,.item h2.t{font-size:1.0625rem;line-height:1.3}
.item p{margin-top:4px;white-space:pre-line}
.section{padding:12px 2px 0}
.section h2,.group{font-size:1.25rem;line-height:1.3}
.group{padding:4px 2px 0;color:#9a3412}
.dish{display:grid;grid-template-columns:1fr auto;gap:2px 12px;align-items:baseline}
.dish p,.dish .decl{grid-column:1/-1}
.price{font-weight:700;white-space:nowrap;font-variant-numeric:tabular-nums}
.decl{font-size:.875rem;color:#495057;margin-top:6px}
.decl b{font-weight:600}
.photo{padding:0;overflow:hidden}
.photo img{display:block;width:100%;height:auto}
.photo div{padding:10px 16px 14px}
.photo div:empty{display:none}
a{color:#9a3412}
.go{display:flex;justify-content:space-between;align-items:center;gap:12px;min-height:48px;text-decoration:none;color:inherit}
.go span{flex:none;color:#9a3412;font-weight:700}
.banners{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.banners a{display:block;border-radius:14px;overflow:hidden;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.banners img{display:block;width:100%;height:auto}
footer{padding-bottom:24px;text-align:center;font-size:.9375rem}
footer p{margin-top:12px}
footer a{display:inline-block;margin:0 8px;padding:8px 0;color:#9a3412}
footer .links a{padding:8px 0}
.message{max-width:460px;margin:40px auto;padding:24px 20px;background:#fff;border-radius:16px;text-align:center}
.message p{margin-top:8px}`;

const sizesAttr = "(min-width: 720px) 688px, calc(100vw - 32px)";
const bannerSizes = "(min-width: 720px) 338px, calc(50vw - 22px)";

function img(image: GuestImage, alt: string, sizes: string, eager: boolean): string {
  const largest = image.widths[image.widths.length - 1]!;
  const srcset = image.widths.map((w) => `${e(image.src(w))} ${w}w`).join(", ");
  // The first picture is likely the largest paint: it is fetched at once, the rest when near.
  const loading = eager ? ' fetchpriority="high"' : ' loading="lazy"';
  return `<img src="${e(image.src(largest))}" srcset="${srcset}" sizes="${sizes}" width="${image.width}" height="${image.height}"${loading} decoding="async" alt="${e(alt)}">`;
}

function declaration(item: GuestItem, locale: MenuLocale): string {
  const t = GUEST_TEXTS[locale];
  const names = (codes: string[], table: Record<string, Record<MenuLocale, string>>) =>
    codes
      .map((code) => table[code]?.[locale])
      .filter(Boolean)
      .join(", ");
  const allergens = names(item.allergens, ALLERGENS);
  const additives = names(item.additives, ADDITIVES);
  const lines = [
    allergens ? `<b>${e(t.allergens)}:</b> ${e(allergens)}` : "",
    additives ? `<b>${e(t.additives)}:</b> ${e(additives)}` : "",
  ].filter(Boolean);
  return lines.length ? `<p class="decl">${lines.join("<br>")}</p>` : "";
}

interface RenderState {
  locale: MenuLocale;
  offered: readonly MenuLocale[];
  /** The heading level of items: 3 under a section, else 2 (no skipped levels). */
  level: 2 | 3;
  eagerImageLeft: boolean;
}

function renderItem(item: GuestItem, s: RenderState): string {
  const text = textIn<{ title?: string; body?: string }>(item.texts, s.locale, s.offered) ?? {};
  const title = text.title?.trim() ?? "";
  const body = text.body?.trim() ?? "";
  const h = `h${s.level}`;
  const heading = title ? `<${h} class="t">${e(title)}</${h}>` : "";
  const bodyHtml = body ? `<p>${e(body)}</p>` : "";
  const data = `data-i="${item.id}" data-k="${e(item.kind)}"`;
  switch (item.kind) {
    case "section":
      s.level = 3;
      return `<section class="section" ${data}>${title ? `<h2>${e(title)}</h2>` : ""}${bodyHtml}</section>`;
    case "dish": {
      const price =
        item.priceCents === null
          ? ""
          : `<span class="price">${e(menuPrice(item.priceCents, s.locale))}</span>`;
      return `<article class="item dish" ${data}>${heading || "<span></span>"}${price}${bodyHtml}${declaration(item, s.locale)}</article>`;
    }
    case "photo": {
      if (!item.image) return "";
      const eager = s.eagerImageLeft;
      s.eagerImageLeft = false;
      const inner = `${heading}${bodyHtml}`;
      return `<article class="item photo" ${data}>${img(item.image, title, sizesAttr, eager)}<div>${inner}</div></article>`;
    }
    case "pdf":
      if (!item.pdfUrl) return "";
      return `<article class="item" ${data}><a class="go" href="${e(item.pdfUrl)}"><div>${heading || e(GUEST_TEXTS[s.locale].openPdf)}${bodyHtml}</div><span>PDF&nbsp;↗</span></a></article>`;
    case "link": {
      if (!item.url) return "";
      const label = title || item.url;
      return `<article class="item" ${data}><a class="go" href="${e(item.url)}" rel="noopener"><div>${title ? heading : e(label)}${bodyHtml}</div><span aria-hidden="true">↗</span></a></article>`;
    }
    default:
      return title || body ? `<article class="item" ${data}>${heading}${bodyHtml}</article>` : "";
  }
}

/** Where a language link goes: the same page in that language. */
export type LanguageHref = (locale: MenuLocale) => string;

function layout(
  locale: MenuLocale,
  title: string,
  body: string,
  footerExtra: string,
  withScript: boolean,
): string {
  const t = GUEST_TEXTS[locale];
  // The provider's legal pages exist in German and English.
  const legal = locale === "de" ? "de" : "en";
  const page = (name: keyof typeof PAGE_ROUTES) => `/${legal}/${PAGE_ROUTES[name]}`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
${body}
<footer>
${footerExtra}
<p><a href="${page("imprint")}">${e(t.imprint)}</a><a href="${page("privacy")}">${e(t.privacy)}</a></p>
</footer>
${withScript ? `<script>${CLICK_SCRIPT}</script>\n` : ""}</body>
</html>
`;
}

/** The menu as the guest sees it now: table items first, then banners and the menu's own list. */
export function guestMenuPage(
  view: GuestMenuView,
  locale: MenuLocale,
  offered: readonly MenuLocale[],
  languageHref: LanguageHref,
): string {
  const t = GUEST_TEXTS[locale];
  const state: RenderState = { locale, offered, level: 2, eagerImageLeft: true };
  const tableItems = view.tableItems.map((item) => renderItem(item, state)).filter(Boolean);
  const tablePart = tableItems.length
    ? `<h2 class="group">${e(t.tableItems)}</h2>\n${tableItems.join("\n")}`
    : "";
  state.level = 2;
  const banners = view.banners
    .filter((b) => b.image)
    .map((b, i) => {
      const alt = textIn<{ alt?: string }>(b.texts, locale, offered)?.alt?.trim() || hostOf(b.url);
      return `<a href="${e(b.url)}" rel="noopener">${img(b.image!, alt, bannerSizes, i === 0 && state.eagerImageLeft)}</a>`;
    });
  if (banners.length) state.eagerImageLeft = false;
  const bannerPart = banners.length ? `<div class="banners">${banners.join("")}</div>` : "";
  const menuItems = view.menuItems.map((item) => renderItem(item, state)).filter(Boolean);
  const empty =
    tableItems.length + menuItems.length + banners.length === 0 ? `<p class="muted">${e(t.empty)}</p>` : "";
  const table = view.table ? `<p class="table">${e(t.table)} ${e(view.table.name)}</p>` : "";
  const header = `<header>
<h1>${e(view.locationName)}</h1>
<p class="muted">${e(view.address)}</p>
${table}
</header>`;
  const main = `<main>
${[tablePart, bannerPart, menuItems.join("\n"), empty].filter(Boolean).join("\n")}
</main>`;
  const links = [
    view.registrationUrl ? `<a href="${e(view.registrationUrl)}" rel="noopener">${e(t.register)}</a>` : "",
    view.reviewUrl ? `<a href="${e(view.reviewUrl)}" rel="noopener">${e(t.review)}</a>` : "",
    ...view.socialLinks.map(
      (l) => `<a href="${e(socialHref(l))}" rel="noopener">${e(SOCIAL_NAMES[l.type] ?? l.type)}</a>`,
    ),
  ].filter(Boolean);
  const footer = [
    links.length ? `<p class="links">${links.join("")}</p>` : "",
    languageLinks(locale, offered, languageHref),
  ].join("\n");
  return layout(locale, `${view.locationName} – ${t.menu}`, `${header}\n${main}`, footer, true);
}

function languageLinks(locale: MenuLocale, offered: readonly MenuLocale[], href: LanguageHref): string {
  const others = offered.filter((l) => l !== locale);
  if (!others.length) return "";
  const t = GUEST_TEXTS[locale];
  return `<nav aria-label="${e(t.language)}"><p>${others
    .map((l) => `<a href="${e(href(l))}" hreflang="${l}" lang="${l}">${LANGUAGE_NAMES[l]}</a>`)
    .join("")}</p></nav>`;
}

/** The small page of a menu that is off, blocked or unknown, in the guest's language. */
export function notAvailablePage(locale: MenuLocale): string {
  const t = GUEST_TEXTS[locale];
  return layout(
    locale,
    t.notAvailableTitle,
    `<main><div class="message"><h1>${e(t.notAvailableTitle)}</h1><p>${e(t.notAvailableText)}</p></div></main>`,
    "",
    false,
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
