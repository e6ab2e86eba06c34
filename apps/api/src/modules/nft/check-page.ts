import {
  berlinDateTimeText,
  dataOf,
  isLocale,
  itemStateAt,
  type Locale,
  type NftType,
  PAGE_ROUTES,
  parseNftCode,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { visitorLocale } from "../../plugins/locale.ts";
import { enforceRateLimits } from "../../plugins/rate-limit.ts";
import { escapeHtml as e } from "../mail/service.ts";
import { publishedNftKeys, shortWallet, verifyNftCode } from "./codes.ts";

// The check page of a coupon's or voucher's code (docs/decisions/010-coupons-and-vouchers.md,
// sections 1 and 7): staff scan the customer's QR code with any phone camera and see whether it
// is valid, redeemed (when, where), expired, withdrawn or not a Stempla voucher at all, with the
// offer, the partner, the last valid day and the wallet address shortened; never a name or an
// email. The signature proves we issued the code for that wallet; the state is the database's.

export const NFT_CHECK_STATUSES = ["valid", "redeemed", "expired", "withdrawn", "invalid"] as const;
export type NftCheckStatus = (typeof NFT_CHECK_STATUSES)[number];

export interface NftCheck {
  status: NftCheckStatus;
  nft_id: string | null;
  offer: { id: number; type: NftType; name: string } | null;
  partner: { name: string } | null;
  last_day: string | null;
  wallet_address_short: string | null;
  redeemed_at: string | null;
  redeemed_location: { name: string; address: string } | null;
  withdrawn_at: string | null;
}

const INVALID: NftCheck = {
  status: "invalid",
  nft_id: null,
  offer: null,
  partner: null,
  last_day: null,
  wallet_address_short: null,
  redeemed_at: null,
  redeemed_location: null,
  withdrawn_at: null,
};

/** What a code says now: the item it names when our signature over its stored claims holds. */
export async function checkNftCode(
  db: Database,
  config: Config,
  code: string,
  now = new Date(),
): Promise<NftCheck> {
  const parsed = parseNftCode(code);
  if (!parsed) return INVALID;
  const [row] = rowsOf<{
    nft_id: string;
    offer_id: number;
    wallet_address: string;
    last_day: string;
    state: "held" | "redeemed" | "withdrawn";
    expires_at: string | Date;
    redeemed_at: string | Date | null;
    withdrawn_at: string | Date | null;
    type: NftType;
    name: string;
    partner_name: string;
    location_name: string | null;
    location_address: string | null;
  }>(
    await db.execute(sql`
      select i.nft_id, i.offer_id::int, i.wallet_address, i.last_day::text, i.state, i.expires_at,
        i.redeemed_at, i.withdrawn_at, o.type, o.name, coalesce(p.public_name, c.name) as partner_name,
        l.name as location_name, l.address as location_address
      from nft_items i
      join nft_offers o on o.id = i.offer_id
      join companies c on c.id = i.company_id
      left join partner_profiles p on p.company_id = i.company_id
      left join locations l on l.id = i.redeemed_location_id
      where i.nft_id = ${parsed.nftId}`),
  );
  if (!row) return INVALID;
  const signed = verifyNftCode(config, code, {
    nftId: row.nft_id,
    offerId: row.offer_id,
    walletAddress: row.wallet_address,
    lastDay: row.last_day,
  });
  if (!signed) return INVALID;
  const state = itemStateAt({ state: row.state, expiresAt: new Date(row.expires_at) }, now);
  return {
    status: state === "held" ? "valid" : state,
    nft_id: row.nft_id,
    offer: { id: row.offer_id, type: row.type, name: row.name },
    partner: { name: row.partner_name },
    last_day: row.last_day,
    wallet_address_short: shortWallet(row.wallet_address),
    redeemed_at: row.redeemed_at === null ? null : new Date(row.redeemed_at).toISOString(),
    redeemed_location:
      row.location_name === null ? null : { name: row.location_name, address: row.location_address ?? "" },
    withdrawn_at: row.withdrawn_at === null ? null : new Date(row.withdrawn_at).toISOString(),
  };
}

// ——— the page ———

interface CheckTexts {
  noun: Record<NftType, string>;
  title: string;
  status: Record<NftCheckStatus, string>;
  sentence: Record<Exclude<NftCheckStatus, "invalid">, (noun: string) => string>;
  invalidText: string;
  redeemedAt: (when: string, where: string) => string;
  partner: string;
  offer: string;
  lastDay: string;
  wallet: string;
  nftId: string;
  howTo: string;
  tooMany: string;
  footer: string;
  imprint: string;
  privacy: string;
  otherLanguage: { locale: Locale; label: string };
}

const TEXTS: Record<Locale, CheckTexts> = {
  de: {
    noun: { coupon: "Coupon", voucher: "Gutschein", cash_voucher: "Wertgutschein" },
    title: "Gutschein prüfen – Stempla",
    status: {
      valid: "Gültig",
      redeemed: "Bereits eingelöst",
      expired: "Abgelaufen",
      withdrawn: "Widerrufen",
      invalid: "Nicht gültig",
    },
    sentence: {
      valid: (noun) => `Dieser ${noun} ist gültig und kann eingelöst werden.`,
      redeemed: (noun) => `Dieser ${noun} wurde bereits eingelöst und ist nicht mehr gültig.`,
      expired: (noun) => `Dieser ${noun} ist abgelaufen.`,
      withdrawn: (noun) => `Der Kauf dieses ${noun}s wurde widerrufen; er ist ungültig.`,
    },
    invalidText: "Dieser Code ist kein gültiger Stempla-Gutschein.",
    redeemedAt: (when, where) => `Eingelöst am ${when} Uhr in ${where}.`,
    partner: "Partner",
    offer: "Angebot",
    lastDay: "Gültig bis einschließlich",
    wallet: "Wallet",
    nftId: "Nummer",
    howTo:
      "Zum Einlösen tippt der Kunde in der Stempla-App auf „Einlösen“ und scannt den QR-Code des Standorts; das Personal bestätigt mit seiner PIN.",
    tooMany: "Zu viele Prüfungen von dieser Adresse. Bitte versuchen Sie es in einigen Minuten erneut.",
    footer: "Stempla – die digitale Stempelkarte",
    imprint: "Impressum",
    privacy: "Datenschutz",
    otherLanguage: { locale: "en", label: "English" },
  },
  en: {
    noun: { coupon: "coupon", voucher: "voucher", cash_voucher: "cash voucher" },
    title: "Check a voucher – Stempla",
    status: {
      valid: "Valid",
      redeemed: "Already redeemed",
      expired: "Expired",
      withdrawn: "Withdrawn",
      invalid: "Not valid",
    },
    sentence: {
      valid: (noun) => `This ${noun} is valid and can be redeemed.`,
      redeemed: (noun) => `This ${noun} has already been redeemed and is no longer valid.`,
      expired: (noun) => `This ${noun} has expired.`,
      withdrawn: (noun) => `The purchase of this ${noun} was withdrawn; it is void.`,
    },
    invalidText: "This code is not a valid Stempla voucher.",
    redeemedAt: (when, where) => `Redeemed on ${when} at ${where}.`,
    partner: "Partner",
    offer: "Offer",
    lastDay: "Valid through",
    wallet: "Wallet",
    nftId: "Number",
    howTo:
      "To redeem it, the customer taps “Redeem” in the Stempla app and scans the location’s QR code; the staff confirm with their PIN.",
    tooMany: "Too many checks from this address. Please try again in a few minutes.",
    footer: "Stempla – the digital stamp card",
    imprint: "Imprint",
    privacy: "Privacy",
    otherLanguage: { locale: "de", label: "Deutsch" },
  },
};

/** A Berlin day (YYYY-MM-DD) as the page shows it: 31.12.2029 or 31 Dec 2029. */
function dayText(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", {
    timeZone: "UTC",
    day: "2-digit",
    month: locale === "de" ? "2-digit" : "short",
    year: "numeric",
  }).format(new Date(`${day}T00:00:00Z`));
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f4f1ec;color:#1f2328;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:460px;margin:0 auto;padding:24px 16px 8px}
.card{background:#fff;border-radius:16px;padding:24px 20px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1,p{margin:0}
.badge{display:inline-block;padding:6px 14px;border-radius:999px;font-weight:700;font-size:1.125rem}
.valid{background:#d3f9d8;color:#1b5e20}
.redeemed,.withdrawn,.invalid{background:#ffe3e3;color:#a51111}
.expired{background:#fff3bf;color:#7a4b00}
h1{font-size:1.375rem;line-height:1.3;margin:16px 0 14px;overflow-wrap:break-word}
.lead{margin:-6px 0 16px}
dl{display:grid;grid-template-columns:1fr;margin:0;border-top:1px solid #eee}
dt{color:#495057;font-size:.875rem;padding-top:10px}
dd{margin:0;padding-bottom:10px;border-bottom:1px solid #eee;font-weight:600;overflow-wrap:break-word}
@media (min-width:520px){dl{grid-template-columns:auto 1fr}dt{padding:10px 16px 10px 0;border-bottom:1px solid #eee;font-size:1rem}dd{padding:10px 0}}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-weight:400;font-size:.9375rem}
.note{margin-top:18px;font-size:.875rem;color:#495057}
footer{max-width:460px;margin:0 auto;padding:12px 16px 24px;font-size:.875rem;color:#495057;text-align:center}
footer a{color:#495057;margin:0 6px;display:inline-block}
`;

export function checkPage(check: NftCheck, locale: Locale): string {
  const t = TEXTS[locale];
  const page = (name: keyof typeof PAGE_ROUTES) => `/${locale}/${PAGE_ROUTES[name]}`;
  const other = t.otherLanguage;
  let body: string;
  if (check.status === "invalid" || !check.offer) {
    body = `<p class="badge invalid">${e(t.status.invalid)}</p>
<h1>${e(t.invalidText)}</h1>`;
  } else {
    const noun = t.noun[check.offer.type];
    const rows: [string, string, boolean?][] = [
      [t.offer, check.offer.name],
      [t.partner, check.partner?.name ?? ""],
      [t.lastDay, dayText(check.last_day!, locale)],
      [t.wallet, check.wallet_address_short ?? "", true],
      [t.nftId, check.nft_id ?? "", true],
    ];
    const redeemed =
      check.status === "redeemed" && check.redeemed_at
        ? `<p class="lead">${e(
            t.redeemedAt(
              berlinDateTimeText(new Date(check.redeemed_at), locale),
              check.redeemed_location
                ? `${check.redeemed_location.name}, ${check.redeemed_location.address}`
                : "",
            ),
          )}</p>`
        : "";
    body = `<p class="badge ${check.status}">${e(t.status[check.status])}</p>
<h1>${e(t.sentence[check.status](noun))}</h1>
${redeemed}<dl>
${rows.map(([label, value, mono]) => `<dt>${e(label)}</dt><dd${mono ? ' class="mono"' : ""}>${e(value)}</dd>`).join("\n")}
</dl>
${check.status === "valid" ? `<p class="note">${e(t.howTo)}</p>` : ""}`;
  }
  return layout(locale, `<div class="card">\n${body}\n</div>`, page, other, t);
}

function layout(
  locale: Locale,
  body: string,
  page: (name: keyof typeof PAGE_ROUTES) => string,
  other: { locale: Locale; label: string },
  t: CheckTexts,
): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(t.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
<footer>
<p>${e(t.footer)}</p>
<p><a href="${page("imprint")}">${e(t.imprint)}</a><a href="${page("privacy")}">${e(t.privacy)}</a><a href="?lang=${other.locale}" hreflang="${other.locale}" lang="${other.locale}">${e(other.label)}</a></p>
</footer>
</body>
</html>
`;
}

function tooManyPage(locale: Locale): string {
  const t = TEXTS[locale];
  const page = (name: keyof typeof PAGE_ROUTES) => `/${locale}/${PAGE_ROUTES[name]}`;
  return layout(locale, `<div class="card"><h1>${e(t.tooMany)}</h1></div>`, page, t.otherLanguage, t);
}

/** Checks per address: a till or a busy counter checks often, a script guessing codes is stopped. */
const checkLimit = (ip: string) => ({ key: `nft-check:ip:${ip}`, limit: 120, windowSeconds: 600 });

function send(reply: FastifyReply, status: number, html: string) {
  // The state changes (redeemed, withdrawn): never from a cache. The language follows the cookie
  // and Accept-Language.
  return reply
    .status(status)
    .header("cache-control", "no-store")
    .header("vary", "Accept-Language, Cookie")
    .type("text/html; charset=utf-8")
    .send(html);
}

const codeParams = z.object({ code: z.string().max(200) });

const nftCheckSchema = z.object({
  status: z.enum(NFT_CHECK_STATUSES),
  nft_id: z.string().nullable(),
  offer: z
    .object({ id: z.number(), type: z.enum(["coupon", "voucher", "cash_voucher"]), name: z.string() })
    .nullable(),
  partner: z.object({ name: z.string() }).nullable(),
  last_day: z.string().nullable(),
  wallet_address_short: z.string().nullable(),
  redeemed_at: z.string().nullable(),
  redeemed_location: z.object({ name: z.string(), address: z.string() }).nullable(),
  withdrawn_at: z.string().nullable(),
});

const nftKeysSchema = z.object({
  keys: z.array(z.object({ kid: z.string(), alg: z.literal("Ed25519"), x: z.string() })),
});

/** GET /n/{code}: the check page (HTML, outside the OpenAPI document like the scan landing). */
export const nftCheckPageRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/n/:code",
    {
      schema: {
        hide: true,
        params: z.object({ code: z.string() }),
        querystring: z.object({ lang: z.union([z.string(), z.array(z.string())]).optional() }),
      },
    },
    async (request, reply) => {
      const { lang: asked } = request.query;
      const lang = Array.isArray(asked) ? asked[0] : asked;
      const locale = isLocale(lang) ? lang : visitorLocale(request);
      try {
        await enforceRateLimits(app.db, [checkLimit(request.ip)]);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        return send(reply, 429, tooManyPage(locale));
      }
      const check = await checkNftCode(app.db, app.config, request.params.code.slice(0, 200));
      // An unknown or forged code is a page that exists and says so, like a known one.
      return send(reply, 200, checkPage(check, locale));
    },
  );
};

/** GET /api/v2/nft/check/{code} and GET /api/v2/nft/keys: the same answers for the app and tills. */
export const nftPublicApiRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/nft/check/:code",
    {
      schema: {
        tags: ["app"],
        summary:
          "What a coupon's or voucher's signed code says now: valid, redeemed, expired, withdrawn or invalid",
        description:
          "Public, rate limited per address. A code not signed by one of our keys for the item's wallet, offer and last day is `invalid`.",
        params: codeParams,
        response: { 200: dataOf(nftCheckSchema) },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(app.db, [checkLimit(request.ip)]);
      reply.header("cache-control", "no-store");
      return { data: await checkNftCode(app.db, app.config, request.params.code) };
    },
  );
  r.get(
    "/nft/keys",
    {
      schema: {
        tags: ["app"],
        summary: "The Ed25519 public keys codes are signed with (current first; earlier ones stay listed)",
        response: { 200: nftKeysSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=3600");
      return { keys: publishedNftKeys(app.config) };
    },
  );
};
