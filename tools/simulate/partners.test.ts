import { addMonths, berlinMonth } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rowsOf } from "../../apps/api/src/db/client.ts";
import { simulatedMonthsStart } from "../../apps/api/src/db/seed/demo-franchise.ts";
import { billablePartners } from "../../apps/api/src/modules/billing/invoicing.ts";
import { build, type TestApp } from "../../apps/api/src/test/build.ts";
import { signedInAdmin } from "../../apps/api/src/test/review.ts";
import { createSimPartners } from "./partners.ts";

// `npm run simulate`'s partners (docs/decisions/008-franchise-model.md, section 7): every fifth a
// franchisor whose franchisees join through the invitation service, and every company live from
// the start of the simulated months, so those months are billable.

let t: TestApp;
beforeAll(async () => {
  t = await build();
}, 60_000);
afterAll(() => t.close());

it("makes every fifth partner a franchisor with three invited franchisees, all live since the first simulated month", {
  timeout: 120_000,
}, async () => {
  const team = await signedInAdmin(t);
  const now = new Date();
  const since = simulatedMonthsStart(3, now);
  const made = await createSimPartners(t.db, t.config, {
    count: 5,
    locationsPerPartner: 1,
    seed: 7,
    firstNumber: 1,
    adminId: team.id,
    franchisees: 3,
    since,
  });
  expect(made).toMatchObject({ masters: 1, franchisees: 3, locations: 4 + 3 + 3 });
  expect(made.companyIds).toHaveLength(8);

  const companies = rowsOf<{
    id: number;
    type: string;
    status: string;
    master_id: number | null;
    live_since: string;
    joined: string | null;
    locations_since: string;
    points: number;
    public_name: string;
  }>(
    await t.db.execute(sql`
      select c.id::int, c.type, c.status, c.master_id::int, c.live_since::text,
        c.franchise_joined_at::text as joined,
        (select max(l.created_at)::text from locations l where l.company_id = c.id) as locations_since,
        p.points, p.public_name
      from companies c join partner_profiles p on p.company_id = c.id
      where c.id in (${sql.join(made.companyIds, sql`, `)}) order by c.id`),
  );
  expect(companies.map((c) => c.status)).toEqual(Array(8).fill("green"));
  const master = companies.find((c) => c.type === "master")!;
  const franchisees = companies.filter((c) => c.type === "slave");
  expect(franchisees).toHaveLength(3);
  for (const c of companies) {
    expect(new Date(c.live_since).getTime(), `live ${c.id}`).toBe(since.getTime());
    expect(new Date(c.locations_since).getTime(), `locations ${c.id}`).toBe(since.getTime());
  }
  for (const f of franchisees) {
    expect(f.master_id).toBe(master.id);
    expect(new Date(f.joined!).getTime()).toBeLessThan(since.getTime());
    // Its own company running the franchisor's brand and card.
    expect(f.public_name.startsWith(master.public_name)).toBe(true);
    expect(f.points).toBe(master.points);
  }

  // Each joined through an invitation the master made and the team approved, used by its registration.
  const invitations = rowsOf<{ state: string; created_by: number; reviewed_by: number; company: number }>(
    await t.db.execute(sql`
      select i.state, i.created_by_user_id::int as created_by, i.reviewed_by_user_id::int as reviewed_by,
        i.franchisee_company_id::int as company
      from franchise_invitations i where i.master_company_id = ${master.id} order by i.id`),
  );
  const [masterUser] = rowsOf<{ id: number }>(
    await t.db.execute(sql`select id::int from users where company_id = ${master.id}`),
  );
  expect(invitations).toEqual(
    franchisees.map((f) => ({
      state: "accepted",
      created_by: masterUser!.id,
      reviewed_by: team.id,
      company: f.id,
    })),
  );

  // Every company is billable for the completed simulated months.
  for (const month of [addMonths(berlinMonth(now), -2), addMonths(berlinMonth(now), -1)]) {
    const billable = (await billablePartners(t.db, month)).map((p) => p.companyId);
    for (const c of companies) expect(billable, `${month} ${c.id}`).toContain(c.id);
  }
});
