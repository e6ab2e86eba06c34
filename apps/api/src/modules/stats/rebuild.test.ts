import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createLivePartner } from "../../db/seed/accounts.ts";
import { aggregateRows } from "../../test/aggregates.ts";
import { build, type TestApp } from "../../test/build.ts";
import { simulatedCafe } from "../../test/simulation.ts";
import { collectPoint, redeemCard } from "../app/scan.ts";
import { loadSimPartners, registerSimCustomers, simulateScans } from "../app/simulation.ts";
import { walletDeriver } from "../app/wallet.ts";
import { NETWORK } from "./aggregates.ts";
import { rebuildAggregates, rebuildNetworkAggregates } from "./rebuild.ts";

// The set-based rebuild against the incremental path: scans made one by one through the scan
// service (simulated customers over four months, plus edge cases) leave aggregate rows; the
// rebuild from the raw scans must produce the very same rows.

let t: TestApp;
const now = new Date();

let companyId: number;
let otherId: number;

const aggregates = (company: number) => aggregateRows(t.db, company, now);

beforeAll(async () => {
  t = await build();
  companyId = await createLivePartner(t.db, simulatedCafe(1), undefined, t.config);
  otherId = await createLivePartner(t.db, simulatedCafe(2), undefined, t.config);
  // A franchise network before its first scan (decision 008 §4): companyId is the master and
  // otherId its franchisee, so every scan also writes the master's network scope.
  await t.db.execute(sql`update companies set type = 'master' where id = ${companyId}`);
  await t.db.execute(sql`
    update companies set type = 'slave', master_id = ${companyId}, franchise_joined_at = now()
    where id = ${otherId}`);
  const wallet = walletDeriver(t.config.walletSeed);
  const customers = await registerSimCustomers(t.db, wallet, { count: 80, seed: 7 });
  await simulateScans(t.db, {
    seed: 7,
    months: 4,
    now,
    partners: await loadSimPartners(t.db, [companyId, otherId]),
    customers,
    fraudBurstsPerLocationMonth: 0.3,
    fraudBurstsThisMonth: 1,
    recentVisits: 6,
  });
}, 120_000);

