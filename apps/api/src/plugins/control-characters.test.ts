import { addMonths, berlinMonth } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/client.ts";
import { runMonthlyInvoicing } from "../modules/billing/invoicing.ts";
import { ORIGIN, registration, signedInPartner } from "../test/accounts.ts";
import { billedPartner } from "../test/billing.ts";
import { build, type TestApp } from "../test/build.ts";
import {
  CARD,
  CONTACT,
  categoryIds,
  companyIdOf,
  LOCATION,
  type Partner,
  signedInAdmin,
  TEST_IBAN,
} from "../test/review.ts";
import { appCustomer, type Customer, livePartner } from "../test/scans.ts";

// PostgreSQL cannot store a NUL character in text: before the shared string rules refused it, a
// NUL in almost any field reached the database and answered 500. Every string field of the main
// endpoints gets one here; each must answer 4xx.

let t: TestApp;
let partner: Partner;
let live: Awaited<ReturnType<typeof livePartner>>;
let customer: Customer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let locationId: number;
let socialId: number;
let invoiceId: number;
let categories: number[];

beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  partner = await signedInPartner(t);
  live = await livePartner(t);
  customer = await appCustomer(t);
  admin = await signedInAdmin(t);
  categories = await categoryIds(t);
  locationId = live.locationId;
  const social = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/partnerSocials",
    headers: live.headers,
    payload: { type: "website", url: "https://cafe.example.de" },
  });
  socialId = social.json().data.id;
  const billed = await billedPartner(t);
  await runMonthlyInvoicing(t.db, {
    month: addMonths(berlinMonth(new Date()), -1),
    provider: t.config.provider,
    publicUrl: t.config.publicUrl,
  });
  [{ id: invoiceId }] = rowsOf<{ id: number }>(
    await t.db.execute(sql`select id from invoices where company_id = ${billed.id}`),
  ) as [{ id: number }];
});

interface Case {
  method: "POST" | "PUT" | "PATCH";
  url: () => string;
  headers?: () => Record<string, string>;
  payload: () => Record<string, unknown>;
}

