import type { Locale } from "@stempla/domain";
import { escapeHtml as e } from "../mail/service.ts";

// The sandbox provider's onboarding page (docs/decisions/010-coupons-and-vouchers.md, section 5):
// where a real provider would ask for the partner's identity and bank account, the sandbox asks
// for one click. Server-rendered in the partner's language like the scan landing: no script, the
// CSS inline (the CSP allows inline styles), the form posts to the same address.

const TEXTS = {
  de: {
    title: "Auszahlungskonto aktivieren",
    intro:
      "Damit Sie Gutscheine und Wertgutscheine verkaufen können, braucht {company} ein aktives Auszahlungskonto. Dorthin überweisen wir Ihren Anteil an jedem Verkauf.",
    sandbox:
      "Testbetrieb: Diese Installation nutzt den eingebauten Test-Zahlungsanbieter. Es werden keine Daten abgefragt und kein echtes Geld bewegt.",
    button: "Konto aktivieren",
    activeTitle: "Ihr Auszahlungskonto ist aktiv",
    activeText: "Sie können jetzt Gutscheine und Wertgutscheine anbieten.",
    back: "Zu Coupons & Gutscheinen",
    notFoundTitle: "Link ungültig",
    notFoundText:
      "Dieser Link zur Einrichtung des Auszahlungskontos ist nicht gültig. Öffnen Sie im Dashboard „Coupons & Gutscheine“ und wählen Sie einen Gutschein, um einen neuen Link zu erhalten.",
  },
  en: {
    title: "Activate your payout account",
    intro:
      "To sell vouchers and cash vouchers, {company} needs an active payout account. We transfer your share of every sale to it.",
    sandbox:
      "Test mode: this installation uses the built-in test payment provider. No details are asked for and no real money moves.",
    button: "Activate account",
    activeTitle: "Your payout account is active",
    activeText: "You can now offer vouchers and cash vouchers.",
    back: "To coupons & vouchers",
    notFoundTitle: "Invalid link",
    notFoundText:
      "This link to set up the payout account is not valid. Open “Coupons & vouchers” in the dashboard and choose a voucher to get a new link.",
  },
} satisfies Record<Locale, Record<string, string>>;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f4f1ec;color:#1f2328;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:520px;margin:0 auto;padding:32px 16px}
.card{background:#fff;border-radius:16px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.08);display:grid;gap:14px}
h1,p{margin:0}
h1{font-size:1.5rem;line-height:1.25;overflow-wrap:anywhere}
.note{padding:12px 14px;border-radius:10px;background:#fff7ed;border:1px solid #fed7aa;font-size:.9375rem}
button,.button{display:inline-block;justify-self:start;padding:12px 20px;border:0;border-radius:10px;background:#c2410c;color:#fff;font:inherit;font-weight:700;text-decoration:none;cursor:pointer}
button:focus-visible,.button:focus-visible{outline:3px solid #1f2328;outline-offset:2px}
.muted{color:#495057}
`;

function layout(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)} – Stempla</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main>
<section class="card">
${body}
</section>
</main>
</body>
</html>
`;
}

/** The page with the activation button (the form posts back to the page's own address). */
export function onboardingPage(locale: Locale, companyName: string): string {
  const t = TEXTS[locale];
  return layout(
    locale,
    t.title,
    `<h1>${e(t.title)}</h1>
<p>${e(t.intro).replace("{company}", `<strong>${e(companyName)}</strong>`)}</p>
<p class="note">${e(t.sandbox)}</p>
<form method="post"><button type="submit">${e(t.button)}</button></form>`,
  );
}

/** An account already active: the way back to the vouchers page. */
export function activePage(locale: Locale, backUrl: string): string {
  const t = TEXTS[locale];
  return layout(
    locale,
    t.activeTitle,
    `<h1>${e(t.activeTitle)}</h1>
<p class="muted">${e(t.activeText)}</p>
<a class="button" href="${e(backUrl)}">${e(t.back)}</a>`,
  );
}

/** A token that names no account. */
export function invalidLinkPage(locale: Locale): string {
  const t = TEXTS[locale];
  return layout(
    locale,
    t.notFoundTitle,
    `<h1>${e(t.notFoundTitle)}</h1>\n<p class="muted">${e(t.notFoundText)}</p>`,
  );
}