describe("rebuildAggregates", () => {
  it("builds from the raw scans exactly the rows the scans made one by one", async () => {
    const [{ scans, redeems }] = rowsOf<{ scans: number; redeems: number }>(
      await t.db.execute(sql`
        select count(*)::int as scans, count(*) filter (where kind = 'redeem')::int as redeems
        from scans where company_id = ${companyId}`),
    ) as [{ scans: number; redeems: number }];
    // Enough to mean something: hundreds of scans, redemptions, hours in the kept window.
    expect(scans).toBeGreaterThan(200);
    expect(redeems).toBeGreaterThan(10);
    const incremental = await aggregates(companyId);
    expect(incremental.hours.length).toBeGreaterThan(0);
    expect(incremental.months.some((m) => Number(m.new_customers) < Number(m.active_customers))).toBe(true);
    const other = await aggregates(otherId);

    await rebuildAggregates(t.db, companyId, now);
    expect(await aggregates(companyId)).toEqual(incremental);
    // Only that partner's rows were rebuilt; running it again changes nothing.
    expect(await aggregates(otherId)).toEqual(other);
    await rebuildAggregates(t.db, companyId, now);
    expect(await aggregates(companyId)).toEqual(incremental);
  });

  it("builds the master's network rows: the scans of the master and its franchisee as one scope", async () => {
    const network = async () => {
      const all = await aggregates(companyId);
      const own = (r: Record<string, unknown>) => Number(r.location_id) === NETWORK;
      return {
        months: all.months.filter(own),
        days: all.days.filter(own),
        hours: all.hours.filter(own),
        seen: all.seen.filter(own),
      };
    };
    const incremental = await network();
    const [master, franchisee] = [await aggregates(companyId), await aggregates(otherId)];
    // Both companies scanned, and the network's figures add up theirs, customers counted once.
    const allOf = (rows: Record<string, unknown>[]) => rows.filter((r) => Number(r.location_id) === 0);
    expect(allOf(master.months).length).toBeGreaterThan(0);
    expect(allOf(franchisee.months).length).toBeGreaterThan(0);
    expect(incremental.months.length).toBeGreaterThan(0);
    for (const row of incremental.months) {
      const parts = [...allOf(master.months), ...allOf(franchisee.months)].filter(
        (r) => r.month === row.month,
      );
      for (const key of ["collects", "redeems", "points_collected", "points_redeemed", "nfc_collects"]) {
        expect(Number(row[key]), `${row.month} ${key}`).toBe(
          parts.reduce((sum, r) => sum + Number(r[key]), 0),
        );
      }
      const seenIn = (rows: Record<string, unknown>[]) =>
        rows.filter((r) => Number(r.location_id) === 0 && r.month === row.month).map((r) => r.app_user_id);
      expect(Number(row.active_customers)).toBe(
        new Set([...seenIn(master.seen), ...seenIn(franchisee.seen)]).size,
      );
    }
    // Customers who visit both companies make the distinct network count smaller than the sum.
    const shared = allOf(master.seen).filter((m) =>
      allOf(franchisee.seen).some((f) => f.app_user_id === m.app_user_id && f.month === m.month),
    );
    expect(shared.length).toBeGreaterThan(0);

    await rebuildNetworkAggregates(t.db, companyId, now);
    expect(await network()).toEqual(incremental);
    // The franchisee's own rebuild leaves the network alone; the master's rebuilds it too.
    await rebuildAggregates(t.db, otherId, now);
    expect(await network()).toEqual(incremental);
    await t.db.execute(
      sql`delete from stats_months where company_id = ${companyId} and location_id = ${NETWORK}`,
    );
    await rebuildAggregates(t.db, companyId, now);
    expect(await network()).toEqual(incremental);
    expect(await aggregates(otherId)).toEqual(franchisee);
  });

  it("a card left empty by a refused first scan does not upset the points distribution", async () => {
    const [location] = (await loadSimPartners(t.db, [otherId]))[0]!.locations;
    const { code, pin } = location!;
    const wrong = pin === "0000" ? "1111" : "0000";
    const [full, refused, redeemer] = await registerSimCustomers(t.db, walletDeriver(t.config.walletSeed), {
      count: 3,
      seed: 8,
      firstNumber: 1000,
    });
    const at = (minutesAgo: number) => ({ at: new Date(now.getTime() - minutesAgo * 60_000) });
    // A card redeemed down to 0 points: the row "0 points" counts one card.
    for (let i = 0; i < 3; i++) await collectPoint(t.db, full!.id, { code, method: "qr", pin }, at(50 - i));
    await redeemCard(t.db, full!.id, { code, pin }, at(45));
    // A wrong PIN and a redemption of a card that is not full leave empty cards behind...
    await expect(
      collectPoint(t.db, refused!.id, { code, method: "qr", pin: wrong }, at(40)),
    ).rejects.toMatchObject({
      code: "pin_wrong",
    });
    await expect(redeemCard(t.db, redeemer!.id, { code, pin }, at(39))).rejects.toMatchObject({
      code: "card_not_full",
    });
    // ...and the first real collection moves that card from nowhere to 1 point, not from 0.
    await collectPoint(t.db, refused!.id, { code, method: "nfc" }, at(30));

    const incremental = await aggregates(otherId);
    await rebuildAggregates(t.db, otherId, now);
    expect(await aggregates(otherId)).toEqual(incremental);
    const [cards] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from cards where company_id = ${otherId} and collects + redeems > 0`,
      ),
    );
    const total = incremental.points.reduce((sum, p) => sum + Number(p.cards), 0);
    expect(total).toBe(cards!.n);
  });
});
