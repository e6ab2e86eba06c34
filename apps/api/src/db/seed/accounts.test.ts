import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { rowsOf } from "../client.ts";
import {
  appUsers,
  billingAddresses,
  cards,
  companies,
  locations,
  mailOutbox,
  partnerSocials,
  reviewApprovals,
  scans,
  sepaMandates,
  setupProgress,
  statusEvents,
  users,
} from "../schema/index.ts";
import {
  DEMO_ADMIN,
  DEMO_FRANCHISEES,
  DEMO_FRANCHISOR,
  DEMO_PARTNER,
  DEMO_REVIEW_PARTNERS,
  seedDemoAccounts,
} from "./accounts.ts";
import { demoBilledMonths } from "./demo-invoices.ts";

let t: TestApp;
/** Smaller than on a fresh `npm start` (DEMO_STATISTICS), the same simulation. */
const STATISTICS = { customers: 40, months: 3 };
/** The simulated months billed by now: the last one only once its invoicing run on the 2nd has come. */
const billedMonths = () => demoBilledMonths(STATISTICS.months);
/** An invoice's status as the seed leaves it: paid once its debit date has passed, else open. */
const settledStatus = (debitDate: string | null) =>
  debitDate !== null && debitDate < new Date().toISOString().slice(0, 10) ? "paid" : "open";
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  await seedDemoAccounts(t.db, DEMO_ADMIN, t.config, { statistics: STATISTICS });
});

