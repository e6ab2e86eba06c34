import { berlinDay, berlinMonth, hourStart } from "@stempla/domain";
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

/** The `month` of stats_customer_seen rows that mark a customer's first visit in a scope. */
export const EVER = "0001-01-01";
/** The aggregates' scope "all locations of the partner". */
export const ALL_LOCATIONS = 0;

/** One scan as the transaction path records it (modules/app/scan.ts). */
export interface ScanFacts {
  companyId: number;
  locationId: number;
  appUserId: number;
  kind: "collect" | "redeem";
  /** Points moved (always positive). */
  points: number;
  method: "nfc" | "qr";
  withPin: boolean;
  /** Points on the card before (null: the card is new) and after the scan. */
  balanceBefore: number | null;
  balanceAfter: number;
  at: Date;
}

/**
 * The aggregates' scope "the whole franchise network", stored under the master's company_id: every
 * scan of the master or of one of its franchisees (docs/decisions/008-franchise-model.md, section 4).
 */
export const NETWORK = -1;

/**
 * Adds scans to every statistics aggregate, in the scans' own transaction, so the dashboard is
 * exact the moment they commit. The writes are a list of CTEs for a statement of the caller (the
 * transaction path records one scan, its card and the aggregates in one round trip; the collect
 * statement a batch of scans, modules/app/collect-statement.ts). Each aggregate row is touched
 * for the location, for the scope "all locations" and, when the scan's company is a master or a
 * franchisee, for the master's scope "network". Distinct customers are counted by the insert into
 * stats_customer_seen that succeeds, which stays exact when scans of one customer race.
 * A collection counts as returning in a scope when the customer was seen there in an earlier month
 * (isReturningCustomer in packages/domain, the one definition): the seen rows the statement reads
 * are those from before it, and only earlier months are asked for.
 *
 * The network scope is looked up in the statement (the company's primary key row), so the
 * statement's text is the same for every scan and stays one prepared statement; a franchisee
 * joins before its first scan and never moves (008 §1), so the lookup at scan time is the history.
 * Every write takes its rows in one order, scope (location, all locations, network), then
 * company and location: two statements that share rows lock them in the same order and cannot
 * deadlock, and the network row every scan of a network shares is locked last.
 */
export function aggregateWrites(f: ScanFacts): SQL {
  const collect = f.kind === "collect" ? 1 : 0;
  const facts = sql`
    select ${f.companyId}::bigint as company_id, ${f.locationId}::bigint as location_id,
      ${f.appUserId}::bigint as app_user_id, ${collect}::int as collect, ${1 - collect}::int as redeem,
      ${collect * f.points}::int as points_collected, ${(1 - collect) * f.points}::int as points_redeemed,
      ${collect && f.method === "nfc" ? 1 : 0}::int as nfc, ${collect && f.withPin ? 1 : 0}::int as pin,
      ${f.balanceBefore}::int as balance_before, ${f.balanceAfter}::int as balance_after`;
  return aggregateWritesOf(facts, aggregatePeriods(f.at));
}

/** The Berlin month and day and the UTC hour a scan at `at` is counted in. */
export interface AggregatePeriods {
  month: string;
  day: string;
  hour: string;
}

export function aggregatePeriods(at: Date): AggregatePeriods {
  return { month: berlinMonth(at), day: berlinDay(at), hour: hourStart(at).toISOString() };
}

/**
 * The periods as placeholders of their own names, for a statement built once and run with a
 * batch's aggregatePeriods() (modules/app/collect-statement.ts).
 */
export function periodPlaceholders(): { [K in keyof AggregatePeriods]: Placeholder } {
  return { month: sql.placeholder("month"), day: sql.placeholder("day"), hour: sql.placeholder("hour") };
}

/**
 * The aggregate writes' SQL, the one source of it. `facts` selects one row per scan, all made at
 * the same time (`periods`), with the columns company_id, location_id, app_user_id, collect,
 * redeem, points_collected, points_redeemed, nfc, pin (per scan, 0 or the count) and
 * balance_before (null for a new card), balance_after. At most one scan per card: the points
 * distribution moves each card once.
 */
