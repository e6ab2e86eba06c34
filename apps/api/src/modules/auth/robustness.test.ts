import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, registration } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";

let t: TestApp;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
});

const endpoints = [
  "/api/v2/dashboard/register",
  "/api/v2/dashboard/emailCheck",
  "/api/v2/dashboard/login",
  "/api/v2/dashboard/verifyEmail",
  "/api/v2/dashboard/restore",
  "/api/v2/dashboard/restoreEmail",
  "/api/v2/dashboard/changePassword",
  "/api/v2/dashboard/logout",
  "/api/v2/contact",
];

// Valid payloads with one field replaced by anything JSON can carry.
const mutatedRegistration = fc
  .record({ field: fc.constantFrom(...Object.keys(registration())), value: fc.jsonValue() })
  .map(({ field, value }) => ({ ...registration(), [field]: value }));

let client = 0;
describe("no client input makes the API answer 5xx", () => {
  it("arbitrary JSON bodies", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), fc.jsonValue(), async (url, body) => {
        const res = await t.inject({
          method: "POST",
          url,
          headers: { "content-type": "application/json", origin: ORIGIN },
          payload: JSON.stringify(body),
          remoteAddress: `10.9.${(++client >> 8) & 255}.${client & 255}`,
        });
        expect(res.statusCode, `${url} ${JSON.stringify(body)} -> ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it("registrations with one odd field", async () => {
    await fc.assert(
      fc.asyncProperty(mutatedRegistration, async (payload) => {
        const res = await t.inject({
          method: "POST",
          url: "/api/v2/dashboard/register",
          payload,
          remoteAddress: `10.8.${(++client >> 8) & 255}.${client & 255}`,
        });
        expect(res.statusCode, `${JSON.stringify(payload)} -> ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  });
});
