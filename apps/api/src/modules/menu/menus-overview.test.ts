import {
  addMonths,
  berlinMonth,
  DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION,
  MENUS_PER_PAGE,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { companyIdOf, LOCATION, signedInAdmin } from "../../test/review.ts";
import { livePartner } from "../../test/scans.ts";

// GET /dashboard/menus, the partner's list of menus (docs/decisions/009-digital-menu.md, "As
// built"), and the chain from the partner's own switch to the menu's line on the month's invoice
// (section 5).

type Partner = Awaited<ReturnType<typeof signedInPartner>>;
let t: TestApp;
let owner: Partner;
let stranger: Partner;
let master: Partner;
let franchisee: Partner;
let first: number;
let second: number;

const api = (
  who: { headers: Record<string, string> },
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> =>
  t.inject({ method, url: `/api/v2${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

async function newLocation(who: Partner, name: string): Promise<number> {
  const res = await api(who, "POST", "/dashboard/shop", { ...LOCATION, name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function menus(who: Partner, query = "") {
  const res = await api(who, "GET", `/dashboard/menus${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: {
      location: { id: number; name: string; address: string };
      enabled: boolean;
      since: string | null;
      items: number;
      tables: number;
      public_url: string;
      offered_locales: string[];
    }[];
    meta: { page: number; per_page: number; total: number };
  };
}

beforeAll(async () => {
  t = await build();
  owner = await signedInPartner(t);
  stranger = await signedInPartner(t);
  master = await signedInPartner(t, { type: "master", contact_name: "Greta", contact_surname: "Gross" });
  franchisee = await signedInPartner(t);
  await t.db.execute(sql`
    update companies set type = 'slave', master_id = ${companyIdOf(master)}, franchise_joined_at = now()
    where id = ${companyIdOf(franchisee)}`);
  // Test order is random (vitest's shuffle): every test reads these, none adds to them.
  first = await newLocation(owner, "Gasthaus am Markt");
  second = await newLocation(owner, "Gasthaus am Hafen");
  await newLocation(stranger, "Fremdes Café");
  await newLocation(franchisee, "Franchise-Bistro");
}, 120_000);

afterEach(() => {
  vi.useRealTimers();
});

describe("the partner's list of menus", () => {
  it("lists the caller's own locations newest first, with each menu's state, entries and tables", async () => {
    const on = await api(owner, "PUT", `/dashboard/menu/enabled?shop_id=${second}`, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    const since = on.json().data.since as string;
    for (const title of ["Vorspeisen", "Suppe"]) {
      const kind = title === "Vorspeisen" ? "section" : "dish";
      const res = await api(owner, "POST", `/dashboard/menu/item/create?shop_id=${second}`, {
        kind,
        texts: { de: { title } },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const table = await api(owner, "POST", `/dashboard/menu/tables?shop_id=${second}`, { name: "Tisch 1" });
    expect(table.statusCode, table.body).toBe(201);
    const tableItem = await api(
      owner,
      "POST",
      `/dashboard/menu/item/create?shop_id=${second}&table_id=${table.json().data.id}`,
      { kind: "text", texts: { de: { title: "Heute am Tisch" } } },
    );
    expect(tableItem.statusCode, tableItem.body).toBe(201);

    const list = await menus(owner);
    expect(list.meta).toEqual({ page: 1, per_page: MENUS_PER_PAGE, total: 2 });
    expect(list.data).toEqual([
      {
        location: { id: second, name: "Gasthaus am Hafen", address: expect.any(String) },
        enabled: true,
        since,
        offered_locales: ["de", "en"],
        public_url: `${t.config.publicUrl}/dm/${second}`,
        items: 3,
        tables: 1,
      },
      {
        location: { id: first, name: "Gasthaus am Markt", address: expect.any(String) },
        enabled: false,
        since: null,
        offered_locales: ["de", "en"],
        public_url: `${t.config.publicUrl}/dm/${first}`,
        items: 0,
        tables: 0,
      },
    ]);
    expect(list.data[0]!.location.address).toContain(LOCATION.city);

    // Off again: the state follows, the content stays.
    await api(owner, "PUT", `/dashboard/menu/enabled?shop_id=${second}`, { enabled: false });
    expect((await menus(owner)).data[0]).toMatchObject({ enabled: false, since: null, items: 3 });
  });

  it("never shows another partner's locations, nor a franchisee's to its master", async () => {
    const strangers = (await menus(stranger)).data.map((m) => m.location.name);
    expect(strangers).toEqual(["Fremdes Café"]);
    expect((await menus(master)).data).toEqual([]);
    expect((await menus(master)).meta.total).toBe(0);
    expect((await menus(franchisee)).data.map((m) => m.location.name)).toEqual(["Franchise-Bistro"]);
    const owners = (await menus(owner)).data.map((m) => m.location.name);
    expect(owners).not.toContain("Fremdes Café");
    expect(owners).not.toContain("Franchise-Bistro");
  });

  it("pages like the locations list, in the same order", async () => {
    const paged = await signedInPartner(t);
    const ids: number[] = [];
    for (let i = 1; i <= 3; i++) ids.push(await newLocation(paged, `Filiale ${i}`));
    const page2 = await menus(paged, "?page=2&per_page=2");
    expect(page2.meta).toEqual({ page: 2, per_page: 2, total: 3 });
    expect(page2.data.map((m) => m.location.id)).toEqual([ids[0]]);
    const shops = await api(paged, "GET", "/dashboard/shop?page=1&per_page=2");
    expect((await menus(paged, "?page=1&per_page=2")).data.map((m) => m.location.id)).toEqual(
      shops.json().data.map((l: { id: number }) => l.id),
    );
  });

  it("refuses bad paging at the field and callers without a session", async () => {
    const bad = await api(owner, "GET", "/dashboard/menus?per_page=0");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.per_page).toHaveLength(1);
    const anonymous = await t.inject({ url: "/api/v2/dashboard/menus" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the partner's own switch and the invoice", () => {
  it("a menu the partner turns on is a line of the month's invoice at the fee", async () => {
    const partner = await livePartner(t);
    const month = berlinMonth(new Date()).slice(0, 7);
    const on = await api(partner, "PUT", `/dashboard/menu/enabled?shop_id=${partner.locationId}`, {
      enabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);

    // The run bills months that are over: the API's clock (only Date) moves into the next month.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${addMonths(`${month}-01`, 1)}T10:00:00+01:00`));
    // Sessions from a month ago have run out: both sign in again at the new time.
    const admin = await signedInAdmin(t);
    const login = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/login",
      payload: { email: partner.email, password: partner.password },
      remoteAddress: "10.8.0.1",
    });
    expect(login.statusCode, login.body).toBe(200);
    const again = { headers: { authorization: `Bearer ${login.json().data.token}` } };
    const run = await t.inject({
      method: "POST",
      url: "/api/admin/billing/run",
      headers: admin.headers,
      payload: { month },
    });
    expect(run.statusCode, run.body).toBe(200);

    const list = await api(again, "GET", "/subscription/invoices");
    expect(list.statusCode, list.body).toBe(200);
    const [invoice] = list.json().data as { id: number }[];
    expect(invoice).toBeDefined();
    const pdf = await api(again, "GET", `/subscription/invoices/${invoice!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const { text } = pdfText(pdf.rawPayload);
    const fee = `${(DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION / 100).toFixed(2).replace(".", ",")} €`;
    expect(fee).toBe("36,00 €");
    expect(text).toMatch(new RegExp(`Digitale Speisekarte je Standort 1 ${fee} ${fee}`));
  });
});