export function aggregateWritesOf(
  facts: SQL,
  periods: { [K in keyof AggregatePeriods]: AggregatePeriods[K] | Placeholder },
): SQL {
  const m = sql`${periods.month}::date`;
  const ever = sql`${EVER}::date`;

  return sql`
    stats_facts as (${facts}),
    stats_scope as (
      select f.*, f.company_id as scope_company, f.location_id as scope_location, 1 as ord from stats_facts f
      union all select f.*, f.company_id, ${ALL_LOCATIONS}::bigint, 2 from stats_facts f
      union all
      select f.*, case when n.type = 'master' then n.id else n.master_id end, ${NETWORK}::bigint, 3
      from stats_facts f join companies n on n.id = f.company_id
      where n.type = 'master' or n.master_id is not null
    ),
    seen as (
      insert into stats_customer_seen (company_id, location_id, app_user_id, month)
      select company_id, location_id, app_user_id, month from (
        select distinct scope.ord, period.ord as period_ord, scope.scope_company as company_id,
          scope.scope_location as location_id, scope.app_user_id, period.month
        from stats_scope scope cross join (values (${m}, 1), (${ever}, 2)) as period(month, ord)
      ) rows
      order by ord, period_ord, company_id, location_id, app_user_id
      on conflict do nothing
      returning company_id, location_id, month
    ),
    seen_counts as (
      select company_id, location_id, count(*) filter (where month = ${m})::int as active,
        count(*) filter (where month = ${ever})::int as new
      from seen group by company_id, location_id
    ),
    months as (
      insert into stats_months as s (company_id, location_id, month, collects, redeems, points_collected,
        points_redeemed, nfc_collects, pin_collects, returning_collects, active_customers, new_customers)
      select g.scope_company, g.scope_location, ${m}, g.collects, g.redeems, g.points_collected,
        g.points_redeemed, g.nfc, g.pin, g.returning, coalesce(seen_counts.active, 0), coalesce(seen_counts.new, 0)
      from (
        select scope.ord, scope.scope_company, scope.scope_location, sum(scope.collect) as collects,
          sum(scope.redeem) as redeems, sum(scope.points_collected) as points_collected,
          sum(scope.points_redeemed) as points_redeemed, sum(scope.nfc) as nfc, sum(scope.pin) as pin,
          sum((scope.collect = 1 and exists (
            select 1 from stats_customer_seen p
            where p.company_id = scope.scope_company and p.location_id = scope.scope_location
              and p.app_user_id = scope.app_user_id and p.month > ${ever} and p.month < ${m}))::int) as returning
        from stats_scope scope
        group by scope.ord, scope.scope_company, scope.scope_location
      ) g
      left join seen_counts
        on seen_counts.company_id = g.scope_company and seen_counts.location_id = g.scope_location
      order by g.ord, g.scope_company, g.scope_location
      on conflict (company_id, location_id, month) do update set
        collects = s.collects + excluded.collects,
        redeems = s.redeems + excluded.redeems,
        points_collected = s.points_collected + excluded.points_collected,
        points_redeemed = s.points_redeemed + excluded.points_redeemed,
        nfc_collects = s.nfc_collects + excluded.nfc_collects,
        pin_collects = s.pin_collects + excluded.pin_collects,
        returning_collects = s.returning_collects + excluded.returning_collects,
        active_customers = s.active_customers + excluded.active_customers,
        new_customers = s.new_customers + excluded.new_customers
    ),
    days as (
      insert into stats_days as s (company_id, location_id, day, collects, redeems)
      select scope.scope_company, scope.scope_location, ${periods.day}::date, sum(scope.collect), sum(scope.redeem)
      from stats_scope scope
      group by scope.ord, scope.scope_company, scope.scope_location
      order by scope.ord, scope.scope_company, scope.scope_location
      on conflict (company_id, location_id, day) do update set
        collects = s.collects + excluded.collects, redeems = s.redeems + excluded.redeems
    ),
    hours as (
      insert into stats_hours as s (company_id, location_id, hour, collects)
      select scope.scope_company, scope.scope_location, ${periods.hour}::timestamptz, sum(scope.collect)
      from stats_scope scope
      group by scope.ord, scope.scope_company, scope.scope_location
      order by scope.ord, scope.scope_company, scope.scope_location
      on conflict (company_id, location_id, hour) do update set collects = s.collects + excluded.collects
    ),
    ${pointsWrite()}`;
}

/**
 * Moves each card from its old points level to its new one in the distribution, in ascending
 * order of company and points, so every statement locks the rows in the same order: a collect
 * (b -> b+1) and a redemption (max -> 0) racing at one partner cannot deadlock. A new card has no
 * old level (null).
 */
function pointsWrite(): SQL {
  return sql`
    card_points as (
      insert into stats_points as s (company_id, points, cards)
      select company_id, points, sum(cards) from (
        select company_id, balance_after as points, 1 as cards from stats_facts
        union all select company_id, balance_before, -1 from stats_facts
      ) moves
      where points is not null
      group by company_id, points
      order by company_id, points
      on conflict (company_id, points) do update set cards = s.cards + excluded.cards
    )`;
}

/** How long hourly rows are kept (an SQL interval); rebuildAggregates() builds no older ones. */
export const HOURLY_STATS_KEPT = "3 days";

/** Hourly rows only serve "the last 24 hours"; older ones are dropped by the clean-up job. */
export async function pruneHourlyStats(db: Database, now = new Date()): Promise<void> {
  await db.execute(
    sql`delete from stats_hours where hour < ${now.toISOString()}::timestamptz - ${HOURLY_STATS_KEPT}::interval`,
  );
}
