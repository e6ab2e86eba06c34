import { beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin } from "../db/seed/accounts.ts";
import { ORIGIN, signedInPartner } from "../test/accounts.ts";
import { build, type TestApp } from "../test/build.ts";

// Every route of the API, from the OpenAPI document, is checked against the scopes
// (docs/architecture.md): a route added outside the partner or team scope by mistake answers a
// stranger without 401 and fails here, unless it is listed below as public on purpose.
const PUBLIC = new Set([
  "GET /api/v2/health",
  "GET /api/v2/legalForm",
  "GET /api/v2/categories",
  "POST /api/v2/contact",
  "GET /api/v2/provider",
  "POST /api/v2/dashboard/emailCheck",
  "POST /api/v2/dashboard/register",
  // An invited franchisee's mailed link (docs/decisions/008-franchise-model.md, section 3).
  "POST /api/v2/invitations/check",
  "POST /api/v2/dashboard/register/complete",
  "POST /api/v2/dashboard/login",
  "POST /api/v2/dashboard/verifyEmail",
  "POST /api/v2/dashboard/logout",
  "POST /api/v2/dashboard/restore",
  "POST /api/v2/dashboard/restoreEmail",
  "GET /api/v2/scan-codes/{code}/partner",
  "GET /api/v2/geo/map",
  "GET /api/v2/logos/{hash}/{size}",
  "GET /api/v2/faq",
  // The digital menu's guests (docs/decisions/009-digital-menu.md, section 4).
  "GET /api/v2/menu",
  "POST /api/v2/statistics/menu/item/click",
  // The payment provider's notifications, checked by the provider (decision 010, section 5).
  "POST /api/v2/payments/webhooks/{provider}",
  // A coupon's or voucher's code checked, and the keys it is signed with (decision 010, section 7).
  "GET /api/v2/nft/check/{code}",
  "GET /api/v2/nft/keys",
]);
/** Any signed-in user's own account, partners and the provider team alike. */
const ACCOUNT = new Set(["GET /api/v2/dashboard/profile", "POST /api/v2/dashboard/changePassword"]);

let t: TestApp;
let operations: { method: string; path: string; url: string }[];
let team: Record<string, string>;
let partner: Record<string, string>;

beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  operations = Object.entries(paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((method) => method !== "head")
      .map((method) => ({ method: method.toUpperCase(), path, url: path.replace(/\{[^}]+\}/g, "1") })),
  );
  await ensureAdmin(t.db, { email: "team@stempla.test", password: "sehr-geheim-1" });
  const login = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/login",
    payload: { email: "team@stempla.test", password: "sehr-geheim-1" },
  });
  team = { authorization: `Bearer ${login.json().data.token}` };
  partner = (await signedInPartner(t)).headers;
});

const key = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
const send = (op: { method: string; url: string }, headers?: Record<string, string>) =>
  t.inject({
    method: op.method as "GET",
    url: op.url,
    headers,
    payload: op.method === "GET" ? undefined : {},
  });

describe("route scopes", () => {
  it("lists the public routes that exist (the allow-list has no stale entries)", () => {
    const all = new Set(operations.map(key));
    for (const route of [...PUBLIC, ...ACCOUNT]) expect(all, route).toContain(route);
  });

  it("answers a stranger 401 on every partner, account and console route, whatever the body", async () => {
    const closed = operations.filter(
      (op) => op.path.startsWith("/api/v2/") || op.path.startsWith("/api/admin/"),
    );
    expect(closed.length).toBeGreaterThan(50);
    for (const op of closed.filter((op) => !PUBLIC.has(key(op)))) {
      expect((await send(op)).statusCode, key(op)).toBe(401);
    }
  });

  it("answers a provider-team account 403 on every partner route: it has no company", async () => {
    const partnerRoutes = operations.filter(
      (op) => op.path.startsWith("/api/v2/") && !PUBLIC.has(key(op)) && !ACCOUNT.has(key(op)),
    );
    for (const op of partnerRoutes) expect((await send(op, team)).statusCode, key(op)).toBe(403);
  });

  it("answers a partner 403 on every console route", async () => {
    for (const op of operations.filter((op) => op.path.startsWith("/api/admin/"))) {
      expect((await send(op, partner)).statusCode, key(op)).toBe(403);
    }
  });
});
