import { berlinDay, berlinMonth, hourStart } from "@stempla/domain";
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

/** The `month` of stats_customer_seen rows that mark a customer's first visit in a scope. */
export const EVER = "0001-01-01";
/** The aggregates' scope "all locations of the partner". */
export const ALL_LOCATIONS = 0;

export interface ScanFacts {
  /**
   * The values may also be SQL expressions of the caller's statement (the scan's one-statement
   * path reads them from its own CTEs, modules/app/collect-statement.ts).
   */
  companyId: number | SQL;
  locationId: number | SQL;
  appUserId: number | SQL;
  kind: "collect" | "redeem";
  /** Points moved (always positive). */
  points: number;
  method: "nfc" | "qr";
  withPin: boolean;
  /** Points on the card before (null: the card is new) and after the scan. */
  balanceBefore: number | null | SQL;
  balanceAfter: number | SQL;
  at: Date;
  /** Writes nothing unless this SQL condition holds (a statement that may not record the scan). */
  onlyIf?: SQL;
}

/**
 * The aggregates' scope "the whole franchise network", stored under the master's company_id: every
 * scan of the master or of one of its franchisees (docs/decisions/008-franchise-model.md, section 4).
 */
export const NETWORK = -1;

/**
 * Adds one scan to every statistics aggregate, in the scan's own transaction, so the dashboard is
 * exact the moment the scan commits. One statement: each aggregate row is touched for the
 * location, for the scope "all locations" and, when the scan's company is a master or a
 * franchisee, for the master's scope "network". Distinct customers are counted by the insert into
 * stats_customer_seen that succeeds, which stays exact when scans of one customer race.
 * A collection counts as returning in a scope when the customer was seen there in an earlier month
 * (isReturningCustomer in packages/domain, the one definition): the seen rows the statement reads
 * are those from before it, and only earlier months are asked for.
 */
export async function addScanToAggregates(tx: Database, f: ScanFacts): Promise<void> {
  await tx.execute(sql`with ${aggregateWrites(f)} select 1`);
}

/**
 * The writes of addScanToAggregates() as a list of CTEs, for a caller that puts them into its own
 * statement (the scan service records the scan, the card and the aggregates in one round trip).
 * The network scope is looked up in the statement (the company's primary key row), so the
 * statement's text is the same for every scan and stays one prepared statement; a franchisee
 * joins before its first scan and never moves (008 §1), so the lookup at scan time is the history.
 * Rows are written in the order location, all locations, network: the network row is the one
 * every scan of the network shares, so it is locked last and held briefly.
 */
export function aggregateWrites(f: ScanFacts): SQL {
  return aggregateWritesOf(f, aggregateValues(f));
}

/** What a scan adds to the aggregates apart from its ids and balances: derived by aggregateValues(). */
export interface AggregateValues {
  month: string;
  day: string;
  hour: string;
  collect: number;
  redeem: number;
  pointsCollected: number;
  pointsRedeemed: number;
  nfc: number;
  pin: number;
}

export function aggregateValues(
  f: Pick<ScanFacts, "kind" | "points" | "method" | "withPin" | "at">,
): AggregateValues {
  const collect = f.kind === "collect" ? 1 : 0;
  return {
    month: berlinMonth(f.at),
    day: berlinDay(f.at),
    hour: hourStart(f.at).toISOString(),
    collect,
    redeem: 1 - collect,
    pointsCollected: collect * f.points,
    pointsRedeemed: (1 - collect) * f.points,
    nfc: collect && f.method === "nfc" ? 1 : 0,
    pin: collect && f.withPin ? 1 : 0,
  };
}

/**
 * Every value of AggregateValues as a placeholder of its own name, for a statement built once and
 * run with the scan's aggregateValues() (modules/app/collect-statement.ts).
 */
export function aggregatePlaceholders(): { [K in keyof AggregateValues]: Placeholder } {
  return {
    month: sql.placeholder("month"),
    day: sql.placeholder("day"),
    hour: sql.placeholder("hour"),
    collect: sql.placeholder("collect"),
    redeem: sql.placeholder("redeem"),
    pointsCollected: sql.placeholder("pointsCollected"),
    pointsRedeemed: sql.placeholder("pointsRedeemed"),
    nfc: sql.placeholder("nfc"),
    pin: sql.placeholder("pin"),
  };
}

