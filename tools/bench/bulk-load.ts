import { sql } from "drizzle-orm";
import type { Config } from "../../apps/api/src/config.ts";
import { type Database, rowsOf } from "../../apps/api/src/db/client.ts";
import { createLivePartner } from "../../apps/api/src/db/seed/accounts.ts";
import { rebuildAggregates } from "../../apps/api/src/modules/stats/rebuild.ts";
import { SIMULATED_PARTNER_PASSWORD, simulatedPartner } from "../simulate/partners.ts";
import type { BenchDatabase } from "./database.ts";
import { arrayLiteral } from "./ingest.ts";

export interface BulkLoadResult {
  companyId: number;
  locationIds: number[];
  login: { email: string; password: string };
  scans: number;
  customers: number;
  seconds: {
    partner: number;
    customers: number;
    scans: number;
    indexes: number;
    cards: number;
    rebuild: number;
  };
}

/** Scans per customer on average in the generated mix (see the persona mix below; measured). */
const SCANS_PER_CUSTOMER = 15.6;
/** Customers are loaded in batches of this many (progress, and bounded statements). */
const BATCH = 20_000;

/**
 * One partner (a franchisor) with `locations` locations and about `scans` scans of the last
 * year, loaded with set-based SQL instead of through the scan service (which would take hours):
 * app customers, their scans in time order (collections, and a redemption after every full card,
 * so balances and cards are consistent), cards, fraud events; then the aggregates are built with
 * rebuildAggregates(). Customer u is, by a hash of u: a one-off visitor (40 %, 1-2 scans), an
 * occasional one (40 %, 3-20) or a regular (20 %, 40-159), mostly at a home location.
 */
export async function bulkLoadPartner(
  bench: BenchDatabase,
  config: Config,
  opts: { scans: number; locations: number },
  log: (line: string) => void,
): Promise<BulkLoadResult> {
  const db = bench.handle.db;
  const seconds = { partner: 0, customers: 0, scans: 0, indexes: 0, cards: 0, rebuild: 0 };
  let phase = performance.now();
  const lap = () => {
    const s = (performance.now() - phase) / 1000;
    phase = performance.now();
    return Math.round(s * 10) / 10;
  };

  const partner = simulatedPartner(7, 9_001, { locations: opts.locations, master: true });
  const companyId = await createLivePartner(db, partner, undefined, config);
  const locationIds = rowsOf<{ id: number }>(
    await db.execute(sql`select id::int from locations where company_id = ${companyId} order by id`),
  ).map((r) => r.id);
  const [{ points }] = rowsOf<{ points: number }>(
    await db.execute(sql`select points from partner_profiles where company_id = ${companyId}`),
  ) as [{ points: number }];
  seconds.partner = lap();
  log(
    `${bench.label}: partner with ${locationIds.length} locations (card of ${points} points): ${seconds.partner} s`,
  );

  const customers = Math.max(1, Math.round(opts.scans / SCANS_PER_CUSTOMER));
  await db.execute(sql`
    insert into app_users (email, first_name, surname, wallet_address, locale)
    select 'bulk-' || g || '@example.com', 'Kundin', 'Nr. ' || g, '0x' || md5('bulk' || g) || substr(md5(g || 'bulk'), 1, 8), 'de'
    from generate_series(1, ${customers}::int) g`);
  const [{ first }] = rowsOf<{ first: number }>(
    await db.execute(sql`select min(id)::int as first from app_users where email like 'bulk-%@example.com'`),
  ) as [{ first: number }];
  seconds.customers = lap();
  log(`${bench.label}: ${customers} customers: ${seconds.customers} s`);

  const scans = await loadScansAndCards(
    bench,
    {
      locationIds,
      companyOfLocation: locationIds.map(() => companyId),
      companyIds: [companyId],
      points,
      firstCustomer: first,
      customers,
    },
    seconds,
    lap,
    log,
  );
  await insertFraudEvents(db, companyId, locationIds, first, customers);
  await analyzeLoad(db);
  seconds.cards += lap();

  await rebuildAggregates(db, companyId);
  await analyzeAggregates(db);
  seconds.rebuild = lap();
  log(`${bench.label}: rebuildAggregates: ${seconds.rebuild} s`);
  return {
    companyId,
    locationIds,
    login: { email: partner.login.email, password: SIMULATED_PARTNER_PASSWORD },
    scans,
    customers,
    seconds,
  };
}

