import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sepaMandates } from "../../db/schema/index.ts";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import {
  CONTACT,
  companyIdOf,
  completeSetUp,
  inLocale,
  type Partner,
  signedInAdmin,
  TEST_IBAN,
} from "../../test/review.ts";
import { appCustomer, livePartner, scan } from "../../test/scans.ts";

let t: TestApp;
let alice: Partner;
let bob: Partner;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
});
// Fresh partners for every test: what one test saves, no other reads (docs/architecture.md, Tests).
beforeEach(async () => {
  alice = await signedInPartner(t, { company_name: "Café Alice" });
  bob = await signedInPartner(t, { company_name: "Bäckerei Bob" });
});

const getCompany = (who: Partner, locale: "de" | "en" = "de") =>
  t.inject({ url: "/api/v2/dashboard/company", headers: inLocale(who, locale) });
const patch = (who: Partner, group: string, payload: unknown, locale: "de" | "en" = "de") =>
  t.inject({
    method: "PATCH",
    url: `/api/v2/dashboard/company/${group}`,
    headers: inLocale(who, locale),
    payload: payload as object,
  });
const pay = (who: Partner, payload: object, locale: "de" | "en" = "de") =>
  t.inject({
    method: "POST",
    url: "/api/v2/dashboard/company/payment",
    headers: inLocale(who, locale),
    payload,
  });
const payment = {
  account_holder: "Alice Müller",
  iban: "de89 3704 0044 0532 0130 00",
  mandate_accepted: true,
};

describe("GET /dashboard/company", () => {
  it("shows the registration's data; nothing of set-up yet", async () => {
    const res = await getCompany(alice);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: companyIdOf(alice),
      type: "partner",
      status: "gray",
      company_name: "Café Alice",
      legal_form_id: 1,
      address: { street: "Lindenallee", building: "12a", postcode: "50968", city: "Köln", country: "DE" },
      phone: "+49221987654",
      contact: { first_name: null, surname: null, phone: "+49221987654", email: alice.email },
      public_name: null,
      logo: null,
      categories: { primary: null, secondary: [] },
      cumulative_billing: false,
      payment: null,
    });
    // The legal form in the request's language.
    const de = (await getCompany(alice, "de")).json().data.legal_form;
    const en = (await getCompany(alice, "en")).json().data.legal_form;
    expect(de).toBe("GmbH");
    expect(en).toContain("limited liability");
  });

  it("is for signed-in partners only: 401 signed out, 403 for the provider team (no company)", async () => {
    for (const [method, url] of [
      ["GET", "/api/v2/dashboard/company"],
      ["GET", "/api/v2/dashboard/company/mandate"],
      ["PATCH", "/api/v2/dashboard/company/company_name"],
      ["POST", "/api/v2/dashboard/company/payment"],
    ] as const) {
      const body = method === "GET" ? undefined : method === "PATCH" ? { company_name: "Neu GmbH" } : payment;
      const res = await t.inject({ method, url, payload: body, headers: { origin: ORIGIN } });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code, url).toBe("unauthorized");
    }
    const admin = await signedInAdmin(t);
    expect((await t.inject({ url: "/api/v2/dashboard/company", headers: admin.headers })).statusCode).toBe(
      403,
    );
  });

  it("checks who is asking before the body: bad input from a stranger is 401, from a partner at the console 403", async () => {
    const stranger = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/company/payment",
      headers: { origin: ORIGIN },
      payload: { iban: "kaputt" },
    });
    expect(stranger.statusCode).toBe(401);
    const partnerAtConsole = await t.inject({
      method: "POST",
      url: "/api/admin/partners/1/block",
      headers: alice.headers,
      payload: { reason: "" },
    });
    expect(partnerAtConsole.statusCode).toBe(403);
  });

  it("refuses a cookie-authenticated change from another origin", async () => {
    const res = await t.inject({
      method: "PATCH",
      url: "/api/v2/dashboard/company/company_name",
      headers: { cookie: alice.headers.cookie, origin: "https://evil.example" },
      payload: { company_name: "Gekapert GmbH" },
    });
    expect(res.statusCode).toBe(403);
    expect((await getCompany(alice)).json().data.company_name).toBe("Café Alice");
  });
});

