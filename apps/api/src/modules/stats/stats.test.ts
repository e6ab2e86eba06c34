import {
  addMonths,
  berlinDay,
  berlinMonth,
  DEFAULT_AVERAGE_RECEIPT_CENTS,
  hourStart,
  isReturningCustomer,
  UNUSUAL_DAILY_COLLECTS,
  weekStart,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf, completeSetUp, LOCATION, signedInAdmin } from "../../test/review.ts";
import { appCustomer, type Customer, livePartner, scan, setStaffPin } from "../../test/scans.ts";
import { collectPoint, redeemCard } from "../app/scan.ts";

// Every statistics endpoint against a naive recomputation from the raw scans, over generated
// months of scans at three locations (the aggregates are only ever added to, scan by scan).

let t: TestApp;
let partner: Awaited<ReturnType<typeof signedInPartner>>;
let companyId: number;
const locs: { id: number; code: string }[] = [];
const PIN = "2468";
const MAX = 10;
const now = new Date();

/** A small seeded PRNG (mulberry32), so a failure can be reproduced. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface RawScan {
  location_id: number;
  app_user_id: number;
  kind: "collect" | "redeem";
  points: number;
  method: "nfc" | "qr";
  with_pin: boolean;
  created_at: Date;
}
let raw: RawScan[] = [];

beforeAll(async () => {
  t = await build();
  partner = await signedInPartner(t);
  const first = await completeSetUp(t, partner);
  locs.push({ id: first.locationId, code: first.scanCode });
  for (const name of ["Filiale Nord", "Filiale Süd"]) {
    const res = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/shop",
      headers: partner.headers,
      payload: { ...LOCATION, name },
    });
    locs.push({ id: res.json().data.id, code: String(res.json().data.scan_url).split("/s/")[1]! });
  }
  companyId = companyIdOf(partner);
  const admin = await signedInAdmin(t);
  await t.inject({ method: "POST", url: `/api/admin/partners/${companyId}/approve`, headers: admin.headers });
  for (const loc of locs) {
    await setStaffPin(t, partner, loc.id, PIN, { count: 2, hours: 24 });
  }

  const random = prng(20261123);
  const customers: Customer[] = [];
  for (let i = 0; i < 30; i++) customers.push(await appCustomer(t));
  // 700 moments over the last 13 months, in order, the newest within the last hours.
  const span = 395 * 86_400_000;
  const moments = Array.from({ length: 700 }, () => now.getTime() - Math.floor(random() ** 0.7 * span))
    .sort((a, b) => a - b)
    .map((ms) => new Date(ms));
  const visits = moments.map((at) => {
    // Regulars: the first third of the customers makes most visits.
    const customer = customers[Math.floor(random() ** 2 * customers.length)]!;
    const loc = locs[Math.floor(random() * locs.length)]!;
    const method: "nfc" | "qr" = random() < 0.4 ? "nfc" : "qr";
    return { at, customer, loc, method, pin: random() < 0.5 ? PIN : undefined };
  });
  // Two customers who collect unusually often at one location on one day (the fraud rule).
  for (const [customer, loc, daysAgo, count] of [
    [customers[20]!, locs[1]!, 40, 7],
    [customers[25]!, locs[2]!, 3, UNUSUAL_DAILY_COLLECTS],
  ] as const) {
    const day = new Date(now.getTime() - daysAgo * 86_400_000);
    day.setUTCHours(9, 0, 0, 0);
    for (let i = 0; i < count; i++) {
      visits.push({ at: new Date(day.getTime() + i * 600_000), customer, loc, method: "qr", pin: PIN });
    }
  }
  visits.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const { at, customer, loc, method, pin } of visits) {
    try {
      await collectPoint(t.db, customer.id, { code: loc.code, method, pin }, { at });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "card_full") await redeemCard(t.db, customer.id, { code: loc.code, pin: PIN }, { at });
      else if (code !== "pin_required") throw error;
    }
  }
  raw = rowsOf<RawScan & { created_at: string | Date }>(
    await t.db.execute(sql`
      select location_id::int, app_user_id::int, kind, points, method, with_pin, created_at
      from scans where company_id = ${companyId} order by id`),
  ).map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}, 120_000);

const get = async (path: string) => {
  const res = await t.inject({ url: `/api/v2/dashboard/${path}`, headers: partner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const scopes = () => [undefined, ...locs.map((l) => l.id)];
const inScope = (s: RawScan, scope: number | undefined) => scope === undefined || s.location_id === scope;
const monthOf = (s: RawScan) => berlinMonth(s.created_at);
const query = (month: string, scope: number | undefined) =>
  `month=${month.slice(0, 7)}${scope === undefined ? "" : `&location=${scope}`}`;
const last12 = (month: string) => Array.from({ length: 12 }, (_, i) => addMonths(month, i - 11));

function firstMonthIn(scope: number | undefined): Map<number, string> {
  const first = new Map<number, string>();
  for (const s of raw)
    if (inScope(s, scope) && !first.has(s.app_user_id)) first.set(s.app_user_id, monthOf(s));
  return first;
}

describe("statistics equal a naive recomputation from the raw scans", () => {
  const months = () => [
    berlinMonth(now),
    addMonths(berlinMonth(now), -1),
    addMonths(berlinMonth(now), -5),
    addMonths(berlinMonth(now), -12),
  ];

  it("generated enough data to mean something", () => {
    expect(raw.filter((s) => s.kind === "collect").length).toBeGreaterThan(300);
    expect(raw.filter((s) => s.kind === "redeem").length).toBeGreaterThan(5);
  });

  it("stats: key figures per month and scope", async () => {
    for (const month of months()) {
      for (const scope of scopes()) {
        const data = await get(`stats?${query(month, scope)}`);
        const inMonth = raw.filter((s) => inScope(s, scope) && monthOf(s) === month);
        const collects = inMonth.filter((s) => s.kind === "collect");
        const first = firstMonthIn(scope);
        const active = new Set(inMonth.map((s) => s.app_user_id));
        const newOnes = [...active].filter((u) => first.get(u) === month);
        const allCollects = raw.filter((s) => inScope(s, scope) && s.kind === "collect");
        const days = raw
          .filter((s) => inScope(s, scope))
          .map((s) => berlinDay(s.created_at))
          .sort();
        const from = hourStart(now).getTime() - 23 * 3_600_000;
        expect(data).toMatchObject({
          month: month.slice(0, 7),
          location: scope ?? null,
          cardOwners: [...first.values()].filter((m) => m <= month).length,
          scans: collects.length,
          cardsRedeemed: inMonth.filter((s) => s.kind === "redeem").length,
          // The extra revenue counts the collections of exactly the customers called returning.
          sales:
            collects.filter((s) => isReturningCustomer(first.get(s.app_user_id)!, month)).length *
            DEFAULT_AVERAGE_RECEIPT_CENTS,
          pointOrigin: {
            nfc: collects.filter((s) => s.method === "nfc").length,
            qr: collects.filter((s) => s.method === "qr").length,
            withPin: collects.filter((s) => s.with_pin).length,
          },
          customers: {
            active: active.size,
            new: newOnes.length,
            returning: [...active].filter((u) => isReturningCustomer(first.get(u)!, month)).length,
          },
          scanFrequency: {
            month: collects.length,
            total: allCollects.length,
            since: days[0] ?? null,
            last24h: allCollects.filter((s) => s.created_at.getTime() >= from).length,
          },
        });
      }
    }
  });

  it("stats: points distribution and what the partner owes its customers (from the cards)", async () => {
    const balances = new Map<number, number>();
    for (const s of raw) balances.set(s.app_user_id, (balances.get(s.app_user_id) ?? 0) + s.points);
    const data = await get("stats");
    const expected = Array.from({ length: MAX + 1 }, (_, p) => ({
      points: p,
      cards: [...balances.values()].filter((b) => b === p).length,
    }));
    expect(data.pointsDistribution).toEqual(expected);
    // Card by card: whole cards and the points beyond them.
    expect(data.outstanding).toEqual({
      fullCards: [...balances.values()].reduce((a, b) => a + Math.floor(b / MAX), 0),
      openPoints: [...balances.values()].reduce((a, b) => a + (b % MAX), 0),
      points: [...balances.values()].reduce((a, b) => a + b, 0),
    });
  });

  it("redeemHistory, redeemDilution and customerHistory: 12 months per scope", async () => {
    const month = berlinMonth(now);
    for (const scope of scopes()) {
      const first = firstMonthIn(scope);
      const [redeems, dilution, customers] = await Promise.all([
        get(`redeemHistory?${query(month, scope)}`),
        get(`redeemDilution?${query(month, scope)}`),
        get(`customerHistory?${query(month, scope)}`),
      ]);
      const perMonth = (m: string) => raw.filter((s) => inScope(s, scope) && monthOf(s) === m);
      expect(redeems).toEqual(
        last12(month).map((m) => ({
          month: m.slice(0, 7),
          cardsRedeemed: perMonth(m).filter((s) => s.kind === "redeem").length,
        })),
      );
      expect(
        dilution.map((d: { pointsCollected: number; pointsRedeemed: number }) => [
          d.pointsCollected,
          d.pointsRedeemed,
        ]),
      ).toEqual(
        last12(month).map((m) => [
          perMonth(m).filter((s) => s.kind === "collect").length,
          perMonth(m)
            .filter((s) => s.kind === "redeem")
            .reduce((sum, s) => sum - s.points, 0),
        ]),
      );
      expect(customers).toEqual(
        last12(month).map((m) => {
          const active = new Set(perMonth(m).map((s) => s.app_user_id));
          const fresh = [...active].filter((u) => first.get(u) === m).length;
          const returning = [...active].filter((u) => isReturningCustomer(first.get(u)!, m)).length;
          expect(fresh + returning).toBe(active.size);
          return { month: m.slice(0, 7), newCustomers: fresh, returningCustomers: returning };
        }),
      );
    }
  });

  it("fraud: the unusual daily counts per customer, location and day", async () => {
    for (const month of months()) {
      for (const scope of scopes()) {
        const listed = (await get(`fraud?${query(month, scope)}`)) as {
          day: string;
          rule: string;
          occurrences: number;
          location: { id: number };
        }[];
        const perDay = new Map<string, number>();
        for (const s of raw) {
          if (s.kind !== "collect" || !inScope(s, scope) || monthOf(s) !== month) continue;
          const key = `${berlinDay(s.created_at)}|${s.location_id}|${s.app_user_id}`;
          perDay.set(key, (perDay.get(key) ?? 0) + 1);
        }
        const expected = [...perDay.entries()]
          .filter(([, n]) => n >= UNUSUAL_DAILY_COLLECTS)
          .map(([key, n]) => `${key.split("|").slice(0, 2).join("|")}|${n}`)
          .sort();
        const actual = listed
          .filter((f) => f.rule === "unusual_daily")
          .map((f) => `${f.day}|${f.location.id}|${f.occurrences}`)
          .sort();
        expect(actual).toEqual(expected);
      }
    }
    const all = await get(`fraud?${query(berlinMonth(new Date(now.getTime() - 3 * 86_400_000)), undefined)}`);
    expect(all.some((f: { rule: string }) => f.rule === "unusual_daily")).toBe(true);
  });

  it("scanHistory by week and by month", async () => {
    const month = berlinMonth(now);
    for (const scope of [undefined, locs[1]!.id]) {
      const weeks = await get(`scanHistory?${query(month, scope)}&period=week`);
      expect(weeks).toHaveLength(12);
      expect(weeks.at(-1).start).toBe(weekStart(berlinDay(now)));
      for (const w of weeks) {
        const expected = raw.filter(
          (s) => inScope(s, scope) && s.kind === "collect" && weekStart(berlinDay(s.created_at)) === w.start,
        ).length;
        expect(w.scans, w.start).toBe(expected);
      }
      const byMonth = await get(`scanHistory?${query(addMonths(month, -2), scope)}&period=month`);
      expect(byMonth.map((m: { scans: number }) => m.scans)).toEqual(
        last12(addMonths(month, -2)).map(
          (m) => raw.filter((s) => inScope(s, scope) && s.kind === "collect" && monthOf(s) === m).length,
        ),
      );
    }
  });

  it("chosen sets of own locations: scans by week and key figures add up their locations", async () => {
    const month = berlinMonth(now);
    // Two of three locations read per location; all three read as the whole company would.
    for (const set of [[locs[0]!.id, locs[2]!.id], locs.map((l) => l.id)]) {
      const inSet = (s: RawScan) => set.includes(s.location_id);
      const weeks = await get(
        `scanHistory?month=${month.slice(0, 7)}&locations=${set.join(",")}&period=week`,
      );
      for (const w of weeks) {
        const expected = raw.filter(
          (s) => inSet(s) && s.kind === "collect" && weekStart(berlinDay(s.created_at)) === w.start,
        );
        expect(w.scans, `${set} ${w.start}`).toBe(expected.length);
      }
      const data = await get(`stats?month=${month.slice(0, 7)}&locations=${set.join(",")}`);
      const collects = raw.filter((s) => inSet(s) && s.kind === "collect");
      const from = hourStart(now).getTime() - 23 * 3_600_000;
      expect(data.scanFrequency).toMatchObject({
        total: collects.length,
        last24h: collects.filter((s) => s.created_at.getTime() >= from).length,
        since: raw
          .filter(inSet)
          .map((s) => berlinDay(s.created_at))
          .sort()[0],
      });
      // Customers per location, summed: a customer of two chosen locations counts twice.
      const perLocation = set.map(
        (id) =>
          new Set(raw.filter((s) => s.location_id === id && monthOf(s) === month).map((s) => s.app_user_id))
            .size,
      );
      expect(data.customers.active).toBe(perLocation.reduce((a, b) => a + b, 0));
    }
  });

  it("pointBalance per location and the months available", async () => {
    const month = addMonths(berlinMonth(now), -1);
    const data = await get(`pointBalance?${query(month, undefined)}`);
    expect(data.locations).toHaveLength(3);
    for (const row of data.locations) {
      const here = raw.filter((s) => s.location_id === row.id && monthOf(s) === month);
      const collected = here.filter((s) => s.kind === "collect").length;
      const redeemed = here.filter((s) => s.kind === "redeem").reduce((sum, s) => sum - s.points, 0);
      expect(row).toMatchObject({
        cardsRedeemed: here.filter((s) => s.kind === "redeem").length,
        pointsCollected: collected,
        pointsRedeemed: redeemed,
        difference: collected - redeemed,
      });
    }
    const one = await get(`pointBalance?${query(month, locs[2]!.id)}`);
    expect(one.locations.map((l: { id: number }) => l.id)).toEqual([locs[2]!.id]);
    const available = await get("pointBalance/available");
    // The months with scans, and the current one even before its first scan (early on the 1st).
    const months = new Set([...raw.map((s) => monthOf(s).slice(0, 7)), berlinMonth(now).slice(0, 7)]);
    expect(available.months).toEqual([...months].sort().reverse());
    expect(available.locations.map((l: { id: number }) => l.id).sort()).toEqual(locs.map((l) => l.id).sort());
  });

  it("topCustomers: the most collections, each by their number at the partner (nobody shares here)", async () => {
    const counts = new Map<number, number>();
    for (const s of raw)
      if (s.kind === "collect") counts.set(s.app_user_id, (counts.get(s.app_user_id) ?? 0) + 1);
    // Numbers count the customers in the order they first came: 1, 2, 3 …
    const order = [...new Set(raw.map((s) => s.app_user_id))];
    const byNumber = new Map(order.map((user, i) => [i + 1, user]));
    const top = await get("topCustomers");
    expect(top.map((c: { collects: number }) => c.collects)).toEqual(
      [...counts.values()].sort((a, b) => b - a).slice(0, 10),
    );
    for (const c of top) {
      expect(c.customer.name).toBeNull();
      expect(counts.get(byNumber.get(c.customer.number)!)).toBe(c.collects);
    }
    expect(JSON.stringify(top)).not.toMatch(/0x[0-9a-f]/i);
  });

  it("a scan through the API shows in the numbers at once", async () => {
    // A partner of its own: the generated partner's numbers stay those of the raw scans.
    const own = await livePartner(t);
    const ownStats = async () =>
      (await t.inject({ url: "/api/v2/dashboard/stats", headers: own.headers })).json().data;
    expect((await scan(t, await appCustomer(t), own.scanCode)).statusCode).toBe(201);
    const before = await ownStats();
    const kim = await appCustomer(t);
    const res = await t.inject({
      method: "POST",
      url: "/api/app/scan",
      headers: kim.headers,
      payload: { code: own.scanCode },
    });
    expect(res.statusCode).toBe(201);
    const after = await ownStats();
    expect(after.scans).toBe(before.scans + 1);
    expect(after.scanFrequency.last24h).toBe(before.scanFrequency.last24h + 1);
    expect(after.cardOwners).toBe(before.cardOwners + 1);
    expect(after.customers.new).toBe(before.customers.new + 1);
  });
});

describe("statistics of one partner are never another's", () => {
  it("another partner sees its own empty numbers; a foreign location is 404; signed out is 401", async () => {
    const other = await livePartner(t);
    const res = await t.inject({ url: "/api/v2/dashboard/stats", headers: other.headers });
    expect(res.json().data).toMatchObject({
      scans: 0,
      cardOwners: 0,
      outstanding: { fullCards: 0, openPoints: 0, points: 0 },
    });
    const paths = [
      "stats",
      "scanHistory",
      "redeemHistory",
      "redeemDilution",
      "customerHistory",
      "pointBalance",
      "fraud",
    ];
    for (const path of paths) {
      const foreign = await t.inject({
        url: `/api/v2/dashboard/${path}?location=${locs[0]!.id}`,
        headers: other.headers,
      });
      expect(foreign.statusCode, path).toBe(404);
      expect((await t.inject({ url: `/api/v2/dashboard/${path}` })).statusCode, path).toBe(401);
    }
    const top = await t.inject({ url: "/api/v2/dashboard/topCustomers", headers: other.headers });
    expect(top.json().data).toEqual([]);
    const available = await t.inject({
      url: "/api/v2/dashboard/pointBalance/available",
      headers: other.headers,
    });
    expect(available.json().data.locations.map((l: { id: number }) => l.id)).toEqual([other.locationId]);
    const fraud = await t.inject({ url: "/api/v2/dashboard/fraud", headers: other.headers });
    expect(fraud.json().data).toEqual([]);
  });

  it("bad selections answer 422 with a message in the request's language", async () => {
    const res = await t.inject({
      url: "/api/v2/dashboard/stats?month=2026-13",
      headers: { ...partner.headers, "content-language": "en" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.month[0]).toMatch(/YYYY-MM/);
    const bad = await t.inject({
      url: "/api/v2/dashboard/scanHistory?period=year",
      headers: partner.headers,
    });
    expect(bad.statusCode).toBe(422);
  });

  it("the average receipt setting changes the estimated extra revenue", async () => {
    // A partner of its own with a returning customer: the generated partner keeps the default.
    const own = await livePartner(t);
    const regular = await appCustomer(t);
    // First seen two months ago, so returning this month.
    for (const at of [new Date(now.getTime() - 70 * 86_400_000), now]) {
      await collectPoint(t.db, regular.id, { code: own.scanCode, method: "qr" }, { at });
    }
    const ownStats = async () =>
      (await t.inject({ url: "/api/v2/dashboard/stats", headers: own.headers })).json().data;
    const before = await ownStats();
    expect(before.sales).toBeGreaterThan(0);
    const put = await t.inject({
      method: "PUT",
      url: "/api/v2/dashboard/stats/settings",
      headers: own.headers,
      payload: { average_receipt_cents: 1250 },
    });
    expect(put.statusCode).toBe(200);
    const after = await ownStats();
    expect(after.averageReceiptIsDefault).toBe(false);
    expect(after.sales).toBe((before.sales / DEFAULT_AVERAGE_RECEIPT_CENTS) * 1250);
    const bad = await t.inject({
      method: "PUT",
      url: "/api/v2/dashboard/stats/settings",
      headers: own.headers,
      payload: { average_receipt_cents: -5 },
    });
    expect(bad.statusCode).toBe(422);
  });

  it("a partner without a card yet can still set the average receipt: it is kept", async () => {
    const fresh = await signedInPartner(t);
    await t.db.execute(sql`delete from partner_profiles where company_id = ${companyIdOf(fresh)}`);
    const put = await t.inject({
      method: "PUT",
      url: "/api/v2/dashboard/stats/settings",
      headers: fresh.headers,
      payload: { average_receipt_cents: 990 },
    });
    expect(put.statusCode).toBe(200);
    const stats = await t.inject({ url: "/api/v2/dashboard/stats", headers: fresh.headers });
    expect(stats.json().data).toMatchObject({ averageReceiptCents: 990, averageReceiptIsDefault: false });
  });
});

// A master's network and chosen sets of locations (docs/decisions/008-franchise-model.md, section 4)
// against a naive recomputation from the raw scans of the master and two franchisees.
describe("network and chosen locations equal a naive recomputation", () => {
  type Live = Awaited<ReturnType<typeof livePartner>>;
  let master: Live;
  let north: Live;
  let south: Live;
  let stranger: Live;
  let foreignFranchisee: Live;
  let netRaw: (RawScan & { company_id: number })[] = [];

  const joinAsFranchisee = async (franchisee: Live, masterOf: Live) => {
    await t.db.execute(sql`
      update companies set type = 'slave', master_id = ${masterOf.user.company.id}, franchise_joined_at = now()
      where id = ${franchisee.user.company.id}`);
  };

  beforeAll(async () => {
    [master, north, south, stranger, foreignFranchisee] = [
      await livePartner(t),
      await livePartner(t),
      await livePartner(t),
      await livePartner(t),
      await livePartner(t),
    ];
    // The network exists before its first scan (a franchisee joins by invitation, then scans).
    await t.db.execute(
      sql`update companies set type = 'master' where id in (${master.user.company.id}, ${stranger.user.company.id})`,
    );
    await joinAsFranchisee(north, master);
    await joinAsFranchisee(south, master);
    await joinAsFranchisee(foreignFranchisee, stranger);
    const members = [master, north, south];
    for (const p of members) await setStaffPin(t, p, p.locationId, PIN, { count: 3, hours: 24 });

    const random = prng(20261125);
    const customers: Customer[] = [];
    for (let i = 0; i < 12; i++) customers.push(await appCustomer(t));
    const span = 130 * 86_400_000;
    const moments = Array.from({ length: 260 }, () => now.getTime() - Math.floor(random() ** 0.8 * span))
      .sort((a, b) => a - b)
      .map((ms) => new Date(ms));
    for (const at of moments) {
      // Customers visit several companies of the network: distinct counts differ from sums.
      const customer = customers[Math.floor(random() ** 1.5 * customers.length)]!;
      const p = members[Math.floor(random() * members.length)]!;
      const method: "nfc" | "qr" = random() < 0.4 ? "nfc" : "qr";
      try {
        await collectPoint(
          t.db,
          customer.id,
          { code: p.scanCode, method, pin: random() < 0.5 ? PIN : undefined },
          { at },
        );
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "card_full") await redeemCard(t.db, customer.id, { code: p.scanCode, pin: PIN }, { at });
        else if (code !== "pin_required") throw error;
      }
    }
    // The foreign network scans too: none of it may reach the master's figures.
    await collectPoint(
      t.db,
      customers[0]!.id,
      { code: foreignFranchisee.scanCode, method: "qr" },
      { at: now },
    );
    netRaw = rowsOf<RawScan & { company_id: number; created_at: string | Date }>(
      await t.db.execute(sql`
        select company_id::int, location_id::int, app_user_id::int, kind, points, method, with_pin, created_at
        from scans where company_id in (${master.user.company.id}, ${north.user.company.id}, ${south.user.company.id})
        order by id`),
    ).map((r) => ({ ...r, created_at: new Date(r.created_at) }));
  }, 120_000);

  const getAs = async (who: Live, path: string) => {
    const res = await t.inject({ url: `/api/v2/dashboard/${path}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  /**
   * The figures the dashboard states for scans `of` in `month`, where customers are distinct
   * within each of `groups` (the network: one group; a chosen set: one per location) and summed.
   */
  function expected(month: string, groups: ((s: RawScan) => boolean)[]) {
    let active = 0;
    let fresh = 0;
    let returning = 0;
    let owners = 0;
    let returningCollects = 0;
    for (const inGroup of groups) {
      const first = new Map<number, string>();
      for (const s of netRaw)
        if (inGroup(s) && !first.has(s.app_user_id)) first.set(s.app_user_id, monthOf(s));
      const here = netRaw.filter((s) => inGroup(s) && monthOf(s) === month);
      const users = new Set(here.map((s) => s.app_user_id));
      active += users.size;
      fresh += [...users].filter((u) => first.get(u) === month).length;
      returning += [...users].filter((u) => isReturningCustomer(first.get(u)!, month)).length;
      owners += [...first.values()].filter((m) => m <= month).length;
      returningCollects += here.filter(
        (s) => s.kind === "collect" && isReturningCustomer(first.get(s.app_user_id)!, month),
      ).length;
    }
    const all = netRaw.filter((s) => groups.some((g) => g(s)));
    const inMonth = all.filter((s) => monthOf(s) === month);
    const collects = inMonth.filter((s) => s.kind === "collect");
    return {
      month: month.slice(0, 7),
      cardOwners: owners,
      scans: collects.length,
      cardsRedeemed: inMonth.filter((s) => s.kind === "redeem").length,
      sales: returningCollects * DEFAULT_AVERAGE_RECEIPT_CENTS,
      pointOrigin: {
        nfc: collects.filter((s) => s.method === "nfc").length,
        qr: collects.filter((s) => s.method === "qr").length,
        withPin: collects.filter((s) => s.with_pin).length,
      },
      customers: { active, new: fresh, returning },
      scanFrequency: {
        month: collects.length,
        total: all.filter((s) => s.kind === "collect").length,
        since: all.map((s) => berlinDay(s.created_at)).sort()[0] ?? null,
        last24h: all.filter(
          (s) => s.kind === "collect" && s.created_at.getTime() >= hourStart(now).getTime() - 23 * 3_600_000,
        ).length,
      },
    };
  }

  const months = () => [berlinMonth(now), addMonths(berlinMonth(now), -1), addMonths(berlinMonth(now), -3)];

  it("generated a network where customers visit several companies", () => {
    expect(netRaw.filter((s) => s.kind === "collect").length).toBeGreaterThan(150);
    expect(netRaw.some((s) => s.kind === "redeem")).toBe(true);
    const companiesPerCustomer = new Map<number, Set<number>>();
    for (const s of netRaw) {
      companiesPerCustomer.set(
        s.app_user_id,
        (companiesPerCustomer.get(s.app_user_id) ?? new Set()).add(s.company_id),
      );
    }
    expect([...companiesPerCustomer.values()].some((c) => c.size > 1)).toBe(true);
  });

  it("scope=network: key figures, customers counted once across the network", async () => {
    for (const month of months()) {
      const data = await getAs(master, `stats?month=${month.slice(0, 7)}&scope=network`);
      expect(data).toMatchObject({
        ...expected(month, [() => true]),
        scope: "network",
        locations: null,
        location: null,
      });
    }
  });

  it("scope=network: points distribution and outstanding rewards summed over the network's cards", async () => {
    const balances = new Map<string, number>();
    for (const s of netRaw) {
      const key = `${s.company_id}|${s.app_user_id}`;
      balances.set(key, (balances.get(key) ?? 0) + s.points);
    }
    const data = await getAs(master, "stats?scope=network");
    const values = [...balances.values()];
    expect(data.maxPoints).toBe(MAX);
    expect(data.pointsDistribution).toEqual(
      Array.from({ length: MAX + 1 }, (_, p) => ({ points: p, cards: values.filter((b) => b === p).length })),
    );
    expect(data.outstanding).toEqual({
      fullCards: values.reduce((a, b) => a + Math.floor(b / MAX), 0),
      openPoints: values.reduce((a, b) => a + (b % MAX), 0),
      points: values.reduce((a, b) => a + b, 0),
    });
  });

  it("scope=network: 12-month histories and the point balance of every network location", async () => {
    const month = berlinMonth(now);
    const [customers, redeems, byMonth, balance] = await Promise.all([
      getAs(master, "customerHistory?scope=network"),
      getAs(master, "redeemHistory?scope=network"),
      getAs(master, "scanHistory?scope=network&period=month"),
      getAs(master, `pointBalance?scope=network&month=${month.slice(0, 7)}`),
    ]);
    expect(customers).toEqual(
      last12(month).map((m) => {
        const e = expected(m, [() => true]);
        return {
          month: m.slice(0, 7),
          newCustomers: e.customers.new,
          returningCustomers: e.customers.returning,
        };
      }),
    );
    expect(redeems).toEqual(
      last12(month).map((m) => ({
        month: m.slice(0, 7),
        cardsRedeemed: expected(m, [() => true]).cardsRedeemed,
      })),
    );
    expect(byMonth.map((m: { scans: number }) => m.scans)).toEqual(
      last12(month).map((m) => expected(m, [() => true]).scans),
    );
    expect(
      balance.locations.map(
        (l: { id: number; kind: string; companyName: string; pointsCollected: number }) => [
          l.id,
          l.kind,
          l.companyName,
          l.pointsCollected,
        ],
      ),
    ).toEqual(
      [master, ...[north, south].sort((a, b) => a.user.company.name.localeCompare(b.user.company.name))].map(
        (p, i) => [
          p.locationId,
          i === 0 ? "own" : "franchise",
          p.user.company.name,
          netRaw.filter((s) => s.location_id === p.locationId && monthOf(s) === month && s.kind === "collect")
            .length,
        ],
      ),
    );
  });

  it("locations=: a chosen set across companies sums its locations' figures (customers per location)", async () => {
    const set = [master.locationId, south.locationId];
    const groups = set.map((id) => (s: RawScan) => s.location_id === id);
    for (const month of months()) {
      for (const scope of ["own", "network"]) {
        const data = await getAs(
          master,
          `stats?month=${month.slice(0, 7)}&scope=${scope}&locations=${set.join(",")}`,
        );
        expect(data).toMatchObject({
          ...expected(month, groups),
          locations: [...set].sort((a, b) => a - b),
          location: null,
        });
      }
    }
    // One location, by the list or by the alias, is that location's figures.
    const one = expected(berlinMonth(now), [groups[1]!]);
    expect(await getAs(master, `stats?locations=${south.locationId}`)).toMatchObject({
      ...one,
      location: south.locationId,
    });
    expect(await getAs(master, `stats?location=${south.locationId}`)).toMatchObject(one);
    const balance = await getAs(master, `pointBalance?locations=${set.join(",")}`);
    expect(balance.locations.map((l: { id: number }) => l.id)).toEqual(set);
  });

  it("a franchisee's customers never reach the master: its fraud events and top customers stay its own", async () => {
    // A network of its own, so the scans here change no other test's numbers.
    const boss = await livePartner(t);
    const shop = await livePartner(t);
    await t.db.execute(sql`update companies set type = 'master' where id = ${boss.user.company.id}`);
    await joinAsFranchisee(shop, boss);
    await setStaffPin(t, shop, shop.locationId, PIN, { count: 2, hours: 24 });
    const [guest, regular] = [await appCustomer(t), await appCustomer(t)];
    await collectPoint(t.db, guest.id, { code: boss.scanCode, method: "qr" }, { at: now });
    const day = new Date(now.getTime() - 2 * 3_600_000);
    for (let i = 0; i < UNUSUAL_DAILY_COLLECTS; i++) {
      await collectPoint(
        t.db,
        regular.id,
        { code: shop.scanCode, method: "qr", pin: PIN },
        { at: new Date(day.getTime() + i * 60_000) },
      );
    }
    const own = await getAs(shop, "fraud");
    expect(own.some((f: { location: { id: number } }) => f.location.id === shop.locationId)).toBe(true);
    for (const query of [
      "scope=network",
      `locations=${shop.locationId}`,
      `locations=${shop.locationId},${boss.locationId}`,
    ]) {
      expect(await getAs(boss, `fraud?${query}`), query).toEqual([]);
    }
    // The network's figures count the franchisee's customer; the lists name only the master's own.
    expect((await getAs(boss, "stats?scope=network")).customers.active).toBe(2);
    const top = await getAs(boss, "topCustomers");
    expect(top.map((c: { collects: number }) => c.collects)).toEqual([1]);
    const pdf = await t.inject({ url: "/api/v2/dashboard/stats/pdf?scope=network", headers: boss.headers });
    expect(pdf.statusCode).toBe(200);
  });

  it("refuses what the caller may not see: 422 bad lists, 403 network for non-masters, 404 foreign ids", async () => {
    const status = async (who: Live, query: string, lang = "en") => {
      const res = await t.inject({
        url: `/api/v2/dashboard/stats?${query}`,
        headers: { ...who.headers, "content-language": lang },
      });
      return { code: res.statusCode, body: res.json() };
    };
    for (const bad of [
      "locations=",
      "locations=abc",
      "locations=1,,2",
      "locations=0",
      "locations=-3",
      "locations=99999999999999999",
    ]) {
      const res = await status(master, bad);
      expect(res.code, bad).toBe(422);
      expect(res.body.errors.locations, bad).toEqual(["Please choose locations from the list."]);
    }
    const tooMany = await status(
      master,
      `locations=${Array.from({ length: 1001 }, (_, i) => i + 1).join(",")}`,
      "de",
    );
    expect(tooMany.code).toBe(422);
    expect(tooMany.body.errors.locations).toEqual(["Bitte wählen Sie höchstens 1.000 Standorte."]);
    const scope = await status(master, "scope=everything");
    expect(scope.code).toBe(422);
    expect(scope.body.errors.scope).toBeDefined();

    for (const who of [north, foreignFranchisee]) {
      const res = await status(who, "scope=network");
      expect(res.code).toBe(403);
      expect(res.body.code).toBe("not_a_master");
    }
    // A plain partner is no master either.
    const plain = await livePartner(t);
    expect((await status(plain, "scope=network")).code).toBe(403);
    // A master sees its network's numbers; a master of no franchisee, only its own.
    expect((await status(stranger, "scope=network")).code).toBe(200);

    const foreign: [Live, number[]][] = [
      [master, [foreignFranchisee.locationId]],
      [master, [stranger.locationId]],
      [master, [master.locationId, foreignFranchisee.locationId]],
      [master, [plain.locationId]],
      [master, [2 ** 40]],
      [north, [master.locationId]],
      [north, [south.locationId]],
      [north, [north.locationId, south.locationId]],
      [stranger, [north.locationId]],
      [plain, [master.locationId]],
    ];
    const paths = [
      "stats",
      "scanHistory",
      "redeemHistory",
      "redeemDilution",
      "customerHistory",
      "pointBalance",
      "fraud",
      "stats/pdf",
    ];
    for (const [who, ids] of foreign) {
      for (const path of paths) {
        const res = await t.inject({
          url: `/api/v2/dashboard/${path}?locations=${ids.join(",")}`,
          headers: who.headers,
        });
        expect(res.statusCode, `${path} ${ids}`).toBe(404);
      }
    }
    // Each franchisee still reads its own location, and the master both of its franchisees'.
    expect((await status(north, `locations=${north.locationId}`)).code).toBe(200);
    expect((await status(master, `locations=${north.locationId},${south.locationId}`)).code).toBe(200);
  });
});