/**
 * The scans of `customers` app customers (ids from `firstCustomer`) at the given locations with
 * set-based SQL, then the cards they leave. Customer u is, by a hash of u: a one-off visitor (40 %,
 * 1-2 scans), an occasional one (40 %, 3-20) or a regular (20 %, 40-159); 85 % of their scans at a
 * home location, the rest at another location of the home location's company (a card is per
 * company, so every customer stays with one company and balances and cards are consistent).
 * Redemptions follow every full card of `points` (the same card size at every company).
 */
async function loadScansAndCards(
  bench: BenchDatabase,
  opts: {
    locationIds: number[];
    /** The company of each location, in the order of locationIds (a company's locations together). */
    companyOfLocation: number[];
    companyIds: number[];
    points: number;
    firstCustomer: number;
    customers: number;
  },
  seconds: { scans: number; indexes: number; cards: number },
  lap: () => number,
  log: (line: string) => void,
): Promise<number> {
  const db = bench.handle.db;
  const { locationIds, companyOfLocation, customers } = opts;
  // Where each location's company's locations start in the list, and how many it has (1-based).
  const groupFirst: number[] = [];
  const groupSize: number[] = [];
  for (let i = 0; i < locationIds.length; i++) {
    const c = companyOfLocation[i]!;
    const start = companyOfLocation.indexOf(c);
    groupFirst.push(start + 1);
    groupSize.push(companyOfLocation.lastIndexOf(c) - start + 1);
  }
  // Secondary indexes are built once after the load: far cheaper than maintaining them row by row.
  const indexes = rowsOf<{ indexname: string; indexdef: string }>(
    await db.execute(sql`
      select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'scans' and indexname <> 'scans_pkey'`),
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.indexname}`));

  const locs = sql`${arrayLiteral(locationIds)}::bigint[]`;
  const comps = sql`${arrayLiteral(companyOfLocation)}::bigint[]`;
  const firsts = sql`${arrayLiteral(groupFirst)}::int[]`;
  const sizes = sql`${arrayLiteral(groupSize)}::int[]`;
  const L = locationIds.length;
  const P = opts.points;
  const first = opts.firstCustomer;
  for (let from = 0; from < customers; from += BATCH) {
    const to = Math.min(customers, from + BATCH) - 1;
    await db.execute(sql`
      insert into scans (company_id, location_id, app_user_id, kind, points, balance, method, with_pin, created_at)
      select (${comps})[x.loc], (${locs})[x.loc],
        ${first}::bigint + c.u,
        case when k % ${P + 1}::int = ${P}::int then 'redeem' else 'collect' end,
        case when k % ${P + 1}::int = ${P}::int then ${-P}::int else 1 end,
        case when k % ${P + 1}::int = ${P}::int then 0 else k % ${P + 1}::int + 1 end,
        case when s.h % 4 = 0 then 'nfc' else 'qr' end,
        k % ${P + 1}::int = ${P}::int or s.h % 40 = 1,
        a.at
      from (
        -- The customer's window [s0, s0 + w] falls anywhere from before the year to today, so the
        -- year has the same traffic throughout; the part inside the year keeps its share of scans.
        select u, home, greatest(0, s0) as day0, least(363, s0 + w) - greatest(0, s0) + 1 as w,
          greatest(1, round(n * (least(363, s0 + w) - greatest(0, s0) + 1)::numeric / w))::int as n,
          date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '363 days' as start
        from (select persona.*, (h / 13) % (364 + w) - w as s0 from (
          select u, p.h, 1 + (p.h / 17) % ${L}::int as home,
            case when p.h % 100 < 40 then 1 + (p.h / 100) % 2
                 when p.h % 100 < 80 then 3 + (p.h / 100) % 18
                 else 40 + (p.h / 100) % 120 end as n,
            case when p.h % 100 < 40 then 1 + (p.h / 7) % 60
                 when p.h % 100 < 80 then 30 + (p.h / 7) % 300
                 else 120 + (p.h / 7) % 240 end as w
          from generate_series(${from}::int, ${to}::int) u,
            lateral (select hashint4(u) & 2147483647 as h) p
        ) persona) windows
      ) c
      cross join lateral generate_series(0, c.n - 1) k
      cross join lateral (select hashint8((c.u::bigint << 20) + k) & 2147483647 as h) s
      cross join lateral (
        select case when s.h % 100 < 85 then c.home
          else (${firsts})[c.home] + (s.h / 128) % (${sizes})[c.home] end as loc
      ) x
      -- 12 opening hours a day (06:00-18:00 UTC), the customer's scans spread over their window in order.
      cross join lateral (select floor((k + (s.h % 500) / 1000.0) * c.w * 43200.0 / c.n)::bigint as b) t
      cross join lateral (
        select c.start + make_interval(days => c.day0 + (t.b / 43200)::int, secs => t.b % 43200) + interval '6 hours' as at
      ) a
      where a.at <= now()`);
    if ((to + 1) % (BATCH * 5) === 0 || to + 1 === customers) {
      log(`${bench.label}:   scans of ${to + 1}/${customers} customers`);
    }
  }
  const companies = sql`${arrayLiteral(opts.companyIds)}::bigint[]`;
  const [{ scans }] = rowsOf<{ scans: number }>(
    await db.execute(sql`select count(*)::int as scans from scans where company_id = any(${companies})`),
  ) as [{ scans: number }];
  seconds.scans = lap();
  log(`${bench.label}: ${scans} scans: ${seconds.scans} s`);

  await db.transaction(async (tx) => {
    // PGlite runs in 32-bit WebAssembly memory: a smaller budget there.
    const memory = bench.kind === "postgres" ? "512MB" : "128MB";
    await tx.execute(sql.raw(`set local maintenance_work_mem = '${memory}'`));
    for (const index of indexes) await tx.execute(sql.raw(index.indexdef));
  });
  seconds.indexes = lap();
  log(`${bench.label}: ${indexes.length} indexes on scans rebuilt: ${seconds.indexes} s`);

  await db.execute(sql`
    insert into cards (company_id, app_user_id, points, collects, redeems, share_contact, first_scan_at, last_scan_at,
      customer_number)
    select company_id, app_user_id,
      (count(*) filter (where kind = 'collect') - count(*) filter (where kind = 'redeem') * ${P}::int)::int,
      count(*) filter (where kind = 'collect')::int, count(*) filter (where kind = 'redeem')::int,
      (hashint8(app_user_id) & 2147483647) % 10 < 3, min(created_at), max(created_at),
      row_number() over (partition by company_id order by min(created_at), app_user_id)
    from scans where company_id = any(${companies})
    group by company_id, app_user_id`);
  // The customer numbers the cards above took, as the first scans would have counted them.
  await db.execute(sql`
    insert into customer_numbers (company_id, last)
    select company_id, coalesce(max(customer_number), 0) from cards where company_id = any(${companies})
    group by company_id`);
  seconds.cards = lap();
  return scans;
}

async function analyzeLoad(db: Database) {
  for (const table of ["scans", "cards", "app_users"]) await db.execute(sql.raw(`analyze ${table}`));
}

async function analyzeAggregates(db: Database) {
  for (const table of ["stats_months", "stats_days", "stats_hours", "stats_points", "stats_customer_seen"]) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}

export interface NetworkLoadResult {
  masterId: number;
  franchiseeIds: number[];
  /** Every location of the network: the master's first, then each franchisee's. */
  locationIds: number[];
  /** The master's login. */
  login: { email: string; password: string };
  scans: number;
  customers: number;
  seconds: {
    partners: number;
    customers: number;
    scans: number;
    indexes: number;
    cards: number;
    rebuild: number;
  };
}

/**
 * A franchise network (docs/decisions/008-franchise-model.md, section 4): a master and
 * `franchisees` franchisees with `locations` locations in all (the master keeps the remainder of an
 * even split), about `scans` scans of the last year loaded as bulkLoadPartner() does, then every
 * company's aggregates and the master's network scope built by rebuildAggregates().
 */
export async function bulkLoadNetwork(
  bench: BenchDatabase,
  config: Config,
  opts: { scans: number; locations: number; franchisees: number },
  log: (line: string) => void,
): Promise<NetworkLoadResult> {
  const db = bench.handle.db;
  const seconds = { partners: 0, customers: 0, scans: 0, indexes: 0, cards: 0, rebuild: 0 };
  let phase = performance.now();
  const lap = () => {
    const s = (performance.now() - phase) / 1000;
    phase = performance.now();
    return Math.round(s * 10) / 10;
  };
  const each = Math.max(1, Math.floor(opts.locations / (opts.franchisees + 1)));
  const own = Math.max(1, opts.locations - each * opts.franchisees);
  const master = simulatedPartner(11, 9_500, { locations: own, master: true });
  const masterId = await createLivePartner(db, master, undefined, config);
  const franchiseeIds: number[] = [];
  for (let i = 1; i <= opts.franchisees; i++) {
    const id = await createLivePartner(
      db,
      simulatedPartner(11, 9_500 + i, { locations: each, master: false }),
      undefined,
      config,
    );
    // Joined before its first scan, as an invitation makes it (decision 008 §1).
    await db.execute(sql`
      update companies set type = 'slave', master_id = ${masterId}, franchise_joined_at = now() where id = ${id}`);
    franchiseeIds.push(id);
  }
  const companyIds = [masterId, ...franchiseeIds];
  const [{ points }] = rowsOf<{ points: number }>(
    await db.execute(sql`select points from partner_profiles where company_id = ${masterId}`),
  ) as [{ points: number }];
  // One card size in the network, so the generated redemptions fit every company's card.
  await db.execute(
    sql`update partner_profiles set points = ${points} where company_id = any(${arrayLiteral(companyIds)}::bigint[])`,
  );
  const located = rowsOf<{ id: number; company_id: number }>(
    await db.execute(sql`
      select id::int, company_id::int from locations where company_id = any(${arrayLiteral(companyIds)}::bigint[])
      order by company_id <> ${masterId}, company_id, id`),
  );
  seconds.partners = lap();
  log(
    `${bench.label}: network of 1 master (${own} locations) and ${opts.franchisees} franchisees (${each} each): ${located.length} locations, ${seconds.partners} s`,
  );

  const customers = Math.max(1, Math.round(opts.scans / SCANS_PER_CUSTOMER));
  await db.execute(sql`
    insert into app_users (email, first_name, surname, wallet_address, locale)
    select 'network-' || g || '@example.com', 'Kundin', 'Nr. ' || g, '0x' || md5('network' || g) || substr(md5(g || 'network'), 1, 8), 'de'
    from generate_series(1, ${customers}::int) g`);
  const [{ first }] = rowsOf<{ first: number }>(
    await db.execute(
      sql`select min(id)::int as first from app_users where email like 'network-%@example.com'`,
    ),
  ) as [{ first: number }];
  seconds.customers = lap();

  const scans = await loadScansAndCards(
    bench,
    {
      locationIds: located.map((l) => l.id),
      companyOfLocation: located.map((l) => l.company_id),
      companyIds,
      points,
      firstCustomer: first,
      customers,
    },
    seconds,
    lap,
    log,
  );
  await analyzeLoad(db);
  lap();
  // The franchisees' own scopes, then the master's with the network (rebuildAggregates).
  for (const id of [...franchiseeIds, masterId]) await rebuildAggregates(db, id);
  await analyzeAggregates(db);
  seconds.rebuild = lap();
  log(
    `${bench.label}: rebuildAggregates of the ${companyIds.length} companies and the network: ${seconds.rebuild} s`,
  );
  return {
    masterId,
    franchiseeIds,
    locationIds: located.map((l) => l.id),
    login: { email: master.login.email, password: SIMULATED_PARTNER_PASSWORD },
    scans,
    customers,
    seconds,
  };
}

/** About 3,000 fraud events over the year (the fraud list reads a month of them). */
async function insertFraudEvents(
  db: Database,
  companyId: number,
  locationIds: number[],
  firstCustomer: number,
  customers: number,
) {
  await db.execute(sql`
    insert into fraud_events (company_id, location_id, app_user_id, rule, day, occurrences, last_at)
    select ${companyId}::bigint, (${arrayLiteral(locationIds)}::bigint[])[1 + g % ${locationIds.length}::int],
      ${firstCustomer}::bigint + (g::bigint * 7919) % ${customers}::int,
      case when g % 3 = 0 then 'unusual_daily' else 'pin_limit' end,
      current_date - g % 365, 1 + g % 6, (current_date - g % 365) + time '12:00'
    from generate_series(1, 3000) g
    on conflict do nothing`);
}