/**
 * The aggregate writes' SQL, the one source of it: aggregateWrites() binds a scan's values,
 * aggregatePlaceholders() leaves them to be bound on every run of a prepared statement.
 */
export function aggregateWritesOf(
  f: Pick<ScanFacts, "companyId" | "locationId" | "appUserId" | "balanceBefore" | "balanceAfter" | "onlyIf">,
  v: { [K in keyof AggregateValues]: AggregateValues[K] | Placeholder },
): SQL {
  const { month, day, hour, collect, redeem, pointsCollected, pointsRedeemed, nfc, pin } = v;
  const c = sql`${f.companyId}::bigint`;
  const l = sql`${f.locationId}::bigint`;
  const u = sql`${f.appUserId}::bigint`;
  const m = sql`${month}::date`;
  const ever = sql`${EVER}::date`;

  const when = f.onlyIf ?? sql`true`;

  return sql`
    stats_scope as (
      select ${c} as company_id, ${l} as location_id, 1 as ord where ${when}
      union all select ${c}, ${ALL_LOCATIONS}::bigint, 2 where ${when}
      union all
      select case when n.type = 'master' then n.id else n.master_id end, ${NETWORK}::bigint, 3
      from companies n where n.id = ${c} and (n.type = 'master' or n.master_id is not null) and ${when}
    ),
    seen as (
      insert into stats_customer_seen (company_id, location_id, app_user_id, month)
      select scope.company_id, scope.location_id, ${u}, period.month
      from stats_scope scope cross join (values (${m}, 1), (${ever}, 2)) as period(month, ord)
      order by scope.ord, period.ord
      on conflict do nothing
      returning company_id, location_id, month
    ),
    months as (
      insert into stats_months as s (company_id, location_id, month, collects, redeems, points_collected,
        points_redeemed, nfc_collects, pin_collects, returning_collects, active_customers, new_customers)
      select scope.company_id, scope.location_id, ${m}, ${collect}::int, ${redeem}::int, ${pointsCollected}::int,
        ${pointsRedeemed}::int, ${nfc}::int, ${pin}::int,
        (${collect}::int = 1 and exists (
          select 1 from stats_customer_seen p
          where p.company_id = scope.company_id and p.location_id = scope.location_id and p.app_user_id = ${u}
            and p.month > ${ever} and p.month < ${m}))::int,
        (select count(*) from seen
          where seen.company_id = scope.company_id and seen.location_id = scope.location_id and seen.month = ${m})::int,
        (select count(*) from seen
          where seen.company_id = scope.company_id and seen.location_id = scope.location_id and seen.month = ${ever})::int
      from stats_scope scope
      order by scope.ord
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
      select scope.company_id, scope.location_id, ${day}::date, ${collect}::int, ${redeem}::int
      from stats_scope scope order by scope.ord
      on conflict (company_id, location_id, day) do update set
        collects = s.collects + excluded.collects, redeems = s.redeems + excluded.redeems
    ),
    hours as (
      insert into stats_hours as s (company_id, location_id, hour, collects)
      select scope.company_id, scope.location_id, ${hour}::timestamptz, ${collect}::int
      from stats_scope scope order by scope.ord
      on conflict (company_id, location_id, hour) do update set collects = s.collects + excluded.collects
    ),
    ${pointsWrite(c, f.balanceBefore, f.balanceAfter, when)}`;
}

/**
 * Moves the card from its old points level to its new one in the distribution. Both rows are
 * written by one insert in ascending order of points, so every scan locks them in the same order:
 * a collect (b -> b+1) and a redemption (max -> 0) racing at one partner cannot deadlock. The
 * order is taken in SQL, so the levels may be SQL expressions and a new card (no old level, null)
 * has the same statement text.
 */
function pointsWrite(c: SQL, before: number | null | SQL, after: number | SQL, when: SQL): SQL {
  return sql`
    card_points as (
      insert into stats_points as s (company_id, points, cards)
      select ${c}, m.points, m.cards from (values (${after}::int, 1), (${before}::int, -1)) as m(points, cards)
      where m.points is not null and ${when}
      order by m.points
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