const cases: Record<string, Case> = {
  "partner register": {
    method: "POST",
    url: () => "/api/v2/dashboard/register",
    payload: () => registration(),
  },
  "partner register (master contact)": {
    method: "POST",
    url: () => "/api/v2/dashboard/register",
    payload: () =>
      registration({ type: "master", contact_name: "Mara", contact_surname: "Sonne", vat: "DE123456789" }),
  },
  "email check": {
    method: "POST",
    url: () => "/api/v2/dashboard/emailCheck",
    payload: () => ({ email: "a@b.de" }),
  },
  "partner login": {
    method: "POST",
    url: () => "/api/v2/dashboard/login",
    payload: () => ({ email: partner.email, password: partner.password }),
  },
  "verify email": {
    method: "POST",
    url: () => "/api/v2/dashboard/verifyEmail",
    payload: () => ({ token: "a".repeat(43) }),
  },
  "password reset request": {
    method: "POST",
    url: () => "/api/v2/dashboard/restore",
    payload: () => ({ email: partner.email }),
  },
  "password reset": {
    method: "POST",
    url: () => "/api/v2/dashboard/restoreEmail",
    payload: () => ({
      token: "a".repeat(43),
      password: "neu-geheim-1",
      password_confirmation: "neu-geheim-1",
    }),
  },
  "change password": {
    method: "POST",
    url: () => "/api/v2/dashboard/changePassword",
    headers: () => partner.headers,
    payload: () => ({
      current_password: partner.password,
      password: "neu-geheim-1",
      password_confirmation: "neu-geheim-1",
    }),
  },
  contact: {
    method: "POST",
    url: () => "/api/v2/contact",
    payload: () => ({
      name: "Anna Muster",
      email: "anna@cafe-sonne.de",
      company: "Café Sonne",
      phone: "0221 123456",
      topic: "sales",
      message: "Wir haben zwei Filialen in Köln und möchten die Stempelkarte einführen.",
      privacy_accepted: true,
    }),
  },
  "company name": {
    method: "PATCH",
    url: () => "/api/v2/dashboard/company/company_name",
    headers: () => partner.headers,
    payload: () => ({ company_name: "Bäckerei Neu" }),
  },
  "company vat": {
    method: "PATCH",
    url: () => "/api/v2/dashboard/company/vat",
    headers: () => partner.headers,
    payload: () => ({ vat: "DE123456789" }),
  },
  "company address": {
    method: "PATCH",
    url: () => "/api/v2/dashboard/company/address",
    headers: () => partner.headers,
    payload: () => ({ street: "Ring", building: "1", postcode: "50667", city: "Köln", country: "DE" }),
  },
  "company address (Austria)": {
    method: "PATCH",
    url: () => "/api/v2/dashboard/company/address",
    headers: () => partner.headers,
    payload: () => ({ street: "Ring", building: "1", postcode: "1010", city: "Wien", country: "AT" }),
  },
  "company phone": {
    method: "PATCH",
    url: () => "/api/v2/dashboard/company/phone",
    headers: () => partner.headers,
    payload: () => ({ phone_number: "0221 987654" }),
  },
  "company contact": {
    method: "PATCH",
    url: () => "/api/v2/dashboard/company/contact",
    headers: () => partner.headers,
    payload: () => ({ ...CONTACT }),
  },
  "payment details": {
    method: "POST",
    url: () => "/api/v2/dashboard/company/payment",
    headers: () => partner.headers,
    payload: () => ({ account_holder: "Mara Sonnenschein", iban: TEST_IBAN, mandate_accepted: true }),
  },
  "subscription payment": {
    method: "POST",
    url: () => "/api/v2/subscription/payment",
    headers: () => partner.headers,
    payload: () => ({ account_holder: "Mara Sonnenschein", iban: TEST_IBAN, mandate_accepted: true }),
  },
  "new location": {
    method: "POST",
    url: () => "/api/v2/dashboard/shop",
    headers: () => partner.headers,
    payload: () => ({ ...LOCATION, address: "Hinterhof", phone_number: "221 555" }),
  },
  "location edit": {
    method: "POST",
    url: () => `/api/v2/dashboard/shop/${locationId}`,
    headers: () => live.headers,
    payload: () => ({ ...LOCATION, address: "Hinterhof", phone_number: "221 555" }),
  },
  "location PIN": {
    method: "PUT",
    url: () => `/api/v2/dashboard/shop/${locationId}/pin`,
    headers: () => live.headers,
    payload: () => ({ pin: "1234", limit_count: 1, limit_hours: 24 }),
  },
  "bonus card": {
    method: "POST",
    url: () => `/api/v2/dashboard/partner/${companyIdOf(partner)}`,
    headers: () => partner.headers,
    payload: () => ({
      ...CARD,
      conditions: { excluded_products: ["Getränke"], note: "Nicht mit anderen Aktionen kombinierbar" },
      public_name: "Café Öffentlich",
      categories: { primary: categories[0], secondary: [categories[1]] },
    }),
  },
  "partner link": {
    method: "POST",
    url: () => "/api/v2/dashboard/partnerSocials",
    headers: () => live.headers,
    payload: () => ({ type: "instagram", url: "https://instagram.com/cafe" }),
  },
  "partner link edit": {
    method: "POST",
    url: () => `/api/v2/dashboard/partnerSocials/${socialId}`,
    headers: () => live.headers,
    payload: () => ({ type: "email", url: "hallo@cafe.example.de" }),
  },
  "set-up draft": {
    method: "PUT",
    url: () => "/api/v2/dashboard/setup",
    headers: () => partner.headers,
    payload: () => ({
      step: "location_name",
      draft: { name: "Café", street: "Ring", building: "1", postcode: "50667", city: "Köln", country: "DE" },
    }),
  },
  termination: {
    method: "POST",
    url: () => "/api/v2/subscription/termination",
    headers: () => live.headers,
    payload: () => ({ confirm: true, ends_on: "2030-03-31" }),
  },
  "app register": {
    method: "POST",
    url: () => "/api/app/register",
    payload: () => ({
      email: `neu-${Math.random().toString(36).slice(2)}@app.test`,
      password: "kunden-passwort",
      first_name: "Kim",
      surname: "Kunde",
      phone: "+49 170 1234567",
      date_of_birth: "1990-05-17",
      locale: "de",
    }),
  },
  "app login": {
    method: "POST",
    url: () => "/api/app/login",
    payload: () => ({ email: customer.email, password: customer.password }),
  },
  "app scan": {
    method: "POST",
    url: () => "/api/app/scan",
    headers: () => customer.headers,
    payload: () => ({ code: live.scanCode, method: "qr", pin: "1234" }),
  },
  "app redeem": {
    method: "POST",
    url: () => "/api/app/redeem",
    headers: () => customer.headers,
    payload: () => ({ code: live.scanCode, pin: "1234" }),
  },
  "console block": {
    method: "POST",
    url: () => `/api/admin/partners/${companyIdOf(partner)}/block`,
    headers: () => admin.headers,
    payload: () => ({ reason: "Verstoß gegen die Richtlinien" }),
  },
  "console credit note": {
    method: "POST",
    url: () => `/api/admin/billing/invoices/${invoiceId}/credit-note`,
    headers: () => admin.headers,
    payload: () => ({ reason: "Falsche Anzahl Standorte" }),
  },
  "console returned debit": {
    method: "POST",
    url: () => `/api/admin/billing/invoices/${invoiceId}/returned`,
    headers: () => admin.headers,
    payload: () => ({ reason: "Konto erloschen" }),
  },
  "console SEPA file": {
    method: "POST",
    url: () => "/api/admin/billing/sepa",
    headers: () => admin.headers,
    payload: () => ({ due_until: "2030-01-01" }),
  },
  "console billing run": {
    method: "POST",
    url: () => "/api/admin/billing/run",
    headers: () => admin.headers,
    payload: () => ({ month: "2020-01" }),
  },
};