describe("PATCH /dashboard/company/{group}", () => {
  it("changes one field group at a time and leaves the others and other partners alone", async () => {
    const before = (await getCompany(alice)).json().data;
    const edits: [string, object, object][] = [
      ["company_name", { company_name: " Café Alice & Töchter " }, { company_name: "Café Alice & Töchter" }],
      ["legal_form", { legal_form_id: 2 }, { legal_form_id: 2, legal_form: "UG (haftungsbeschränkt)" }],
      ["vat", { vat: "de 298 765 432" }, { vat: "DE298765432" }],
      [
        "address",
        { street: "Ehrenstraße", building: "42", postcode: "50672", city: "Köln", country: "DE" },
        {
          address: { street: "Ehrenstraße", building: "42", postcode: "50672", city: "Köln", country: "DE" },
        },
      ],
      ["phone", { phone_number: "0221 555555" }, { phone: "+49221555555" }],
      ["contact", CONTACT, { contact: { ...CONTACT, phone: "+492211234567", email: alice.email } }],
    ];
    for (const [group, payload, expected] of edits) {
      const res = await patch(alice, group, payload);
      expect(res.statusCode, `${group}: ${res.body}`).toBe(200);
      expect(res.json().data, group).toMatchObject(expected);
    }
    const after = (await getCompany(alice)).json().data;
    expect(after.id).toBe(before.id);
    expect(after.created_at).toBe(before.created_at);
    // "" clears the VAT id.
    expect((await patch(alice, "vat", { vat: "" })).json().data.vat).toBeNull();

    const bobs = (await getCompany(bob)).json().data;
    expect(bobs).toMatchObject({
      company_name: "Bäckerei Bob",
      vat: null,
      contact: { first_name: null },
      address: { street: "Lindenallee" },
    });
  });

  it.each([
    [
      "company_name",
      { company_name: "A" },
      "company_name",
      "Der Firmenname muss mindestens 2 Zeichen lang sein.",
      "The company name must be at least 2 characters long.",
    ],
    [
      "company_name",
      {},
      "company_name",
      "Der Firmenname muss mindestens 2 Zeichen lang sein.",
      "The company name must be at least 2 characters long.",
    ],
    [
      "legal_form",
      { legal_form_id: "x" },
      "legal_form_id",
      "Bitte wählen Sie eine Rechtsform aus.",
      "Please choose a legal form.",
    ],
    [
      "legal_form",
      { legal_form_id: 99999 },
      "legal_form_id",
      "Bitte wählen Sie eine Rechtsform aus.",
      "Please choose a legal form.",
    ],
    [
      "vat",
      { vat: "123" },
      "vat",
      "Bitte geben Sie eine gültige USt-IdNr. ein, z. B. DE123456789.",
      "Please enter a valid VAT ID, e.g. DE123456789.",
    ],
    [
      "address",
      { street: "Weg", building: "1", postcode: "1234", city: "Köln" },
      "postcode",
      "Bitte geben Sie eine gültige Postleitzahl ein.",
      "Please enter a valid postal code.",
    ],
    [
      "address",
      { street: "", building: "1", postcode: "50667", city: "Köln" },
      "street",
      "Bitte geben Sie Straße, Hausnummer, Postleitzahl und Ort ein.",
      "Please enter your street, house number, postal code and city.",
    ],
    [
      "phone",
      { phone_number: "abc" },
      "phone_number",
      "Bitte geben Sie eine gültige Telefonnummer mit Vorwahl ein, z. B. 0221 1234567.",
      "Please enter a valid phone number with its area code, e.g. 0221 1234567.",
    ],
    [
      "contact",
      { ...CONTACT, first_name: "M" },
      "first_name",
      "Bitte geben Sie Ihren Namen ein (mindestens 2 Zeichen).",
      "Please enter your name (at least 2 characters).",
    ],
    [
      "contact",
      { ...CONTACT, phone: "12" },
      "phone",
      "Bitte geben Sie eine gültige Telefonnummer mit Vorwahl ein, z. B. 0221 1234567.",
      "Please enter a valid phone number with its area code, e.g. 0221 1234567.",
    ],
  ])("%s %j: 422 on %s in de and en", async (group, payload, field, de, en) => {
    const before = (await getCompany(bob)).json().data;
    for (const [locale, text] of [
      ["de", de],
      ["en", en],
    ] as const) {
      const res = await patch(bob, group, payload, locale);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: "validation_failed", errors: { [field]: [text] } });
    }
    expect((await getCompany(bob)).json().data).toEqual(before);
  });

  it("refuses an unknown group and a body that is not an object", async () => {
    const unknown = await patch(bob, "iban", { iban: TEST_IBAN }, "en");
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(["group"]);
    const list = await t.inject({
      method: "PATCH",
      url: "/api/v2/dashboard/company/company_name",
      headers: { ...bob.headers, "content-type": "application/json" },
      payload: "[1,2]",
    });
    expect(list.statusCode).toBe(422);
    const broken = await t.inject({
      method: "PATCH",
      url: "/api/v2/dashboard/company/company_name",
      headers: { ...bob.headers, "content-type": "application/json" },
      payload: "{",
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe("SEPA mandate and payment details", () => {
  it("GET /dashboard/company/mandate shows creditor, creditor id, the next reference and the text to accept", async () => {
    const id = companyIdOf(bob);
    const de = (
      await t.inject({ url: "/api/v2/dashboard/company/mandate", headers: inLocale(bob, "de") })
    ).json().data;
    expect(de).toMatchObject({
      creditor_name: "Stempla GmbH",
      creditor_address: "Friedrichstraße 68, 10117 Berlin",
      creditor_id: "DE98ZZZ09999999999",
      reference: `STP-${String(id).padStart(8, "0")}-01`,
      date: new Date().toISOString().slice(0, 10),
    });
    expect(de.text).toContain("SEPA-Lastschriftmandat");
    expect(de.text).toContain(de.reference);
    const en = (
      await t.inject({ url: "/api/v2/dashboard/company/mandate", headers: inLocale(bob, "en") })
    ).json().data;
    expect(en.text).toContain("SEPA Direct Debit Mandate");
    expect(en.reference).toBe(de.reference);
  });

  it.each([
    [
      { iban: "DE89370400440532013001" },
      "iban",
      "Die eingegebene IBAN ist ungültig.",
      "The entered IBAN is invalid.",
    ],
    [{ iban: "" }, "iban", "Die eingegebene IBAN ist ungültig.", "The entered IBAN is invalid."],
    [{ iban: 42 }, "iban", "Die eingegebene IBAN ist ungültig.", "The entered IBAN is invalid."],
    [
      { account_holder: "Al" },
      "account_holder",
      "Der Name des Kontoinhabers ist zu kurz (mindestens 3 Zeichen).",
      "The account holder name is too short (at least 3 characters).",
    ],
    [
      { account_holder: "x".repeat(71) },
      "account_holder",
      "Bitte überprüfen Sie Ihre Eingabe.",
      "Please check your input.",
    ],
    [
      { mandate_accepted: false },
      "mandate_accepted",
      "Bitte erteilen Sie das SEPA-Lastschriftmandat, um fortzufahren.",
      "Please grant the SEPA direct debit mandate to continue.",
    ],
  ])("POST /dashboard/company/payment %j: 422 on %s in de and en", async (change, field, de, en) => {
    for (const [locale, text] of [
      ["de", de],
      ["en", en],
    ] as const) {
      const res = await pay(bob, { ...payment, ...change }, locale);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ [field]: [text] });
      expect(res.body).not.toContain("370400440532013");
    }
    expect(await t.db.$count(sepaMandates, eq(sepaMandates.companyId, companyIdOf(bob)))).toBe(0);
  });

  it("saves holder and IBAN with the mandate and shows the IBAN only masked", async () => {
    const res = await pay(alice, payment);
    expect(res.statusCode).toBe(200);
    const id = companyIdOf(alice);
    expect(res.json().data.payment).toEqual({
      account_holder: "Alice Müller",
      iban_masked: "DE•• •••• 3000",
      mandate_reference: `STP-${String(id).padStart(8, "0")}-01`,
      signed_at: expect.any(String),
    });
    expect(res.body).not.toContain("0532013");
    const [stored] = await t.db.select().from(sepaMandates).where(eq(sepaMandates.companyId, id));
    expect(stored).toMatchObject({ iban: TEST_IBAN, accountHolder: "Alice Müller", endedAt: null });
    expect(stored!.mandateText).toContain(stored!.reference);
    expect(stored!.signedByUserId).toBe(alice.user.id);
    expect((await getCompany(alice)).json().data.payment.iban_masked).toBe("DE•• •••• 3000");
  });

  it("a new payment method ends the old mandate; the new one has a new reference", async () => {
    const id = companyIdOf(alice);
    expect((await pay(alice, payment)).statusCode).toBe(200);
    const first = (await getCompany(alice)).json().data.payment;
    const next = (await t.inject({ url: "/api/v2/dashboard/company/mandate", headers: alice.headers })).json()
      .data;
    const res = await pay(alice, {
      account_holder: "Alice Müller GmbH",
      iban: "AT61 1904 3002 3457 3201",
      mandate_accepted: true,
    });
    expect(res.statusCode).toBe(200);
    const second = res.json().data.payment;
    expect(second.mandate_reference).not.toBe(first.mandate_reference);
    expect(second.mandate_reference).toBe(next.reference);
    expect(second).toMatchObject({ account_holder: "Alice Müller GmbH", iban_masked: "AT•• •••• 3201" });

    const all = await t.db.select().from(sepaMandates).where(eq(sepaMandates.companyId, id));
    expect(all).toHaveLength(2);
    const old = all.find((m) => m.reference === first.mandate_reference)!;
    expect(old.endedAt).not.toBeNull();
    const active = await t.db
      .select()
      .from(sepaMandates)
      .where(and(eq(sepaMandates.companyId, id), isNull(sepaMandates.endedAt)));
    expect(active.map((m) => m.reference)).toEqual([second.mandate_reference]);
    // The next mandate would be the third.
    const third = (
      await t.inject({ url: "/api/v2/dashboard/company/mandate", headers: alice.headers })
    ).json().data;
    expect(third.reference).toBe(`STP-${String(id).padStart(8, "0")}-03`);
  });

  it("no endpoint returns the full IBAN, in any spelling", async () => {
    const carol = await signedInPartner(t, { company_name: "Carola Kiosk" });
    const { id } = await completeSetUp(t, carol);
    const admin = await signedInAdmin(t);
    await t.inject({ method: "POST", url: `/api/admin/partners/${id}/approve`, headers: admin.headers });
    // A further account, so the diff of the orange account names the payment change.
    await pay(carol, {
      account_holder: "Carola Kiosk",
      iban: "DE02120300000000202051",
      mandate_accepted: true,
    });

    const bodies: string[] = [];
    for (const url of [
      "/api/v2/dashboard/company",
      "/api/v2/dashboard/company/mandate",
      "/api/v2/dashboard/partner",
      "/api/v2/dashboard/status",
      "/api/v2/dashboard/profile",
      "/api/v2/dashboard/setup",
    ]) {
      const res = await t.inject({ url, headers: carol.headers });
      expect(res.statusCode, url).toBe(200);
      bodies.push(res.body);
    }
    for (const url of [
      `/api/admin/partners/${id}`,
      "/api/admin/reviews",
      "/api/admin/partners",
      "/api/admin/mails",
    ]) {
      const res = await t.inject({ url, headers: admin.headers });
      expect(res.statusCode, url).toBe(200);
      bodies.push(res.body);
    }
    const detail = JSON.parse(bodies.at(-4)!).data;
    expect(detail.last_approval.changes).toContainEqual({
      field: "payment.account",
      before: "Mara Sonnenschein, DE•• •••• 3000",
      after: "Carola Kiosk, DE•• •••• 2051",
    });
    for (const mail of JSON.parse(bodies.at(-1)!).data) {
      bodies.push((await t.inject({ url: `/api/admin/mails/${mail.id}`, headers: admin.headers })).body);
    }
    for (const iban of [TEST_IBAN, "DE02120300000000202051"]) {
      const bban = iban.slice(4, -4);
      for (const body of bodies) {
        expect(body).not.toContain(bban);
        expect(body.replace(/\s/g, "")).not.toContain(iban.slice(4));
      }
    }
  });
});

describe("revoking the SEPA mandate (docs/product.md, account status)", () => {
  const revoke = (who: Partner, locale: "de" | "en" = "de") =>
    t.inject({ method: "DELETE", url: "/api/v2/dashboard/company/payment", headers: inLocale(who, locale) });
  const status = async (who: Partner) =>
    (await t.inject({ url: "/api/v2/dashboard/status", headers: who.headers })).json().data;

  it("turns a live account red (not blocked), hides its card, and a new mandate sends it to review", async () => {
    const live = await livePartner(t);
    const customer = await appCustomer(t);
    expect((await scan(t, customer, live.scanCode)).statusCode).toBe(201);

    const res = await revoke(live);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.payment).toBeNull();
    expect(await status(live)).toMatchObject({
      status: "red",
      red_cause: "incomplete",
      missing: ["sepa"],
      reason: null,
    });
    // Red: the app collects nothing there, as for a block.
    expect((await scan(t, customer, live.scanCode)).statusCode).not.toBe(201);

    const again = await revoke(live, "en");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("There is no SEPA direct-debit mandate to revoke.");

    // The team may block it still; lifting that block leaves it red for the missing mandate.
    const admin = await signedInAdmin(t);
    const action = (name: string, payload?: object) =>
      t.inject({
        method: "POST",
        url: `/api/admin/partners/${live.id}/${name}`,
        headers: admin.headers,
        ...(payload ? { payload } : {}),
      });
    expect((await action("unblock")).statusCode).toBe(409);
    expect((await action("block", { reason: "Rücklastschriften prüfen" })).statusCode).toBe(200);
    expect(await status(live)).toMatchObject({
      status: "red",
      red_cause: "blocked",
      reason: "Rücklastschriften prüfen",
    });
    // Data alone never lifts a block.
    expect(
      (await pay(live, { account_holder: "Café Neu", iban: TEST_IBAN, mandate_accepted: true })).statusCode,
    ).toBe(200);
    expect(await status(live)).toMatchObject({ status: "red", red_cause: "blocked" });
    expect((await revoke(live)).statusCode).toBe(200);
    expect((await action("unblock")).statusCode).toBe(200);
    expect(await status(live)).toMatchObject({ status: "red", red_cause: "incomplete" });

    // Completing the data goes to review of the change, then live again.
    expect(
      (await pay(live, { account_holder: "Café Neu", iban: TEST_IBAN, mandate_accepted: true })).statusCode,
    ).toBe(200);
    expect(await status(live)).toMatchObject({ status: "orange", red_cause: null, missing: [] });
    expect((await action("approve")).statusCode).toBe(200);
    expect((await scan(t, customer, live.scanCode)).statusCode).toBe(201);
  });

  it("keeps an account that was never live gray, and answers 401 signed out", async () => {
    const fresh = await signedInPartner(t);
    await completeSetUp(t, fresh);
    expect((await status(fresh)).status).toBe("yellow");
    expect((await revoke(fresh)).statusCode).toBe(200);
    expect(await status(fresh)).toMatchObject({ status: "gray", red_cause: null, missing: ["sepa"] });
    expect((await t.inject({ method: "DELETE", url: "/api/v2/dashboard/company/payment" })).statusCode).toBe(
      401,
    );
  });
});
