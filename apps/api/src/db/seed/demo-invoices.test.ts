import { addMonths, berlinMonth } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf } from "../../test/review.ts";
import { livePartner } from "../../test/scans.ts";
import { rowsOf } from "../client.ts";
import { demoBilledMonths, seedDemoNetworkInvoices } from "./demo-invoices.ts";
import { backdateGoLive } from "./go-live.ts";

// The demo network's invoices (docs/decisions/008-franchise-model.md, section 7): the first
// simulated month is one collective invoice of the master, every later month each company's own.

let t: TestApp;
beforeAll(async () => {
  t = await build();
}, 60_000);
afterAll(() => t.close());

it("bills the first month collectively and the later months to each company; once", async () => {
  const now = new Date();
  const months = 3;
  const first = addMonths(berlinMonth(now), -months);
  const master = await livePartner(t, {
    type: "master",
    company_name: "Bohnenwerk Zentrale",
    contact_name: "Greta",
    contact_surname: "Gross",
  });
  const franchisees = [await livePartner(t), await livePartner(t)];
  const since = new Date(`${first}T08:00:00+01:00`);
  for (const f of franchisees)
    await t.db.execute(sql`
      update companies set type = 'slave', master_id = ${companyIdOf(master)}, franchise_joined_at = ${since.toISOString()}::timestamptz
      where id = ${companyIdOf(f)}`);
  for (const p of [master, ...franchisees])
    await backdateGoLive(t.db, companyIdOf(p), since, { locations: true, mandate: true });
  const network = {
    masterId: companyIdOf(master),
    masterUserId: master.user.id as number,
    franchiseeIds: franchisees.map(companyIdOf),
  };

  // On the 1st the month just ended waits for its run on the 2nd.
  const billed = demoBilledMonths(months, now);
  expect(await seedDemoNetworkInvoices(t.db, network, months, t.config, now)).toBe(1 + 3 * (billed - 1));
  const invoices = rowsOf<{ company_id: number; month: string; groups: number; status: string }>(
    await t.db.execute(sql`
      select company_id::int, to_char(period_start, 'YYYY-MM-DD') as month, status,
        (select count(distinct l->'group'->>'key')::int from jsonb_array_elements(lines) l where l ? 'group') as groups
      from invoices order by period_start, company_id`),
  );
  expect(invoices.filter((i) => i.month === first)).toEqual([
    { company_id: network.masterId, month: first, groups: 2, status: "paid" },
  ]);
  for (const id of [network.masterId, ...network.franchiseeIds])
    expect(invoices.filter((i) => i.company_id === id && i.month > first).map((i) => i.groups)).toEqual(
      Array.from({ length: billed - 1 }, () => 0),
    );
  const collective = await t.inject({
    url: "/api/v2/subscription/collective-months",
    headers: franchisees[0]!.headers,
  });
  expect(collective.json().data.months).toEqual([first]);
  // Seeding again bills nothing.
  expect(await seedDemoNetworkInvoices(t.db, network, months, t.config, now)).toBe(0);
});