let logins = 0;
async function logIn(login: { email: string; password: string }, app: TestApp = t) {
  const res = await app.inject({
    method: "POST",
    url: "/api/v2/dashboard/login",
    payload: login,
    remoteAddress: `10.7.0.${++logins}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().data.token}` };
}
const get = async (url: string, headers: Record<string, string>, app: TestApp = t) => {
  const res = await app.inject({ url, headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

async function counts(app: TestApp) {
  const tables = {
    companies,
    users,
    locations,
    partnerSocials,
    sepaMandates,
    reviewApprovals,
    statusEvents,
    mailOutbox,
    setupProgress,
    appUsers,
    cards,
    scans,
  };
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await app.db.select({ value: count() }).from(table);
    result[name] = row!.value;
  }
  return result;
}

describe("demo seed", () => {
  it("the demo partner is live with complete, approved data, made as the product makes it", async () => {
    const partner = await logIn(DEMO_PARTNER);
    expect((await get("/api/v2/dashboard/status", partner)).data).toMatchObject({
      status: "green",
      missing: [],
      reason: null,
    });
    const setup = (await get("/api/v2/dashboard/setup", partner)).data;
    expect(setup).toMatchObject({ mode: "account", active: false });
    expect(setup.account_completed_at).not.toBeNull();

    const company = (await get("/api/v2/dashboard/company", partner)).data;
    expect(company).toMatchObject({
      company_name: "Café Sonnenschein",
      status: "green",
      legal_form: "GmbH",
      vat: "DE298765432",
      public_name: "Café Sonnenschein",
      contact: { first_name: "Mara", surname: "Sonnenschein", phone: "+492211234567" },
      payment: { account_holder: "Café Sonnenschein GmbH", iban_masked: "DE•• •••• 3000" },
    });
    expect(company.categories.primary).toEqual(expect.any(Number));
    expect(company.categories.secondary).toHaveLength(2);
    expect(company.payment.mandate_reference).toBe(`STP-${String(company.id).padStart(8, "0")}-01`);

    const card = (await get("/api/v2/dashboard/partner", partner)).data[0];
    expect(card).toMatchObject({ points: 9, conditions: { minimum_spend_cents: 250 } });
    expect(card.description).toContain("Kaffee");
    expect(card.socials.map((s: { type: string }) => s.type)).toEqual(["website", "instagram", "email"]);

    const shops = (await get("/api/v2/dashboard/shop", partner)).data;
    expect(shops).toHaveLength(2);
    const code = String(shops[0].scan_url).split("/s/")[1];
    const published = (await get(`/api/v2/scan-codes/${code}/partner`, {})).data;
    expect(published).toMatchObject({
      public_name: "Café Sonnenschein",
      description: card.description,
      points: 9,
    });
    expect(published.locations).toHaveLength(2);

    const admin = await logIn(DEMO_ADMIN);
    const detail = (await get(`/api/admin/partners/${company.id}`, admin)).data;
    expect(detail.last_approval.changes).toEqual([]);
    expect(detail.events[0]).toMatchObject({
      event: "approved",
      to_status: "green",
      actor_email: DEMO_ADMIN.email,
    });
  });

  it("two more partners wait in the review queue: a new set-up (yellow) and a change (orange)", async () => {
    const admin = await logIn(DEMO_ADMIN);
    const queue = (await get("/api/admin/reviews", admin)).data;
    expect(queue.map((p: { email: string; status: string }) => [p.email, p.status])).toEqual([
      [DEMO_REVIEW_PARTNERS.yellow.email, "yellow"],
      [DEMO_REVIEW_PARTNERS.orange.email, "orange"],
    ]);
    const yellow = (await get(`/api/admin/partners/${queue[0].id}`, admin)).data;
    expect(yellow.last_approval).toBeNull();
    expect(yellow.status.missing).toEqual([]);
    const orange = (await get(`/api/admin/partners/${queue[1].id}`, admin)).data;
    expect(orange.last_approval.changes).toEqual([
      {
        field: "card.description",
        before: "Beim 6. Strauß gibt es einen Strauß gratis",
        after: "Beim 5. Strauß gibt es eine Rose gratis",
      },
      { field: "card.points", before: "5", after: "4" },
      { field: "card.excludedProducts", before: null, after: "Hochzeitsfloristik" },
      {
        field: "card.timeLimits",
        before: null,
        after: JSON.stringify({
          applies_to: "redeem",
          windows: [{ days: ["mon", "tue", "wed", "thu", "fri"], from: "09:00", to: "17:00" }],
        }),
      },
    ]);
    // Both can log in and see their own state.
    for (const [login, status] of [
      [DEMO_REVIEW_PARTNERS.yellow, "yellow"],
      [DEMO_REVIEW_PARTNERS.orange, "orange"],
    ] as const) {
      expect((await get("/api/v2/dashboard/status", await logIn(login))).data.status).toBe(status);
    }
  });

  it("the demo partner has statistics: scans this month and in the last 24 hours, fraud events, shared contacts", async () => {
    const partner = await logIn(DEMO_PARTNER);
    const stats = (await get("/api/v2/dashboard/stats", partner)).data;
    expect(stats.scans).toBeGreaterThan(0);
    expect(stats.scanFrequency.last24h).toBeGreaterThan(0);
    expect(stats.scanFrequency.total).toBeGreaterThan(stats.scans);
    expect(stats.cardOwners).toBeGreaterThan(10);
    expect(stats.customers.active).toBeGreaterThan(0);
    expect(stats.pointOrigin.nfc).toBeGreaterThanOrEqual(0);
    const fraud = (await get("/api/v2/dashboard/fraud", partner)).data;
    expect(fraud.length).toBeGreaterThan(0);
    expect(fraud.map((f: { rule: string }) => f.rule)).toContain("unusual_daily");
    const history = (await get("/api/v2/dashboard/scanHistory?period=month", partner)).data;
    expect(history.filter((m: { scans: number }) => m.scans > 0).length).toBeGreaterThanOrEqual(
      STATISTICS.months,
    );

    // The tables behind it: every scan at one of its two locations, cards of simulated customers
    // (German names, @example.com), some of them sharing their contact data with the café. The
    // other scans are the demo franchise network's.
    const companyId = (await get("/api/v2/dashboard/company", partner)).data.id;
    const [facts] = rowsOf<{
      scans: number;
      locations: number;
      cards: number;
      shared: number;
      others: number;
    }>(
      await t.db.execute(sql`
        select (select count(*) from scans where company_id = ${companyId})::int as scans,
          (select count(distinct location_id) from scans where company_id = ${companyId})::int as locations,
          (select count(*) from cards where company_id = ${companyId})::int as cards,
          (select count(*) from cards where company_id = ${companyId} and share_contact)::int as shared,
          (select count(*) from scans s join companies c on c.id = s.company_id
            where s.company_id <> ${companyId} and c.type not in ('master', 'slave'))::int as others`),
    );
    expect(facts).toMatchObject({ locations: 2, others: 0 });
    expect(facts!.scans).toBeGreaterThan(80);
    expect(facts!.cards).toBeGreaterThan(20);
    expect(facts!.shared).toBeGreaterThan(0);
    expect(facts!.shared).toBeLessThan(facts!.cards);
    const top = (await get("/api/v2/dashboard/topCustomers", partner)).data;
    expect(top).toHaveLength(10);
    const named = top.filter((c: { shared: boolean }) => c.shared);
    for (const c of named) expect(c.label).toMatch(/^\p{Lu}\p{L}+ \p{Lu}\p{L}+$/u);
    const emails = rowsOf<{ email: string }>(await t.db.execute(sql`select email from app_users`));
    for (const { email } of emails) expect(email).toMatch(/^[a-z]+\.[a-z]+\d+@example\.com$/);
  });

  it("the demo partner has been billed for every completed month since it went live, numbers without gaps", async () => {
    const partner = await logIn(DEMO_PARTNER);
    const invoices = (await get("/api/v2/subscription/invoices", partner)).data as {
      number: string;
      period_start: string;
      status: string;
      debit_date: string | null;
      pdf_url: string;
    }[];
    expect(invoices).toHaveLength(billedMonths());
    const numbers = invoices.map((i) => Number(i.number.slice(5))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    for (const i of invoices) expect(i.status, i.number).toBe(settledStatus(i.debit_date));
    // The months before the last one have long been collected.
    expect(invoices.filter((i) => i.status === "paid").length).toBeGreaterThanOrEqual(STATISTICS.months - 2);
    const pdf = await t.inject({ url: invoices[0]!.pdf_url, headers: partner });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
  });

  it("the demo franchisor has two own locations, two live franchisees and one invitation sent", async () => {
    const master = await logIn(DEMO_FRANCHISOR);
    expect((await get("/api/v2/dashboard/status", master)).data.status).toBe("green");
    const company = (await get("/api/v2/dashboard/company", master)).data;
    expect(company).toMatchObject({ company_name: "Bohnenwerk Kaffeebar GmbH", status: "green" });
    const shops = (await get("/api/v2/dashboard/shop", master)).data;
    expect(shops.map((s: { name: string; kind: string }) => [s.name, s.kind]).sort()).toEqual([
      ["Bohnenwerk Altstadt", "own"],
      ["Bohnenwerk Pempelfort", "own"],
    ]);
    const franchisees = (await get("/api/v2/dashboard/franchisees", master)).data;
    expect(franchisees).toEqual([
      expect.objectContaining({
        name: "Aydın Gastro e.K.",
        email: DEMO_FRANCHISEES.live[1]!.email,
        status: "green",
        locations: 1,
      }),
      expect.objectContaining({
        name: "Krüger Kaffee UG (haftungsbeschränkt)",
        email: DEMO_FRANCHISEES.live[0]!.email,
        status: "green",
        locations: 1,
      }),
    ]);
    const network = (await get("/api/v2/dashboard/franchise/shops", master)).data;
    expect(network.map((s: { name: string; kind: string }) => [s.name, s.kind])).toEqual([
      ["Bohnenwerk Essen Rüttenscheid", "franchise"],
      ["Bohnenwerk Bonn Poppelsdorf", "franchise"],
    ]);
    // The invitations as the service wrote them: two used by the franchisees' registrations, one
    // approved and mailed, its company black until the link is used.
    const invitations = (await get("/api/v2/dashboard/invite", master)).data;
    expect(invitations.map((i: { email: string; state: string }) => [i.email, i.state]).sort()).toEqual(
      [
        [DEMO_FRANCHISEES.invited.email, "sent"],
        [DEMO_FRANCHISEES.live[0]!.email, "accepted"],
        [DEMO_FRANCHISEES.live[1]!.email, "accepted"],
      ].sort(),
    );
    const [invited] = rowsOf<{
      type: string;
      status: string;
      master_id: number;
      users: number;
      mails: number;
    }>(
      await t.db.execute(sql`
        select c.type, c.status, c.master_id::int,
          (select count(*) from users where company_id = c.id)::int as users,
          (select count(*) from mail_outbox where to_address = i.email and template = 'franchise.invitation')::int as mails
        from franchise_invitations i join companies c on c.id = i.franchisee_company_id
        where i.email = ${DEMO_FRANCHISEES.invited.email}`),
    );
    expect(invited).toEqual({ type: "slave", status: "black", master_id: company.id, users: 0, mails: 1 });

    for (const login of DEMO_FRANCHISEES.live) {
      const franchisee = await logIn(login);
      const view = (await get("/api/v2/dashboard/franchise", franchisee)).data;
      expect(view).toMatchObject({ role: "franchisee", master: { name: "Bohnenwerk Kaffeebar GmbH" } });
      expect((await get("/api/v2/dashboard/shop", franchisee)).data).toHaveLength(1);
    }
  });

  it("the demo network has scans in every simulated month, in its companies' and the network's statistics", async () => {
    const rows = rowsOf<{ company_id: number; type: string; months: number; scans: number; joined: boolean }>(
      await t.db.execute(sql`
        select c.id::int as company_id, c.type,
          (select count(distinct date_trunc('month', s.created_at at time zone 'Europe/Berlin'))
             from scans s where s.company_id = c.id)::int as months,
          (select count(*) from scans s where s.company_id = c.id)::int as scans,
          c.type <> 'slave' or (c.franchise_joined_at < c.live_since and c.live_since <=
            (select min(s.created_at) from scans s where s.company_id = c.id)) as joined
        from companies c where c.type in ('master', 'slave') and c.status = 'green' order by c.id`),
    );
    expect(rows.map((r) => r.type)).toEqual(["master", "slave", "slave"]);
    for (const row of rows) {
      expect(row.months, `company ${row.company_id}`).toBeGreaterThanOrEqual(STATISTICS.months);
      expect(row.joined, `company ${row.company_id} joined before it went live and scanned`).toBe(true);
    }
    // The master's network scope (decision 008 §4) is the sum of its companies' scans, month by month.
    const sums = rowsOf<{ month: string; network: number; companies: number }>(
      await t.db.execute(sql`
        select m.month::text, m.collects + m.redeems as network,
          (select sum(o.collects + o.redeems) from stats_months o
            where o.month = m.month and o.location_id = 0
              and o.company_id in (${sql.join(
                rows.map((r) => r.company_id),
                sql`, `,
              )}))::int as companies
        from stats_months m where m.company_id = ${rows[0]!.company_id} and m.location_id = -1
        order by m.month`),
    );
    expect(sums.length).toBeGreaterThanOrEqual(STATISTICS.months);
    for (const month of sums) expect(month.network, month.month).toBe(month.companies);
    const master = await logIn(DEMO_FRANCHISOR);
    expect((await get("/api/v2/dashboard/stats", master)).data.scans).toBeGreaterThan(0);
  });

  it("the demo network is billed for every completed month since it went live, on its own or on the master's invoice", async () => {
    const rows = rowsOf<{ id: number; type: string; master_id: number | null }>(
      await t.db.execute(sql`
        select id::int, type, master_id::int from companies
        where type in ('master', 'slave') and status = 'green' order by id`),
    );
    const master = rows.find((r) => r.type === "master")!;
    const invoices = rowsOf<{
      company_id: number;
      period_start: string;
      status: string;
      debit_date: string | null;
      lines: unknown;
    }>(
      await t.db.execute(sql`
        select company_id::int, period_start::text, status, debit_date::text, lines from invoices
        where company_id in (${sql.join(
          rows.map((r) => r.id),
          sql`, `,
        )})`),
    );
    const months = [
      ...new Set(invoices.filter((i) => i.company_id === master.id).map((i) => i.period_start)),
    ];
    expect(months).toHaveLength(billedMonths());
    for (const i of invoices)
      expect(i.status, `${i.company_id} ${i.period_start}`).toBe(settledStatus(i.debit_date));
    // The first month collectively on the master's invoice, the later ones each on its own
    // (seedDemoNetworkInvoices), and no month missed or billed twice.
    const ways = { own: 0, onMasters: 0 };
    for (const franchisee of rows.filter((r) => r.type === "slave")) {
      for (const month of months) {
        const own = invoices.some((i) => i.company_id === franchisee.id && i.period_start === month);
        const onMasters = invoices.some(
          (i) =>
            i.company_id === master.id &&
            i.period_start === month &&
            JSON.stringify(i.lines).includes(`"company:${franchisee.id}"`),
        );
        expect(own !== onMasters, `${franchisee.id} ${month}`).toBe(true);
        if (own) ways.own++;
        else ways.onMasters++;
      }
    }
    expect(ways.own).toBeGreaterThan(0);
    expect(ways.onMasters).toBeGreaterThan(0);
  });

  it("seeding again changes nothing, also not what someone changed in the demo meanwhile", {
    timeout: 180_000,
  }, async () => {
    // A demo of its own: the change below would put the demo partner into the other tests' review
    // queue (docs/architecture.md, Tests).
    const own = await build({ PUBLIC_URL: ORIGIN });
    await seedDemoAccounts(own.db, DEMO_ADMIN, own.config, { statistics: STATISTICS });
    const partner = await logIn(DEMO_PARTNER, own);
    const id = (await get("/api/v2/dashboard/partner", partner, own)).data[0].id;
    const edit = await own.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${id}`,
      headers: partner,
      payload: { description: "Heute alles anders" },
    });
    expect(edit.json().data.status).toBe("orange");
    const before = await counts(own);
    expect(before.scans).toBeGreaterThan(0);
    await seedDemoAccounts(own.db, DEMO_ADMIN, own.config, { statistics: STATISTICS });
    await seedDemoAccounts(own.db, DEMO_ADMIN, own.config, { statistics: STATISTICS });
    expect(await counts(own)).toEqual(before);
    const card = (await get("/api/v2/dashboard/partner", partner, own)).data[0];
    expect(card).toMatchObject({ status: "orange", description: "Heute alles anders" });
  });

  it("completes a demo partner that an older seed left as registered (gray, no location)", async () => {
    const old = await build({ PUBLIC_URL: ORIGIN });
    const [company] = await old.db
      .insert(companies)
      .values({
        type: "partner",
        name: "Café Sonnenschein",
        legalFormId: 1,
        status: "gray",
        registrationCompletedAt: new Date(),
      })
      .returning({ id: companies.id });
    await old.db.insert(billingAddresses).values({
      companyId: company!.id,
      street: "Ehrenstraße",
      building: "42",
      postcode: "50672",
      city: "Köln",
      country: "DE",
      phoneNumber: "+492211234567",
    });
    await old.db.insert(users).values({
      companyId: company!.id,
      role: "partner",
      email: DEMO_PARTNER.email,
      passwordHash: "x",
      firstName: "Mara",
      surname: "Sonnenschein",
      phone: "+492211234567",
      emailVerifiedAt: new Date(),
    });
    await seedDemoAccounts(old.db, DEMO_ADMIN, old.config, { statistics: false });
    const [row] = await old.db.select().from(companies).where(eq(companies.id, company!.id));
    expect(row!.status).toBe("green");
    expect(await old.db.$count(locations, eq(locations.companyId, company!.id))).toBe(2);
    expect(await old.db.$count(users, eq(users.email, DEMO_PARTNER.email))).toBe(1);
  });
});
