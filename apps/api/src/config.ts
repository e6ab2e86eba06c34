import { hkdfSync } from "node:crypto";
import { isIP } from "node:net";
import path from "node:path";
import type { MenuLocaleLists, SocialProvider } from "@stempla/domain";
import { z } from "zod";
import { isValidWalletSeed } from "./modules/app/wallet.ts";

export const DEV_WALLET_SEED = "test test test test test test test test test test test junk";

/** Unset and empty both mean "not configured". */
const blankAsUnset = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optionalUrl = z.preprocess(
  blankAsUnset,
  z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://example.com" }).optional(),
);

const postgresUrl = z.preprocess(
  blankAsUnset,
  z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// connection URL" })
    .optional(),
);

/** A comma-separated list of client ids; unset or empty is an empty list. */
const clientIdList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .refine(
    (ids) => ids.every((id) => /^[\w.:-]+$/.test(id)),
    "must be client ids separated by commas, e.g. 1234-abc.apps.googleusercontent.com,de.example.app",
  );

/** A comma-separated list of location ids; empty is an empty list. */
const locationIdList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine(
      (value) => /^\s*(\d+\s*(,\s*\d+\s*)*)?$/.test(value),
      "must be location ids separated by commas, e.g. 885,886,887",
    )
    .transform((value) =>
      value
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean)
        .map(Number),
    );

/** Every environment variable the product reads; the README's configuration table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535, "must be a port number between 0 and 65535").default(3000),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: postgresUrl,
  PUBLIC_URL: optionalUrl,
  MARKETING_SITE_URL: optionalUrl,
  SUPPORT_EMAIL: z.email("must be an email address").default("support@stempla.de"),
  MAIL_FROM: z.string().trim().min(3).default("Stempla <no-reply@stempla.de>"),
  PROVIDER_NAME: z.string().trim().min(2).default("Stempla GmbH"),
  PROVIDER_STREET: z.string().trim().min(2).default("Friedrichstraße 68"),
  PROVIDER_POSTCODE: z.string().trim().min(4).default("10117"),
  PROVIDER_CITY: z.string().trim().min(2).default("Berlin"),
  PROVIDER_EMAIL: z.email("must be an email address").default("kontakt@stempla.de"),
  PROVIDER_PHONE: z.string().trim().min(6).default("+49 30 555 012 30"),
  PROVIDER_REGISTER: z.string().trim().min(2).default("Amtsgericht Charlottenburg, HRB 000000 B"),
  PROVIDER_VAT_ID: z.string().trim().min(4).default("DE000000000"),
  PROVIDER_MANAGING_DIRECTORS: z.string().trim().min(2).default("Geschäftsführung laut Handelsregister"),
  // The Bundesbank's documented test creditor identifier; set the real one before going live.
  PROVIDER_CREDITOR_ID: z
    .string()
    .trim()
    .regex(
      /^[A-Z]{2}[0-9]{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/,
      "must be a SEPA creditor identifier, e.g. DE98ZZZ09999999999",
    )
    .default("DE98ZZZ09999999999"),
  // The account direct debits are collected to; the defaults are a well-known test account.
  PROVIDER_IBAN: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .pipe(
      z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/, "must be an IBAN, e.g. DE02120300000000202051"),
    )
    .default("DE02120300000000202051"),
  PROVIDER_BIC: z
    .string()
    .trim()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "must be a BIC of 8 or 11 characters, e.g. BYLADEM1001")
    .default("BYLADEM1001"),
  // The Bundesbank's base rate (Basiszinssatz, § 247 BGB) that default interest is computed on;
  // it changes on 1 January and 1 July, so set the current one.
  BASE_INTEREST_RATE_PERCENT: z.coerce
    .number()
    .min(-10, "must be a percentage such as 1.27")
    .max(20, "must be a percentage such as 1.27")
    .default(1.27),
  // The HD seed customers' wallet addresses are derived from. The default is the widely known
  // development mnemonic: fine for the demo, never for real customers (set your own before going live).
  WALLET_SEED: z
    .string()
    .trim()
    .refine(isValidWalletSeed, "must be a BIP-39 mnemonic (12 or 24 English words)")
    .default(DEV_WALLET_SEED),
  // The Ed25519 seeds that sign coupon and voucher codes (docs/decisions/010-coupons-and-vouchers.md,
  // section 1): base64 of 32 bytes each, comma-separated; the first signs, the others stay
  // published so codes issued before a rotation stay checkable. Unset: derived from WALLET_SEED.
  NFT_SIGNING_KEY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .refine(
        (value) =>
          value.split(",").every((seed) => {
            const trimmed = seed.trim();
            return /^[A-Za-z0-9+/]{43}=$/.test(trimmed) && Buffer.from(trimmed, "base64").length === 32;
          }),
        "must be base64 of 32 random bytes (e.g. openssl rand -base64 32), several separated by commas",
      )
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    blankAsUnset,
    z
      .url({
        protocol: /^smtps?$/,
        error: "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587",
      })
      .optional(),
  ),
  ADMIN_EMAIL: z.preprocess(blankAsUnset, z.email("must be an email address").optional()),
  ADMIN_PASSWORD: z.preprocess(
    blankAsUnset,
    z.string().min(10, "must be at least 10 characters long").optional(),
  ),
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  // The app's client ids at each sign-in provider: an ID token must be issued to one of them.
  // A provider without any is switched off.
  GOOGLE_CLIENT_IDS: clientIdList,
  APPLE_CLIENT_IDS: clientIdList,
  FACEBOOK_APP_IDS: clientIdList,
  // The map background of the location forms (docs/geo-positions.md): a tile URL template with
  // {z}/{x}/{y} (and optionally {s}), or "off" for a map without background. OpenStreetMap's own
  // servers allow light use only; a busy installation sets its own tile service.
  MAP_TILE_URL: z
    .string()
    .trim()
    .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png")
    .refine(
      (value) =>
        value === "off" ||
        (/^https?:\/\/[^/\s]+\/\S*$/.test(value) && ["{z}", "{x}", "{y}"].every((p) => value.includes(p))),
      "must be a tile URL with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png, or off",
    ),
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).default("© OpenStreetMap contributors"),
  // Where guests get the end-customer app (the scan landing page and the printed QR codes link
  // there) and the URL scheme the installed app answers to (docs/product.md, "Scan landing").
  APP_IOS_URL: z
    .url({ protocol: /^https$/, error: "must be an https URL" })
    .default("https://apps.apple.com/de/app/stempla/id6740219035"),
  APP_ANDROID_URL: z
    .url({ protocol: /^https$/, error: "must be an https URL" })
    .default("https://play.google.com/store/apps/details?id=de.stempla.app"),
  APP_URL_SCHEME: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9+.-]*$/, "must be a URL scheme such as stempla")
    .default("stempla"),
  // The digital menu's languages per location (spec section 3: dmLocalesBlockedDE,
  // dmLocalesAllowFR, dmLocalesAllowIT; docs/decisions/009-digital-menu.md, section 1).
  DM_LOCALES_BLOCKED_DE: locationIdList("885,886,887,172"),
  DM_LOCALES_ALLOW_FR: locationIdList("885,886,887,171,319"),
  DM_LOCALES_ALLOW_IT: locationIdList("964"),
  // The voucher market's payment provider (docs/decisions/010-coupons-and-vouchers.md, section 5):
  // only the built-in sandbox so far. The publishable key of the provider's browser script; unset,
  // the partner pages load no provider script.
  PAYMENT_PROVIDER: z.enum(["sandbox"], { error: "must be sandbox" }).default("sandbox"),
  PAYMENT_PUBLISHABLE_KEY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, "must be a publishable key such as pk_test_51Hx…")
      .optional(),
  ),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (typeof trust === "string") {
        ctx.addIssue({ code: "custom", message: trust });
        return z.NEVER;
      }
      return trust;
    }),
});

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): none, the number of proxies
 * in front of the server (the client is the entry that many hops from the right), or the proxies'
 * addresses and networks. "Trust everything" would make the left-most entry, which the client
 * writes itself, its address, so every per-address rate limit could be dodged; it is refused.
 * Returns the setting, or what is wrong with the value.
 */
