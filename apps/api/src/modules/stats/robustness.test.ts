import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { billedPartner } from "../../test/billing.ts";
import { build, type TestApp } from "../../test/build.ts";
import { signedInAdmin } from "../../test/review.ts";
import { appCustomer } from "../../test/scans.ts";

// Scans, statistics, clients and billing: whatever a signed-in client sends, the answer is 2xx or
// 4xx with a message, never a 5xx.
let t: TestApp;
let partner: Awaited<ReturnType<typeof billedPartner>>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let customer: Awaited<ReturnType<typeof appCustomer>>;

beforeAll(async () => {
  t = await build();
  partner = await billedPartner(t);
  admin = await signedInAdmin(t);
  customer = await appCustomer(t);
}, 60_000);

const ODD_VALUES = [
  "0000-01",
  "2026-13",
  "2026-02-31",
  "-1",
  "1e308",
  "9007199254740993",
  "%00",
  "[]",
  "null",
];
const odd = fc.oneof(fc.string(), fc.constantFrom(...ODD_VALUES), fc.integer().map(String));

describe("no client input makes the scan, statistics or billing API answer 5xx", () => {
  it("odd query strings on every statistics and clients endpoint", async () => {
    const paths = [
      "stats",
      "scanHistory",
      "redeemHistory",
      "redeemDilution",
      "customerHistory",
      "pointBalance",
      "pointBalance/available",
      "topCustomers",
      "fraud",
      "stats/pdf",
      "users",
    ];
    const keys = ["month", "location", "period", "search", "filter", "page", "per_page"];
    // Every known troublemaker on every parameter of every endpoint, then random ones.
    for (const path of paths) {
      for (const key of keys) {
        for (const value of ODD_VALUES) {
          const url = `/api/v2/dashboard/${path}?${key}=${encodeURIComponent(value)}`;
          const res = await t.inject({ url, headers: partner.headers });
          expect(res.statusCode, `${url} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
        }
      }
    }
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.constantFrom(...keys), odd, async (path, key, value) => {
        const url = `/api/v2/dashboard/${path}?${key}=${encodeURIComponent(value)}`;
        const res = await t.inject({ url, headers: partner.headers });
        expect(res.statusCode, `${url} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
  });

  it("arbitrary JSON bodies as the app customer, the partner and the team", async () => {
    const calls: [string, string, () => Record<string, string>][] = [
      ["POST", "/api/app/scan", () => customer.headers],
      ["POST", "/api/app/redeem", () => customer.headers],
      ["PUT", `/api/app/cards/1/share`, () => customer.headers],
      ["POST", "/api/v2/dashboard/hardware-orders", () => partner.headers],
      ["PUT", "/api/v2/dashboard/stats/settings", () => partner.headers],
      ["PUT", "/api/v2/subscription/payment-method", () => partner.headers],
      ["POST", "/api/admin/billing/run", () => admin.headers],
      ["POST", "/api/admin/billing/sepa", () => admin.headers],
      ["POST", "/api/admin/billing/invoices/1/returned", () => admin.headers],
      ["POST", "/api/admin/billing/invoices/1/credit-note", () => admin.headers],
      ["PUT", "/api/admin/locations/1/digital-menu", () => admin.headers],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...calls), fc.jsonValue(), async ([method, url, headers], body) => {
        const res = await t.inject({
          method: method as "POST" | "PUT",
          url,
          headers: { ...headers(), "content-type": "application/json", "idempotency-key": "fuzz-key-0001" },
          payload: JSON.stringify(body),
        });
        expect(
          res.statusCode,
          `${method} ${url} ${JSON.stringify(body)} -> ${res.body.slice(0, 300)}`,
        ).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
