import { ensureAdmin } from "../db/seed/accounts.ts";
import { ORIGIN, type signedInPartner } from "./accounts.ts";
import type { TestApp } from "./build.ts";

export type Partner = Awaited<ReturnType<typeof signedInPartner>>;

/** The standard test IBAN (valid checksum; belongs to no real account). */
export const TEST_IBAN = "DE89370400440532013000";

let admins = 0;
/** A provider-team account, signed in with a Bearer token (as the console's API clients do). */
export async function signedInAdmin(t: TestApp) {
  admins++;
  const email = `team${admins}-${Date.now()}@stempla.test`;
  await ensureAdmin(t.db, { email, password: "sehr-geheim-1" });
  const res = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/login",
    payload: { email, password: "sehr-geheim-1" },
    remoteAddress: `10.9.0.${admins}`,
  });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return {
    email,
    id: res.json().data.user.id as number,
    headers: { authorization: `Bearer ${res.json().data.token}` },
  };
}

/** A cookie-signed-in partner's headers with a language: Content-Language as the web app sends it. */
export const inLocale = (partner: Partner, locale: "de" | "en") => ({
  ...partner.headers,
  "content-language": locale,
});

export const companyIdOf = (partner: Partner) => partner.user.company.id as number;

export const CONTACT = { first_name: "Mara", surname: "Sonnenschein", phone: "+49 221 1234567" };
export const CARD = { description: "Jeder 10. Kaffee gratis", points: 10 };
export const LOCATION = {
  name: "Café am Markt",
  street: "Marktplatz",
  building: "3",
  postcode: "50667",
  city: "Köln",
  working_hours: { mon: [{ from: "08:00", to: "18:00" }] },
};

/** The category ids of the reference data, by key order of GET /categories. */
export async function categoryIds(t: TestApp): Promise<number[]> {
  const res = await t.inject({ url: "/api/v2/categories?limit=500" });
  return res.json().data.map((c: { id: number }) => c.id);
}

async function ok<R extends { statusCode: number; body: string }>(res: R, what: string): Promise<R> {
  if (res.statusCode >= 300) throw new Error(`${what} failed (${res.statusCode}): ${res.body}`);
  return res;
}

/**
 * Provides everything the review needs through the API, as a partner does in the set-up: contact
 * person, card with public name and categories, a location and the SEPA mandate. Returns the
 * location's scan code.
 */
export async function completeSetUp(t: TestApp, partner: Partner, opts: { iban?: string } = {}) {
  const id = companyIdOf(partner);
  const [primary, secondary] = await categoryIds(t);
  const call = (method: "POST" | "PATCH", url: string, payload: object) =>
    t.inject({ method, url, payload, headers: partner.headers }).then((res) => ok(res, url));
  await call("PATCH", "/api/v2/dashboard/company/contact", CONTACT);
  await call("POST", `/api/v2/dashboard/partner/${id}`, {
    ...CARD,
    public_name: `${partner.user.company.name} Öffentlich`.slice(0, 50),
    categories: { primary, secondary: [secondary] },
  });
  const location = (await call("POST", "/api/v2/dashboard/shop", LOCATION)).json().data;
  await call("POST", "/api/v2/dashboard/company/payment", {
    account_holder: "Mara Sonnenschein",
    iban: opts.iban ?? TEST_IBAN,
    mandate_accepted: true,
  });
  return {
    id,
    locationId: location.id as number,
    scanCode: String(location.scan_url).split("/s/")[1]!,
  };
}

export { ORIGIN };