export function parseTrustProxy(raw: string): false | number | string[] | string {
  const value = raw.trim();
  if (value === "" || value.toLowerCase() === "false") return false;
  if (value.toLowerCase() === "true") {
    return (
      "trusting every proxy would let each client choose its own address for the rate limits; " +
      "set the hop count, the number of reverse proxies in front of the server (e.g. 1), " +
      "or the proxies' addresses (e.g. 10.0.0.5 or 10.0.0.0/8)"
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : hops;
  }
  const entries = value.split(",").map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    return (
      `${JSON.stringify(bad)} is not a hop count or a proxy address; use the number of proxies ` +
      "(e.g. 1) or a comma-separated list of addresses and networks (e.g. 10.0.0.5,10.1.0.0/16, or loopback)"
    );
  }
  return entries;
}

/** An IP address, a network in CIDR notation, or one of the named ranges Fastify understands. */
function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  marketingSiteUrl: string | undefined;
  supportEmail: string;
  mailFrom: string;
  logLevel: string;
  webDistDir: string;
  /** Fastify's trustProxy: no proxy, a hop count, or the proxies' addresses and networks. */
  trustProxy: false | number | string[];
  provider: ProviderIdentity;
  smtpUrl: string | undefined;
  admin: { email: string; password: string } | undefined;
  seedDemo: "auto" | "always" | "never";
  walletSeed: string;
  /** Ed25519 seeds (32 bytes) of the coupon and voucher codes: the first signs, all verify. */
  nftSigningKeys: Buffer[];
  /** The base rate (percent) that default interest of overdue invoices is computed on. */
  baseInterestRatePercent: number;
  /** Per sign-in provider, the client ids (audiences) the app's ID tokens may be issued to; empty: off. */
  socialClientIds: Record<SocialProvider, string[]>;
  /** The location map's background tiles; url null: no background (MAP_TILE_URL=off). */
  mapTiles: { url: string | null; attribution: string };
  /** The end-customer app in the stores and the scheme that opens it (lib/app-links.ts). */
  app: { iosUrl: string; androidUrl: string; urlScheme: string };
  /** Which locations' menus offer fr or it, or not de (packages/domain menu/locales.ts). */
  menuLocales: MenuLocaleLists;
  /** The voucher market's payment provider and the browser script's publishable key (unset: none). */
  payments: { provider: "sandbox"; publishableKey: string | undefined };
};

