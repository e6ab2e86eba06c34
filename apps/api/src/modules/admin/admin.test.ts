import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ensureAdmin } from "../../db/seed/accounts.ts";
import { ORIGIN, registration, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";

let t: TestApp;
let admin: Record<string, string>;
// The lists count every account of the database, so each test gets a database of its own and
// registers the accounts it reads: a test runs alone and in any order (docs/architecture.md, Tests).
beforeEach(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  await ensureAdmin(t.db, { email: "team@stempla.test", password: "sehr-geheim-1" });
  const res = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/login",
    payload: { email: "team@stempla.test", password: "sehr-geheim-1" },
  });
  admin = { authorization: `Bearer ${res.json().data.token}` };
});
afterEach(() => t.close());

describe("provider-team console API", () => {
  it("lists partner accounts with type, status, confirmation and creation, newest first", async () => {
    const unconfirmed = registration({ company_name: "Eiscafé Venezia" });
    await t.inject({ method: "POST", url: "/api/v2/dashboard/register", payload: unconfirmed });
    const confirmed = await signedInPartner(t, {
      company_name: "Friseur Schnitt",
      type: "master",
      contact_name: "Ina",
      contact_surname: "Roth",
    });

    const res = await t.inject({ url: "/api/admin/partners", headers: admin });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toMatchObject({ page: 1, per_page: 20, total: 2 });
    expect(data[0]).toMatchObject({
      name: "Friseur Schnitt",
      type: "master",
      status: "gray",
      confirmed: true,
      email: confirmed.email,
    });
    expect(data[1]).toMatchObject({
      name: "Eiscafé Venezia",
      type: "partner",
      confirmed: false,
      email: unconfirmed.email,
    });
  });

  it("searches by company name or email and pages", async () => {
    await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/register",
      payload: registration({ company_name: "Eiscafé Venezia" }),
    });
    await signedInPartner(t, { company_name: "Friseur Schnitt" });
    const byName = (await t.inject({ url: "/api/admin/partners?search=venez", headers: admin })).json();
    expect(byName.data.map((p: { name: string }) => p.name)).toEqual(["Eiscafé Venezia"]);
    const paged = (await t.inject({ url: "/api/admin/partners?per_page=1&page=2", headers: admin })).json();
    expect(paged.data).toHaveLength(1);
    expect(paged.meta).toMatchObject({ page: 2, per_page: 1 });
    const odd = await t.inject({ url: "/api/admin/partners?search=%25_%5C", headers: admin });
    expect(odd.statusCode).toBe(200);
    expect((await t.inject({ url: "/api/admin/partners?per_page=500", headers: admin })).statusCode).toBe(
      422,
    );
  });

  it("shows the outbox and each mail as sent", async () => {
    await signedInPartner(t);
    const list = (await t.inject({ url: "/api/admin/mails", headers: admin })).json();
    expect(list.data.length).toBeGreaterThan(0);
    const first = list.data[0];
    const mail = (await t.inject({ url: `/api/admin/mails/${first.id}`, headers: admin })).json().data;
    expect(mail).toMatchObject({ id: first.id, subject: first.subject, to: first.to });
    expect(mail.html).toContain("<html");
    expect(mail.text.length).toBeGreaterThan(20);
    expect((await t.inject({ url: "/api/admin/mails/999999", headers: admin })).statusCode).toBe(404);
    expect((await t.inject({ url: "/api/admin/mails/abc", headers: admin })).statusCode).toBe(422);
  });

  it("is closed to partners (403) and to visitors (401)", async () => {
    const partner = await signedInPartner(t);
    for (const url of ["/api/admin/partners", "/api/admin/mails", "/api/admin/mails/1"]) {
      expect((await t.inject({ url, headers: partner.headers })).statusCode, url).toBe(403);
      expect((await t.inject({ url })).statusCode, url).toBe(401);
    }
  });
});
