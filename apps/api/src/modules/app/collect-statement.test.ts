import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createLivePartner } from "../../db/seed/accounts.ts";
import { aggregateRows } from "../../test/aggregates.ts";
import { build, type TestApp } from "../../test/build.ts";
import { appCustomer, livePartner, scan, setStaffPin } from "../../test/scans.ts";
import { simulatedCafe } from "../../test/simulation.ts";
import { rebuildAggregates } from "../stats/rebuild.ts";
import { COLLECT_BATCHES_AT_ONCE, collectInOneStatement } from "./collect-statement.ts";
import { collectPoint, redeemCard } from "./scan.ts";
import { loadSimPartners, registerSimCustomers } from "./simulation.ts";
import { walletDeriver } from "./wallet.ts";

// The one-statement collection (collect-statement.ts), its batches and its hand-over to the
// transaction path; app.test.ts checks the scan's rules through the API on both paths.

let t: TestApp;
let cafe: Awaited<ReturnType<typeof livePartner>>;
const PIN = "4711";

beforeAll(async () => {
  t = await build();
  cafe = await livePartner(t);
  await setStaffPin(t, cafe, cafe.locationId, PIN, { count: 3, hours: 24 });
});

const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await t.db.execute(query))[0]!.n;

describe("collecting in one statement", () => {
  it("records an ordinary collection and answers as the transaction path does", async () => {
    const kim = await appCustomer(t);
    const token = kim.headers.authorization.slice("Bearer ".length);
    const first = await collectInOneStatement(
      t.db,
      { token },
      { code: cafe.scanCode, method: "nfc" },
      undefined,
    );
    expect(first).toMatchObject({ kind: "collect", points: 1, with_pin: false, replayed: false });
    expect(first?.location.id).toBe(cafe.locationId);
    const second = await scan(t, kim, cafe.scanCode);
    expect(second.statusCode).toBe(201);
    expect(second.json().data).toMatchObject({
      points: 2,
      partner: first!.partner,
      location: first!.location,
    });
    const card = rowsOf<{ points: number; collects: number; customer_number: number }>(
      await t.db.execute(sql`
        select points, collects, customer_number from cards where app_user_id = ${kim.id}`),
    );
    expect(card).toEqual([{ points: 2, collects: 2, customer_number: expect.any(Number) }]);
    expect(
      await count(sql`
        select sum(nfc_collects)::int as n from stats_months
        where company_id = ${cafe.id} and location_id = ${cafe.locationId}`),
    ).toBeGreaterThanOrEqual(1);
  });

  it("leaves the PIN limit, a used idempotency key and unknown codes to the transaction path", async () => {
    const kim = await appCustomer(t);
    for (let i = 0; i < 3; i++) expect((await scan(t, kim, cafe.scanCode)).statusCode).toBe(201);
    // Over the limit: nothing is written here; the transaction path asks for the PIN and notes it.
    expect(
      await collectInOneStatement(
        t.db,
        { appUserId: kim.id },
        { code: cafe.scanCode, method: "qr" },
        undefined,
      ),
    ).toBe(undefined);
    expect((await scan(t, kim, cafe.scanCode)).statusCode).toBe(403);
    expect(
      await count(sql`
        select count(*)::int as n from fraud_events where app_user_id = ${kim.id} and rule = 'pin_limit'`),
    ).toBe(1);

    const lea = await appCustomer(t);
    const key = "one-statement-key-1";
    const made = await scan(t, lea, cafe.scanCode, { key });
    expect(made.statusCode).toBe(201);
    expect(
      await collectInOneStatement(t.db, { appUserId: lea.id }, { code: cafe.scanCode, method: "qr" }, key),
    ).toBe(undefined);
    const again = await scan(t, lea, cafe.scanCode, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ scan_id: made.json().data.scan_id, replayed: true });
    expect(
      await collectInOneStatement(t.db, { appUserId: lea.id }, { code: "ZZZZZZZZ", method: "qr" }, undefined),
    ).toBe(undefined);
    expect(await count(sql`select count(*)::int as n from scans where app_user_id = ${lea.id}`)).toBe(1);
  });

  it("concurrent scans of one customer at one partner: exactly N points, scans and aggregates", async () => {
    const partner = await livePartner(t);
    // A high limit: every scan collects; from the 5th of the day on each is also an unusual-day event,
    // which only the transaction path records, so both paths race here.
    await setStaffPin(t, partner, partner.locationId, PIN, { count: 50, hours: 24 });
    const kim = await appCustomer(t);
    const n = 9; // the card holds 10 points
    const results = await Promise.all(Array.from({ length: n }, () => scan(t, kim, partner.scanCode)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(n).fill(201));
    expect(results.map((r) => r.json().data.points).sort((a, b) => a - b)).toEqual(
      Array.from({ length: n }, (_, i) => i + 1),
    );
    const [card] = rowsOf<{ points: number; collects: number }>(
      await t.db.execute(sql`select points, collects from cards where app_user_id = ${kim.id}`),
    );
    expect(card).toEqual({ points: n, collects: n });
    expect(await count(sql`select count(*)::int as n from scans where app_user_id = ${kim.id}`)).toBe(n);
    const months = rowsOf<{
      location_id: number;
      collects: number;
      active_customers: number;
      new_customers: number;
    }>(
      await t.db.execute(sql`
        select location_id::int, sum(collects)::int as collects, sum(active_customers)::int as active_customers,
          sum(new_customers)::int as new_customers
        from stats_months where company_id = ${partner.id} group by location_id order by location_id`),
    );
    expect(months).toEqual([
      { location_id: 0, collects: n, active_customers: 1, new_customers: 1 },
      { location_id: partner.locationId, collects: n, active_customers: 1, new_customers: 1 },
    ]);
    const distribution = rowsOf<{ points: number; cards: number }>(
      await t.db.execute(
        sql`select points, cards from stats_points where company_id = ${partner.id} and cards <> 0`,
      ),
    );
    expect(distribution).toEqual([{ points: n, cards: 1 }]);
    expect(
      await count(sql`
        select occurrences as n from fraud_events where app_user_id = ${kim.id} and rule = 'unusual_daily'`),
    ).toBe(n);
  });

  it("an expired session cannot scan, and a wrong token gets 401 before any validation error", async () => {
    const kim = await appCustomer(t);
    await t.db.execute(sql`
      update app_sessions set expires_at = now() - interval '1 second' where app_user_id = ${kim.id}`);
    expect((await scan(t, kim, cafe.scanCode)).statusCode).toBe(401);
    expect(await count(sql`select count(*)::int as n from scans where app_user_id = ${kim.id}`)).toBe(0);
    const bad = { method: "POST" as const, url: "/api/app/scan", payload: { code: 7 } };
    expect((await t.inject({ ...bad, headers: kim.headers })).statusCode).toBe(401);
    expect((await t.inject(bad)).statusCode).toBe(401);
    const lea = await appCustomer(t);
    expect((await t.inject({ ...bad, headers: lea.headers })).statusCode).toBe(422);
  });

  it("a session that was ended cannot scan", async () => {
    const kim = await appCustomer(t);
    expect((await scan(t, kim, cafe.scanCode)).statusCode).toBe(201);
    const out = await t.inject({ method: "POST", url: "/api/app/logout", headers: kim.headers });
    expect(out.statusCode).toBe(204);
    expect((await scan(t, kim, cafe.scanCode)).statusCode).toBe(401);
    expect(await count(sql`select count(*)::int as n from scans where app_user_id = ${kim.id}`)).toBe(1);
  });

  it("binds each scan's time, code, method, customer and key to the statement built once", async () => {
    // The March scans use both statements (built here or by an earlier test, at the cafe); the April
    // scans must bind their own values to them, not repeat the first ones.
    const partner = await livePartner(t);
    await setStaffPin(t, partner, partner.locationId, PIN, { count: 50, hours: 24 });
    const kim = await appCustomer(t);
    const lea = await appCustomer(t);
    const token = kim.headers.authorization.slice("Bearer ".length);
    await t.db.execute(sql`
      update app_sessions set expires_at = '2031-01-01T00:00:00Z' where app_user_id = ${kim.id}`);
    // 23:30 on 31 March and 00:15 on 1 April in Berlin (summer time): another Berlin month, day and
    // hour, but the same UTC day.
    const march = new Date("2030-03-31T21:30:00Z");
    const april = new Date("2030-03-31T22:15:00Z");
    const code = partner.scanCode;
    const results = [
      await collectInOneStatement(t.db, { token }, { code, method: "qr" }, "kim-march", march),
      await collectInOneStatement(t.db, { appUserId: lea.id }, { code, method: "nfc" }, undefined, march),
      await collectInOneStatement(t.db, { token }, { code, method: "nfc" }, undefined, april),
      await collectInOneStatement(t.db, { appUserId: lea.id }, { code, method: "qr" }, "lea-april", april),
    ];
    expect(results.map((r) => [r?.points, r?.location.id, r?.created_at])).toEqual([
      [1, partner.locationId, march.toISOString()],
      [1, partner.locationId, march.toISOString()],
      [2, partner.locationId, april.toISOString()],
      [2, partner.locationId, april.toISOString()],
    ]);
    const scans = rowsOf(
      await t.db.execute(sql`
        select app_user_id::int as user, method, idempotency_key as key, balance,
          (extract(epoch from created_at) * 1000)::float8 as at
        from scans where company_id = ${partner.id} order by id`),
    );
    expect(scans).toEqual([
      { user: kim.id, method: "qr", key: "kim-march", balance: 1, at: march.getTime() },
      { user: lea.id, method: "nfc", key: null, balance: 1, at: march.getTime() },
      { user: kim.id, method: "nfc", key: null, balance: 2, at: april.getTime() },
      { user: lea.id, method: "qr", key: "lea-april", balance: 2, at: april.getTime() },
    ]);
    const months = rowsOf(
      await t.db.execute(sql`
        select location_id::int as location, month::text, collects, nfc_collects as nfc,
          returning_collects as returning, active_customers as active, new_customers as new
        from stats_months where company_id = ${partner.id} order by location_id, month`),
    );
    const perLocation = (location: number) => [
      { location, month: "2030-03-01", collects: 2, nfc: 1, returning: 0, active: 2, new: 2 },
      { location, month: "2030-04-01", collects: 2, nfc: 1, returning: 2, active: 2, new: 0 },
    ];
    expect(months).toEqual([...perLocation(0), ...perLocation(partner.locationId)]);
    const days = rowsOf(
      await t.db.execute(sql`
        select location_id::int as location, day::text, collects, redeems
        from stats_days where company_id = ${partner.id} order by location_id, day`),
    );
    expect(days).toEqual(
      [0, partner.locationId].flatMap((location) => [
        { location, day: "2030-03-31", collects: 2, redeems: 0 },
        { location, day: "2030-04-01", collects: 2, redeems: 0 },
      ]),
    );
    const hours = rowsOf(
      await t.db.execute(sql`
        select location_id::int as location, (extract(epoch from hour) * 1000)::float8 as hour, collects
        from stats_hours where company_id = ${partner.id} order by location_id, hour`),
    );
    expect(hours).toEqual(
      [0, partner.locationId].flatMap((location) => [
        { location, hour: Date.parse("2030-03-31T21:00:00Z"), collects: 2 },
        { location, hour: Date.parse("2030-03-31T22:00:00Z"), collects: 2 },
      ]),
    );
    const distribution = rowsOf(
      await t.db.execute(
        sql`select points, cards from stats_points where company_id = ${partner.id} and cards <> 0`,
      ),
    );
    expect(distribution).toEqual([{ points: 2, cards: 2 }]);
  });

  it("scans arriving together go in batches: each recorded once, numbers without gaps, aggregates as rebuilt", async () => {
    // A franchise network (master and franchisee, two locations each) and 30 customers: 3 with
    // full cards redeem while 27 collect, 6 of them twice at once (the second is not batched with
    // the first: it takes the transaction path).
    const master = await createLivePartner(t.db, simulatedCafe(31), undefined, t.config);
    const franchisee = await createLivePartner(t.db, simulatedCafe(32), undefined, t.config);
    await t.db.execute(sql`update companies set type = 'master' where id = ${master}`);
    await t.db.execute(sql`
      update companies set type = 'slave', master_id = ${master}, franchise_joined_at = now()
      where id = ${franchisee}`);
    const locations = (await loadSimPartners(t.db, [master, franchisee])).flatMap((p) => p.locations);
    expect(locations).toHaveLength(4);
    const customers = await registerSimCustomers(t.db, walletDeriver(t.config.walletSeed), {
      count: 30,
      seed: 31,
      firstNumber: 3100,
    });
    const [home] = locations;
    for (const c of customers.slice(0, 3)) {
      for (let i = 0; i < 3; i++)
        await collectPoint(t.db, c.id, { code: home!.code, method: "qr", pin: home!.pin });
    }

    const collecting = customers.slice(3).map((c, i) => ({ c, location: locations[i % 4]! }));
    const results = await Promise.all([
      ...customers.slice(0, 3).map((c) => redeemCard(t.db, c.id, { code: home!.code, pin: home!.pin })),
      ...collecting.map(({ c, location }, i) =>
        collectPoint(t.db, c.id, { code: location.code, method: i % 3 === 0 ? "nfc" : "qr" }),
      ),
      ...collecting
        .slice(0, 6)
        .map(({ c, location }) => collectPoint(t.db, c.id, { code: location.code, method: "qr" })),
    ]);
    expect(results.map((r) => r.kind)).toEqual([...Array(3).fill("redeem"), ...Array(33).fill("collect")]);
    expect(new Set(results.map((r) => r.scan_id)).size).toBe(36);

    const cards = rowsOf<{ user: number; company: number; points: number; number: number }>(
      await t.db.execute(sql`
        select app_user_id::int as user, company_id::int as company, points, customer_number as number
        from cards where company_id in (${master}, ${franchisee})`),
    );
    const pointsOf = (id: number) => cards.filter((k) => k.user === id).reduce((sum, k) => sum + k.points, 0);
    expect(customers.map((c) => pointsOf(c.id))).toEqual([
      0,
      0,
      0,
      ...collecting.map((_, i) => (i < 6 ? 2 : 1)),
    ]);
    // New cards of one partner get the numbers 1, 2, 3, … also when a batch makes several at once.
    for (const company of [master, franchisee]) {
      const numbers = cards
        .filter((k) => k.company === company)
        .map((k) => k.number)
        .sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
    // Batched: the collections without PIN went in at most a few statements, each with one time.
    const times = rowsOf<{ n: number }>(
      await t.db.execute(sql`
        select count(*)::int as n from scans
        where company_id in (${master}, ${franchisee}) and kind = 'collect' and not with_pin
        group by created_at order by n desc`),
    );
    expect(times.reduce((sum, r) => sum + r.n, 0)).toBe(33);
    expect(times.length).toBeLessThan(33);
    expect(times[0]!.n).toBeGreaterThan(COLLECT_BATCHES_AT_ONCE);

    const now = new Date();
    const made = [await aggregateRows(t.db, master, now), await aggregateRows(t.db, franchisee, now)];
    expect(made[0]!.months.find((m) => m.location_id === -1)).toMatchObject({ collects: 33 + 9, redeems: 3 });
    await rebuildAggregates(t.db, franchisee, now);
    await rebuildAggregates(t.db, master, now);
    expect([await aggregateRows(t.db, master, now), await aggregateRows(t.db, franchisee, now)]).toEqual(
      made,
    );
  });

  it("a scan that fails its batch's statement does not fail the others in it", async () => {
    const partner = await livePartner(t);
    const customers = await Promise.all(Array.from({ length: 6 }, () => appCustomer(t)));
    const ids = customers.map((c) => c.id);
    // A customer deleted after the session check: the statement's card insert fails on its foreign
    // key. The first two scans go alone (a free slot each), the other four in one batch.
    ids[3] = 2_000_000_000;
    const results = await Promise.allSettled(
      ids.map((id) => collectPoint(t.db, id, { code: partner.scanCode, method: "qr" })),
    );
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    expect(await count(sql`select count(*)::int as n from scans where company_id = ${partner.id}`)).toBe(5);
  });
});
