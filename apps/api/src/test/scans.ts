import type { InjectOptions } from "fastify";
import { signedInPartner } from "./accounts.ts";
import type { TestApp } from "./build.ts";
import { companyIdOf, completeSetUp, signedInAdmin } from "./review.ts";

/** A partner that finished set-up and was approved (green): its scan code collects points. */
export async function livePartner(t: TestApp, overrides: Record<string, unknown> = {}) {
  const partner = await signedInPartner(t, overrides);
  const setUp = await completeSetUp(t, partner);
  const admin = await signedInAdmin(t);
  const res = await t.inject({
    method: "POST",
    url: `/api/admin/partners/${companyIdOf(partner)}/approve`,
    headers: admin.headers,
  });
  if (res.statusCode !== 200) throw new Error(`approve failed: ${res.body}`);
  return { ...partner, ...setUp };
}

/**
 * Sets a location's staff PIN and how many collections a customer gets without it (`count` within
 * `hours`; docs/product.md, "Staff PIN"), as the partner does on the location page.
 */
export async function setStaffPin(
  t: TestApp,
  partner: { headers: Record<string, string> },
  locationId: number,
  pin: string,
  limit: { count: number; hours: number },
) {
  const res = await t.inject({
    method: "PUT",
    url: `/api/v2/dashboard/shop/${locationId}/pin`,
    headers: partner.headers,
    payload: { pin, limit_count: limit.count, limit_hours: limit.hours },
  });
  if (res.statusCode !== 200) throw new Error(`staff PIN failed: ${res.body}`);
}

let customers = 0;
/** An end customer of the app, registered through the app API, with their Bearer headers. */
export async function appCustomer(t: TestApp, overrides: Record<string, unknown> = {}) {
  customers++;
  const payload = {
    email: `kunde${customers}-${Date.now()}@app.test`,
    password: "kunden-passwort",
    first_name: "Kim",
    surname: `Kunde${customers}`,
    phone: "+49 170 1234567",
    date_of_birth: "1990-05-17",
    ...overrides,
  };
  const res = await t.inject({
    method: "POST",
    url: "/api/app/register",
    payload,
    remoteAddress: `10.7.${customers >> 8}.${customers & 255}`,
  });
  if (res.statusCode !== 201) throw new Error(`app register failed: ${res.body}`);
  const { token, user } = res.json().data;
  return {
    ...payload,
    id: user.id as number,
    wallet: user.wallet_address as string,
    headers: { authorization: `Bearer ${token}` },
  };
}

export type Customer = Awaited<ReturnType<typeof appCustomer>>;

/** Sends a scan through the app API. */
export function scan(
  t: TestApp,
  customer: Customer,
  code: string,
  extra: { pin?: string; method?: "nfc" | "qr"; key?: string } = {},
) {
  const opts: InjectOptions = {
    method: "POST",
    url: "/api/app/scan",
    headers: { ...customer.headers, ...(extra.key ? { "idempotency-key": extra.key } : {}) },
    payload: { code, method: extra.method ?? "qr", ...(extra.pin ? { pin: extra.pin } : {}) },
  };
  return t.inject(opts);
}

export function redeem(t: TestApp, customer: Customer, code: string, pin: string, key?: string) {
  return t.inject({
    method: "POST",
    url: "/api/app/redeem",
    headers: { ...customer.headers, ...(key ? { "idempotency-key": key } : {}) },
    payload: { code, pin },
  });
}
