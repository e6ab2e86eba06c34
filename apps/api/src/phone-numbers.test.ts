import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, mailOutbox, reviewApprovals } from "./db/schema/index.ts";
import { ORIGIN, signedInPartner } from "./test/accounts.ts";
import { build, type TestApp } from "./test/build.ts";
import { companyIdOf, completeSetUp, inLocale, LOCATION, signedInAdmin } from "./test/review.ts";
import { appCustomer, livePartner } from "./test/scans.ts";

// Every endpoint that takes a phone number stores it as one E.164 number, however it was typed,
// and answers a bad one with 422 and the message on its field (docs/decisions/007-phone-numbers-e164.md).

let t: TestApp;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN, SUPPORT_EMAIL: "help@stempla.test" });
});

const MESSAGE = {
  de: "Bitte geben Sie eine gültige Telefonnummer mit Vorwahl ein, z. B. 0221 1234567.",
  en: "Please enter a valid phone number with its area code, e.g. 0221 1234567.",
};

const company = async (who: { headers: Record<string, string> }) =>
  (await t.inject({ url: "/api/v2/dashboard/company", headers: who.headers })).json().data;

describe("phone numbers are stored as E.164", () => {
  it("registration: the business number, which is also the contact person's until changed", async () => {
    const alice = await signedInPartner(t, { phone_number: "(0221) 123 45 67" });
    expect(await company(alice)).toMatchObject({
      phone: "+492211234567",
      contact: { phone: "+492211234567" },
    });
  });

  it("company page: business and contact person's number", async () => {
    const bob = await signedInPartner(t);
    const patch = (group: string, payload: object) =>
      t.inject({ method: "PATCH", url: `/api/v2/dashboard/company/${group}`, payload, headers: bob.headers });
    expect((await patch("phone", { phone_number: "0049 221 7654321" })).statusCode).toBe(200);
    expect(
      (await patch("contact", { first_name: "Bob", surname: "Brot", phone: "0170 / 123 45 67" })).statusCode,
    ).toBe(200);
    expect(await company(bob)).toMatchObject({ phone: "+492217654321", contact: { phone: "+491701234567" } });
  });

  it("locations: create and change; an emptied number is none", async () => {
    const carla = await signedInPartner(t);
    const save = (payload: object, id?: number) =>
      t.inject({
        method: "POST",
        url: id ? `/api/v2/dashboard/shop/${id}` : "/api/v2/dashboard/shop",
        payload,
        headers: carla.headers,
      });
    const created = await save({ ...LOCATION, phone_number: "0221/1234567" });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.phone_number).toBe("+492211234567");
    expect(
      (await save({ ...LOCATION, phone_number: "+49 (0)30 6912345" }, id)).json().data.phone_number,
    ).toBe("+49306912345");
    expect((await save({ ...LOCATION, phone_number: "" }, id)).json().data.phone_number).toBeNull();
  });

  it("the contact form, and the mail to support shows the number formatted", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/v2/contact",
      payload: {
        name: "Anna Muster",
        email: "anna-phone@cafe-sonne.de",
        phone: "0221-555 55 55",
        topic: "sales",
        message: "Bitte rufen Sie mich wegen der Stempelkarte an.",
        privacy_accepted: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const [stored] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, res.json().data.id));
    expect(stored!.phone).toBe("+492215555555");
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "help@stempla.test"));
    expect(mail!.text).toContain("+49 221 5555555");
  });

  it("the app's customer accounts", async () => {
    const kim = await appCustomer(t, { phone: "0170 1234567" });
    const me = await t.inject({ url: "/api/app/me", headers: kim.headers });
    expect(me.json().data.phone).toBe("+491701234567");
  });

  it("the console's review shows the location's number formatted", async () => {
    const dora = await signedInPartner(t);
    await completeSetUp(t, dora);
    const admin = await signedInAdmin(t);
    const location = (await t.inject({ url: "/api/v2/dashboard/shop", headers: dora.headers })).json()
      .data[0];
    await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/shop/${location.id}`,
      payload: { ...LOCATION, phone_number: "0221 1234567" },
      headers: dora.headers,
    });
    const review = await t.inject({
      url: `/api/admin/partners/${companyIdOf(dora)}`,
      headers: admin.headers,
    });
    expect(review.json().data.locations.map((l: { phone: string | null }) => l.phone)).toEqual([
      "+49 221 1234567",
    ]);
  });
});

describe("approvals recorded before numbers were E.164 (migration 0018)", () => {
  it("a number re-saved unchanged is no change to review: the account stays green", async () => {
    const erik = await livePartner(t, { phone_number: "0221 1234567" });
    const companyId = companyIdOf(erik);
    const [location] = (await t.inject({ url: "/api/v2/dashboard/shop", headers: erik.headers })).json().data;
    // The state the migration leaves: the numbers stored as E.164, the last approval's record of
    // them as the forms showed them, behind the fixed "+49" or as typed.
    await t.db.execute(sql`update locations set phone_number = '+492217654321' where id = ${location.id}`);
    const [approval] = await t.db
      .select()
      .from(reviewApprovals)
      .where(eq(reviewApprovals.companyId, companyId));
    await t.db
      .update(reviewApprovals)
      .set({
        snapshot: {
          ...approval!.snapshot,
          "company.phone": "+49 0221 1234567",
          "contact.phone": "0221 1234567",
          [`location.${location.id}.phone`]: "+49 +49 221 765 43 21",
        },
      })
      .where(eq(reviewApprovals.id, approval!.id));
    const saved = await t.inject({
      method: "PATCH",
      url: "/api/v2/dashboard/company/phone",
      payload: { phone_number: "0221 1234567" },
      headers: erik.headers,
    });
    expect(saved.statusCode).toBe(200);
    const status = await t.inject({ url: "/api/v2/dashboard/status", headers: erik.headers });
    expect(status.json().data.status).toBe("green");
    // A number that really changed still goes to review.
    const changed = await t.inject({
      method: "PATCH",
      url: "/api/v2/dashboard/company/phone",
      payload: { phone_number: "0221 9999999" },
      headers: erik.headers,
    });
    expect(changed.statusCode).toBe(200);
    const after = await t.inject({ url: "/api/v2/dashboard/status", headers: erik.headers });
    expect(after.json().data.status).toBe("orange");
    const admin = await signedInAdmin(t);
    const review = await t.inject({ url: `/api/admin/partners/${companyId}`, headers: admin.headers });
    expect(JSON.stringify(review.json().data)).not.toContain(`location.${location.id}.phone`);
  });
});

describe("a bad number is refused with its message on the field", () => {
  it.each([["+49 +49 221 1234567"], ["0221"], ["ruf mich an"], ["0221 1234567 Durchwahl 5"]])(
    "location %j: 422 in de and en, nothing stored",
    async (phone) => {
      const erik = await signedInPartner(t);
      const created = await t.inject({
        method: "POST",
        url: "/api/v2/dashboard/shop",
        payload: { ...LOCATION, phone_number: "0221 1234567" },
        headers: erik.headers,
      });
      const id = created.json().data.id;
      for (const locale of ["de", "en"] as const) {
        const res = await t.inject({
          method: "POST",
          url: `/api/v2/dashboard/shop/${id}`,
          payload: { ...LOCATION, phone_number: phone },
          headers: inLocale(erik, locale),
        });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          code: "validation_failed",
          errors: { phone_number: [MESSAGE[locale]] },
        });
      }
      const list = (await t.inject({ url: "/api/v2/dashboard/shop", headers: erik.headers })).json().data;
      expect(list.map((l: { phone_number: string }) => l.phone_number)).toEqual(["+492211234567"]);
    },
  );

  it("registration with the country code twice: 422 on phone_number", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/register",
      payload: {
        email: "doppelt@baeckerei-test.de",
        password: "geheim123",
        password_confirmation: "geheim123",
        company_name: "Bäckerei Doppelt",
        legal_form_id: 1,
        street: "Lindenallee",
        building: "12a",
        postcode: "50968",
        city: "Köln",
        phone_number: "+49 +49 221 987654",
        contract_accepted: true,
      },
      headers: { "content-language": "en" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ phone_number: [MESSAGE.en] });
  });

  it("the app: 422 on phone", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/app/register",
      payload: { email: "kim-bad@app.test", password: "kunden-passwort", phone: "12345" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ phone: [MESSAGE.de] });
  });
  it("numbers an approval before E.164 recorded read as today's: in the app's published data and the review's before", async () => {
    const cafe = await livePartner(t, { phone_number: "0221 1234567" });
    const companyId = companyIdOf(cafe);
    // The last approval as one from before migration 0018 recorded it: the numbers as the forms
    // showed them, behind the fixed "+49" or as typed.
    await t.db.execute(sql`
      update review_approvals set
        published = jsonb_set(published, '{locations,0,phone}', '"+49 0221 1234567"'),
        snapshot = snapshot || '{"company.phone": "+49 +49 221 123 45 67", "contact.phone": "0221 1234567"}'
      where company_id = ${companyId}`);
    // A change waits for review (orange): the app shows the last approval.
    const changed = await t.inject({
      method: "PATCH",
      url: "/api/v2/dashboard/company/phone",
      payload: { phone_number: "0221 9999999" },
      headers: cafe.headers,
    });
    expect(changed.statusCode).toBe(200);
    const app = await t.inject({ url: `/api/v2/scan-codes/${cafe.scanCode}/partner` });
    expect(app.statusCode).toBe(200);
    expect(app.json().data.locations[0].phone).toBe("+49 221 1234567");

    const admin = await signedInAdmin(t);
    const review = (
      await t.inject({ url: `/api/admin/partners/${companyId}`, headers: admin.headers })
    ).json().data;
    expect(review.last_approval.changes).toContainEqual({
      field: "company.phone",
      before: "+49 221 1234567",
      after: "+49 221 9999999",
    });
  });
});
