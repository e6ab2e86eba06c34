import {
  describeReward,
  type Locale,
  normalisePhone,
  PAGE_ROUTES,
  rewardVisitText,
  WEEKDAYS,
  type Weekday,
} from "@stempla/domain";
import type { AppLinks } from "../../lib/app-links.ts";
import { escapeHtml as e } from "../mail/service.ts";
import { LANDING_TEXTS, type LandingTexts } from "./texts.ts";

// The scan landing as one small server-rendered HTML page (docs/product.md, "Scan landing"): no
// script, the CSS inline (the CSP allows inline styles, docs/decisions/003-content-security-policy.md),
// the logo the only other request. Every text a partner wrote goes through `e()`.

export interface LandingCard {
  partnerName: string;
  offer: string | null;
  points: number | null;
  /** The card's conditions in the guest's language, one line each. */
  conditions: string[];
  /** The logo's renditions (small 128 px, medium 512 px), or none. */
  logo: { small: string; medium: string } | null;
  location: {
    name: string;
    address: string;
    phone: string | null;
    workingHours: Record<string, { from: string; to: string }[]>;
    isClosed: boolean;
  };
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f4f1ec;color:#1f2328;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:460px;margin:0 auto;padding:16px 16px 8px;display:grid;gap:16px}
.card{background:#fff;border-radius:16px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1,h2,p{margin:0}
h1{font-size:1.5rem;line-height:1.25;overflow-wrap:anywhere}
h2{font-size:1.125rem;margin-bottom:12px;overflow-wrap:anywhere}
.head{display:flex;align-items:center;gap:14px}
.logo{width:72px;height:72px;flex:none;border-radius:14px;object-fit:contain;background:#fff;border:1px solid #eee}
.initial{display:grid;place-items:center;background:#c2410c;color:#fff;font-size:2rem;font-weight:700;border:0}
.muted{color:#495057}
.offer{margin-top:18px;padding:16px;border-radius:12px;background:#fff7ed;border:1px solid #fed7aa}
.label{font-size:.8125rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#9a3412}
.reward{font-size:1.25rem;font-weight:700;margin:4px 0 10px;overflow-wrap:anywhere}
.detail{margin:-4px 0 10px;overflow-wrap:anywhere;white-space:pre-line}
.dots{display:flex;flex-wrap:wrap;gap:4px;margin-bottom:10px}
.dots i{width:20px;height:20px;border-radius:50%;border:2px solid #ea580c;background:#fff}
.dots b{width:20px;height:20px;border-radius:50%;background:#c2410c;color:#fff;font-size:12px;line-height:20px;text-align:center}
ul,ol{margin:0;padding-left:1.25rem}
.cond{margin-top:14px}
.cond h2{font-size:1rem;margin-bottom:4px}
.cond li{overflow-wrap:anywhere}
.steps li{margin-bottom:6px}
.stores{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin:16px 0}
.store{display:flex;flex-direction:column;justify-content:center;min-height:52px;padding:6px 12px;border-radius:10px;background:#111;color:#fff;text-decoration:none;line-height:1.15}
.store small{font-size:.75rem}
.store strong{font-size:1.125rem}
.open{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px}
.button{display:inline-block;padding:10px 16px;border-radius:10px;background:#c2410c;color:#fff;font-weight:700;text-decoration:none}
.note{margin-top:14px;font-size:.875rem}
address{font-style:normal;overflow-wrap:anywhere}
a{color:#9a3412}
.closed{margin-top:12px;padding:10px 12px;border-radius:10px;background:#fff4e5;color:#7c2d12;font-weight:600}
h3{font-size:1rem;margin:16px 0 6px}
table{width:100%;border-collapse:collapse}
th,td{padding:5px 8px;text-align:left;vertical-align:top;font-weight:400}
td{text-align:right;font-variant-numeric:tabular-nums}
.today{background:#fff7ed;font-weight:700}
.today th,.today td{font-weight:700}
.tag{display:inline-block;margin-left:6px;padding:0 6px;border-radius:6px;background:#c2410c;color:#fff;font-size:.75rem}
footer{max-width:460px;margin:0 auto;padding:8px 16px 24px;font-size:.875rem;color:#495057;text-align:center}
footer a{color:#495057;margin:0 6px;display:inline-block}
.message{text-align:center;padding:32px 20px}
.message p{margin-top:8px}
@media (min-width:800px){
main{max-width:920px;grid-template-columns:1fr 1fr;grid-template-areas:"p w" "c w";align-items:start;padding-top:40px}
.partner{grid-area:p}.collect{grid-area:c}.where{grid-area:w}
footer{max-width:920px}
.message-main{max-width:560px;grid-template-columns:1fr;grid-template-areas:none}
}`;

function layout(
  locale: Locale,
  head: { title: string; description?: string },
  body: string,
  mainClass = "",
): string {
  const t = LANDING_TEXTS[locale];
  const page = (name: keyof typeof PAGE_ROUTES) => `/${locale}/${PAGE_ROUTES[name]}`;
  const other = t.otherLanguage;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(head.title)}</title>
${head.description ? `<meta name="description" content="${e(head.description)}">\n` : ""}<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main${mainClass ? ` class="${mainClass}"` : ""}>
${body}
</main>
<footer>
<p>${e(t.footer)}</p>
<p><a href="${page("imprint")}">${e(t.imprint)}</a><a href="${page("privacy")}">${e(t.privacy)}</a><a href="${page("termsAppUsers")}">${e(t.appTerms)}</a><a href="?lang=${other.locale}" hreflang="${other.locale}" lang="${other.locale}">${e(other.label)}</a></p>
</footer>
</body>
</html>
`;
}

/** The partner's card at this location and how to collect its points. */
export function landingPage(card: LandingCard, links: AppLinks, locale: Locale, today: Weekday): string {
  const t = LANDING_TEXTS[locale];
  const name = e(card.partnerName);
  const logo = card.logo
    ? `<img class="logo" src="${e(card.logo.small)}" srcset="${e(card.logo.small)} 1x, ${e(card.logo.medium)} 3x" width="72" height="72" alt="">`
    : `<span class="logo initial" aria-hidden="true">${e(Array.from(card.partnerName.trim())[0] ?? "")}</span>`;
  // The promise in one line, counted as the app counts (docs/product.md, "Scan landing"); the
  // offer as the partner wrote it below when the line does not already say it.
  const offer = card.offer?.trim() ?? "";
  const promise = card.points ? describeReward(card.points, offer, locale) : offer;
  const reward = [
    promise ? `<p class="reward">${e(promise)}</p>` : "",
    offer && !promise.includes(offer.replace(/[.!]+$/u, "")) ? `<p class="detail">${e(offer)}</p>` : "",
  ].join("");
  const points = card.points
    ? `<p class="dots" aria-hidden="true">${"<i></i>".repeat(card.points)}<b>★</b></p>
<p>${e(rewardVisitText(card.points, locale))}</p>`
    : "";
  const conditions = card.conditions.length
    ? `<div class="cond"><h2>${e(t.conditions)}</h2><ul>${card.conditions.map((c) => `<li>${e(c)}</li>`).join("")}</ul></div>`
    : "";
  const body = `<section class="card partner" aria-labelledby="partner">
<div class="head">${logo}<div><h1 id="partner">${name}</h1><p class="muted">${e(card.location.name)}</p></div></div>
<div class="offer">
<p class="label">${e(t.cardLabel)}</p>
${reward}
${points}
</div>
${conditions}
</section>
<section class="card collect" aria-labelledby="collect">
<h2 id="collect">${e(t.collectHeading)}</h2>
<ol class="steps">${t.steps.map((s) => `<li>${e(s)}</li>`).join("")}</ol>
<div class="stores" role="group" aria-label="${e(t.storesLabel)}">
<a class="store" href="${e(links.ios)}"><small>${e(t.appStore.small)}</small><strong>${e(t.appStore.big)}</strong></a>
<a class="store" href="${e(links.android)}"><small>${e(t.googlePlay.small)}</small><strong>${e(t.googlePlay.big)}</strong></a>
</div>
<p class="open"><span>${e(t.openAppHint)}</span><a class="button" href="${e(links.openScan)}">${e(t.openApp)}</a></p>
<p class="note muted">${e(t.redeemOnly(card.partnerName))}</p>
</section>
${whereSection(card.location, t, today)}`;
  return layout(
    locale,
    { title: t.title(card.partnerName), description: t.description(card.partnerName) },
    body,
  );
}

function whereSection(location: LandingCard["location"], t: LandingTexts, today: Weekday): string {
  const hours = location.workingHours;
  const anyHours = WEEKDAYS.some((day) => (hours[day] ?? []).length > 0);
  const rows = WEEKDAYS.map((day) => {
    const ranges = hours[day] ?? [];
    const times = ranges.length ? ranges.map((r) => `${e(r.from)}–${e(r.to)}`).join("<br>") : e(t.closedDay);
    const isToday = day === today;
    return `<tr${isToday ? ' class="today"' : ""}><th scope="row">${e(t.weekdays[day])}${
      isToday ? ` <span class="tag">${e(t.today)}</span>` : ""
    }</th><td>${times}</td></tr>`;
  }).join("\n");
  // Published numbers read as shown ("+49 221 1234567", also those of approvals before E.164:
  // `lastApproval`); the link dials the number itself.
  const number = location.phone ? normalisePhone(location.phone) : undefined;
  const phone = location.phone
    ? `<p>${e(t.phone)}: <a href="tel:${e(number ?? location.phone.replace(/[^+\d]/g, ""))}">${e(location.phone)}</a></p>`
    : "";
  return `<section class="card where" aria-labelledby="where">
<h2 id="where">${e(location.name)}</h2>
<address>${e(location.address)}</address>
${phone}
${location.isClosed ? `<p class="closed">${e(t.temporarilyClosed)}</p>` : ""}
${anyHours ? `<h3>${e(t.hoursHeading)}</h3>\n<table>\n${rows}\n</table>` : ""}
</section>`;
}

/** A known code whose card is not published now (the partner is not live, or the location not yet approved). */
export function inactivePage(locale: Locale): string {
  const t = LANDING_TEXTS[locale];
  return messagePage(locale, t.inactiveTitle, t.inactiveText);
}

/** A code that leads nowhere. */
export function notFoundPage(locale: Locale): string {
  const t = LANDING_TEXTS[locale];
  return messagePage(locale, t.notFoundTitle, t.notFoundText);
}

function messagePage(locale: Locale, title: string, text: string): string {
  return layout(
    locale,
    { title },
    `<section class="card message"><h1>${e(title)}</h1><p class="muted">${e(text)}</p></section>`,
    "message-main",
  );
}