/** Every path to a string in the payload, e.g. ["draft", "city"] or ["categories", "secondary", 0]. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, i]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

function withNul(payload: Record<string, unknown>, path: (string | number)[]): Record<string, unknown> {
  const copy = structuredClone(payload);
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  const text = parent[last] as string;
  const middle = Math.ceil(text.length / 2);
  parent[last] = `${text.slice(0, middle)}\u0000${text.slice(middle)}`;
  return copy;
}

let client = 0;
describe("a NUL character in any string field", () => {
  for (const [name, c] of Object.entries(cases)) {
    it(`${name}: 4xx, never 500`, async () => {
      const paths = stringPaths(c.payload());
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        const res = await t.inject({
          method: c.method,
          url: c.url(),
          headers: c.headers?.() ?? {},
          payload: withNul(c.payload(), path),
          remoteAddress: `10.66.${(++client >> 8) & 255}.${client & 255}`,
        });
        expect(res.statusCode, `${path.join(".")}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${path.join(".")}: ${res.body}`).toBeLessThan(500);
      }
    });
  }

  it("in query strings and path parameters: 4xx, never 500", async () => {
    const requests: [string, Record<string, string>][] = [
      ["/api/v2/dashboard/users?search=Kim%00", live.headers],
      ["/api/v2/dashboard/users/csv?search=%00", live.headers],
      ["/api/v2/dashboard/users/csv/abc%00def", live.headers],
      ["/api/v2/dashboard/stats?month=2026-01%00", live.headers],
      ["/api/v2/dashboard/shop?search=%00", live.headers],
      ["/api/v2/scan-codes/abc%00def/partner", {}],
      ["/s/abc%00def", {}],
      ["/api/admin/partners?search=Caf%00", admin.headers],
      ["/api/admin/mails?search=%00", admin.headers],
      ["/api/admin/billing/preview?month=%00", admin.headers],
      ["/api/v2/subscription/invoices?search=%00", live.headers],
    ];
    for (const [url, headers] of requests) {
      const res = await t.inject({ url, headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
  });
});

describe("control characters in names", () => {
  const appRegister = (first_name: string, locale: "de" | "en") =>
    t.inject({
      method: "POST",
      url: "/api/app/register",
      headers: { "content-language": locale },
      payload: {
        email: `name-${Math.random().toString(36).slice(2)}@app.test`,
        password: "kunden-passwort",
        first_name,
        surname: "Kunde",
      },
      remoteAddress: `10.67.${(++client >> 8) & 255}.${client & 255}`,
    });

  it("the app refuses them in a customer's name with 422 and a message on the field, in German and English", async () => {
    for (const name of [
      'Kim\n=HYPERLINK("http://evil")',
      "Kim\r=1+1",
      "Kim\u0000",
      "K\tim",
      "Kim\u001b[31m",
    ]) {
      const de = await appRegister(name, "de");
      expect(de.statusCode, JSON.stringify(name)).toBe(422);
      expect(de.json().errors).toEqual({
        first_name: [
          "Bitte geben Sie den Text in einer Zeile ein, ohne Zeilenumbrüche, Tabulatoren oder andere Steuerzeichen.",
        ],
      });
      const en = await appRegister(name, "en");
      expect(en.statusCode).toBe(422);
      expect(en.json().errors).toEqual({
        first_name: [
          "Please enter the text on one line, without line breaks, tabs or other control characters.",
        ],
      });
    }
    // A line break at either end is only whitespace around the name.
    const trimmed = await appRegister("\n Kim Lee \r\n", "de");
    expect(trimmed.statusCode, trimmed.body).toBe(201);
    expect(trimmed.json().data.user.first_name).toBe("Kim Lee");
  });

  it("a partner's contact person gets the same message", async () => {
    const res = await t.inject({
      method: "PATCH",
      url: "/api/v2/dashboard/company/contact",
      headers: { ...partner.headers, "content-language": "en" },
      payload: { ...CONTACT, surname: "Sonnen\nschein" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      surname: ["Please enter the text on one line, without line breaks, tabs or other control characters."],
    });
  });

  it("multi-line text keeps its line breaks and refuses only the other control characters", async () => {
    const contact = (message: string) =>
      t.inject({
        method: "POST",
        url: "/api/v2/contact",
        headers: { "content-language": "de" },
        payload: {
          name: "Anna Muster",
          email: `anna-${Math.random().toString(36).slice(2)}@cafe-sonne.de`,
          topic: "sales",
          message,
          privacy_accepted: true,
        },
        remoteAddress: `10.68.${(++client >> 8) & 255}.${client & 255}`,
      });
    expect((await contact("Guten Tag,\r\n\twir haben zwei Filialen.\nGrüße")).statusCode).toBe(201);
    const bell = await contact("Guten Tag,\u0007 wir haben zwei Filialen.");
    expect(bell.statusCode).toBe(422);
    expect(bell.json().errors).toEqual({
      message: [
        "Der Text enthält Steuerzeichen, die nicht erlaubt sind. Bitte entfernen Sie sie (Zeilenumbrüche sind erlaubt).",
      ],
    });
  });
});
