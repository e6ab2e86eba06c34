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
    expect(available.months).toEqual([...new Set(raw.map((s) => monthOf(s).slice(0, 7)))].sort().reverse());
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