/** The provider company as the imprint, the terms and (later) invoices name it. */
export interface ProviderIdentity {
  name: string;
  street: string;
  postcode: string;
  city: string;
  email: string;
  phone: string;
  register: string;
  vatId: string;
  managingDirectors: string;
  /** SEPA creditor identifier (Gläubiger-ID) named in mandates and debit files. */
  creditorId: string;
  /** The account SEPA direct debits are collected to. */
  iban: string;
  bic: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}=${JSON.stringify(env[name] ?? "")}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError("Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither");
  }
  const repoRoot = path.resolve(import.meta.dirname, "../../..");
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    marketingSiteUrl: e.MARKETING_SITE_URL?.replace(/\/+$/, ""),
    supportEmail: e.SUPPORT_EMAIL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, "apps/web/dist")),
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO,
    walletSeed: e.WALLET_SEED,
    nftSigningKeys: e.NFT_SIGNING_KEY
      ? e.NFT_SIGNING_KEY.split(",").map((seed) => Buffer.from(seed.trim(), "base64"))
      : [Buffer.from(hkdfSync("sha256", e.WALLET_SEED, "", "stempla-nft-signing-v1", 32))],
    baseInterestRatePercent: e.BASE_INTEREST_RATE_PERCENT,
    mapTiles: {
      url: e.MAP_TILE_URL === "off" ? null : e.MAP_TILE_URL,
      attribution: e.MAP_TILE_ATTRIBUTION,
    },
    app: { iosUrl: e.APP_IOS_URL, androidUrl: e.APP_ANDROID_URL, urlScheme: e.APP_URL_SCHEME },
    menuLocales: {
      blockedDe: e.DM_LOCALES_BLOCKED_DE,
      allowFr: e.DM_LOCALES_ALLOW_FR,
      allowIt: e.DM_LOCALES_ALLOW_IT,
    },
    payments: { provider: e.PAYMENT_PROVIDER, publishableKey: e.PAYMENT_PUBLISHABLE_KEY },
    socialClientIds: {
      google: e.GOOGLE_CLIENT_IDS,
      apple: e.APPLE_CLIENT_IDS,
      facebook: e.FACEBOOK_APP_IDS,
    },
    provider: {
      name: e.PROVIDER_NAME,
      street: e.PROVIDER_STREET,
      postcode: e.PROVIDER_POSTCODE,
      city: e.PROVIDER_CITY,
      email: e.PROVIDER_EMAIL,
      phone: e.PROVIDER_PHONE,
      register: e.PROVIDER_REGISTER,
      vatId: e.PROVIDER_VAT_ID,
      managingDirectors: e.PROVIDER_MANAGING_DIRECTORS,
      creditorId: e.PROVIDER_CREDITOR_ID,
      iban: e.PROVIDER_IBAN,
      bic: e.PROVIDER_BIC,
    },
  };
}

/**
 * Settings whose defaults are demo values that must not reach real invoices (the provider's legal
 * and bank details are frozen into every invoice) or real customers' wallets. The server warns at
 * start in production while any of them is unset.
 */
const DEMO_DEFAULTS = [
  "WALLET_SEED",
  "PROVIDER_REGISTER",
  "PROVIDER_VAT_ID",
  "PROVIDER_MANAGING_DIRECTORS",
  "PROVIDER_CREDITOR_ID",
  "PROVIDER_IBAN",
  "PROVIDER_BIC",
  "APP_IOS_URL",
  "APP_ANDROID_URL",
  // The sandbox takes no real money, and any app customer can settle its payments: set a real
  // provider before selling paid vouchers (docs/decisions/010-coupons-and-vouchers.md).
  "PAYMENT_PROVIDER",
] as const;

export function demoDefaultsInUse(env: NodeJS.ProcessEnv = process.env): string[] {
  return DEMO_DEFAULTS.filter((name) => env[name] === undefined || env[name]?.trim() === "");
}
