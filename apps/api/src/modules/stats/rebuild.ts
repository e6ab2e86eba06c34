import { sql } from "drizzle-orm";
import { BERLIN } from "../../db/berlin-time.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { ALL_LOCATIONS, EVER, HOURLY_STATS_KEPT, NETWORK } from "./aggregates.ts";

/**
 * Builds a partner's statistics aggregates (stats_months, stats_days, stats_hours, stats_points,
 * stats_customer_seen) from its raw scans and cards with set-based SQL: the rows that
 * aggregateWrites() would have left after the same scans, applied in the order they
 * happened. For bulk-loaded data (the benchmark) and for repairs; a scan of the partner that
 * commits while this runs may be lost from the aggregates, so run it when none arrive.
 *
 * Equivalences (checked by rebuild.test.ts against the incremental path):
 * - a customer is active in every (scope, month) with a scan, and new in the scope's first one;
 * - a collection is "returning" in a scope when its customer's first scan there was in an earlier
 *   month (isReturningCustomer in packages/domain);
 * - hours, days and months are UTC hours and Berlin days and months (Berlin is a whole number of
 *   hours off UTC, so every hour falls into one day); hourly rows are built only for the period the
 *   clean-up job keeps (pruneHourlyStats);
 * - the points distribution counts the cards that saw at least one scan. Rows the incremental path
 *   leaves at 0 cards are not made (they read the same: the service reads cards > 0).
 *
 * A master's network scope (NETWORK) is rebuilt with it (rebuildNetworkAggregates); a franchisee's
 * own scopes only, so after rebuilding franchisees, rebuild their master (or its network).
 */
export async function rebuildAggregates(db: Database, companyId: number, now = new Date()): Promise<void> {
  const c = sql`${companyId}::bigint`;
  const ever = sql`${EVER}::date`;
  await db.transaction(async (tx) => {
    // Sorting and hashing millions of scans: far fewer passes over temporary files.
    await tx.execute(sql`set local work_mem = '256MB'`);
    for (const table of ["stats_months", "stats_days", "stats_hours", "stats_customer_seen"]) {
      await tx.execute(
        sql`delete from ${sql.identifier(table)} where company_id = ${c} and location_id >= ${ALL_LOCATIONS}`,
      );
    }
    await tx.execute(sql`delete from stats_points where company_id = ${c}`);

    // One pass over the scans: every figure per location and UTC hour; days and months add up hours.
    await tx.execute(sql`
      create temporary table rebuild_hours on commit drop as
      select location_id, hour,
        ((hour at time zone 'UTC') at time zone ${BERLIN})::date as day,
        date_trunc('month', (hour at time zone 'UTC') at time zone ${BERLIN})::date as month,
        collects, redeems, points_collected, points_redeemed, nfc_collects, pin_collects
      from (
        select location_id, date_trunc('hour', created_at at time zone 'UTC') as hour,
          count(*) filter (where kind = 'collect')::int as collects,
          count(*) filter (where kind = 'redeem')::int as redeems,
          coalesce(sum(points) filter (where kind = 'collect'), 0)::int as points_collected,
          coalesce(-sum(points) filter (where kind = 'redeem'), 0)::int as points_redeemed,
          count(*) filter (where kind = 'collect' and method = 'nfc')::int as nfc_collects,
          count(*) filter (where kind = 'collect' and with_pin)::int as pin_collects
        from scans where company_id = ${c}
        group by 1, 2
      ) h`);

    // Who was seen where and when: per location and month, then all locations, then "ever".
    await tx.execute(sql`
      insert into stats_customer_seen (company_id, location_id, app_user_id, month)
      select ${c}, location_id, app_user_id, date_trunc('month', created_at at time zone ${BERLIN})::date
      from scans where company_id = ${c}
      group by 2, 3, 4
      order by 2, 3, 4`);
    await tx.execute(sql`
      insert into stats_customer_seen (company_id, location_id, app_user_id, month)
      select ${c}, 0, app_user_id, month from stats_customer_seen
      where company_id = ${c} and location_id > ${ALL_LOCATIONS}
      group by app_user_id, month
      order by app_user_id, month`);
    await tx.execute(sql`
      insert into stats_customer_seen (company_id, location_id, app_user_id, month)
      select ${c}, location_id, app_user_id, ${ever} from stats_customer_seen
      where company_id = ${c} and location_id >= ${ALL_LOCATIONS}
      group by location_id, app_user_id
      order by location_id, app_user_id`);
    await analyzeSeen(tx);

    await tx.execute(sql`
      insert into stats_months (company_id, location_id, month, collects, redeems, points_collected,
        points_redeemed, nfc_collects, pin_collects, returning_collects, active_customers, new_customers)
      with scans_per_month as (
        select coalesce(location_id, 0) as scope, month, sum(collects)::int as collects, sum(redeems)::int as redeems,
          sum(points_collected)::int as points_collected, sum(points_redeemed)::int as points_redeemed,
          sum(nfc_collects)::int as nfc_collects, sum(pin_collects)::int as pin_collects
        from rebuild_hours group by grouping sets ((location_id, month), (month))
      ),
      first_months as (
        select location_id as scope, app_user_id, min(month) as first
        from stats_customer_seen where company_id = ${c} and location_id >= ${ALL_LOCATIONS} and month <> ${ever}
        group by 1, 2
      ),
      returning_collects as (
        select f.scope, s.month, count(*)::int as n
        from (
          select location_id, app_user_id, date_trunc('month', created_at at time zone ${BERLIN})::date as month
          from scans where company_id = ${c} and kind = 'collect'
        ) s
        cross join lateral (values (s.location_id), (0::bigint)) as x(scope)
        join first_months f on f.scope = x.scope and f.app_user_id = s.app_user_id
        where f.first < s.month
        group by 1, 2
      ),
      customers as (
        select location_id as scope, month, count(*)::int as active, count(*) filter (where first)::int as new
        from (
          select location_id, month,
            row_number() over (partition by location_id, app_user_id order by month) = 1 as first
          from stats_customer_seen where company_id = ${c} and location_id >= ${ALL_LOCATIONS} and month <> ${ever}
        ) seen
        group by 1, 2
      )
      select ${c}, s.scope, s.month, s.collects, s.redeems, s.points_collected, s.points_redeemed,
        s.nfc_collects, s.pin_collects, coalesce(r.n, 0), coalesce(k.active, 0), coalesce(k.new, 0)
      from scans_per_month s
      left join returning_collects r on r.scope = s.scope and r.month = s.month
      left join customers k on k.scope = s.scope and k.month = s.month`);

    await tx.execute(sql`
      insert into stats_days (company_id, location_id, day, collects, redeems)
      select ${c}, coalesce(location_id, 0), day, sum(collects)::int, sum(redeems)::int
      from rebuild_hours group by grouping sets ((location_id, day), (day))`);

    await tx.execute(sql`
      insert into stats_hours (company_id, location_id, hour, collects)
      select ${c}, coalesce(location_id, 0), hour at time zone 'UTC', sum(collects)::int
      from rebuild_hours
      where hour at time zone 'UTC' >= ${now.toISOString()}::timestamptz - ${HOURLY_STATS_KEPT}::interval
      group by grouping sets ((location_id, hour), (hour))`);

    await tx.execute(sql`
      insert into stats_points (company_id, points, cards)
      select ${c}, points, count(*)::int from cards
      where company_id = ${c} and collects + redeems > 0
      group by points`);
  });
  const [company] = rowsOf<{ type: string }>(
    await db.execute(sql`select type from companies where id = ${c}`),
  );
  if (company?.type === "master") await rebuildNetworkAggregates(db, companyId, now);
}

/**
 * Builds the master's network scope (NETWORK, under the master's company_id) from the raw scans of
 * the master and its franchisees: the rows aggregateWrites() leaves after the same scans, with
 * the equivalences of rebuildAggregates() over the network as one scope. The network is the
 * master and the companies naming it as master; a franchisee joins before its first scan and
 * never moves (docs/decisions/008-franchise-model.md, section 4), so today's network is the
 * history's. stats_points has no network rows: the service sums the network's companies.
 */
export async function rebuildNetworkAggregates(
  db: Database,
  masterId: number,
  now = new Date(),
): Promise<void> {
  const n = sql`${masterId}::bigint`;
  const scope = sql`${NETWORK}::bigint`;
  const ever = sql`${EVER}::date`;
  const network = sql`(select id from companies where id = ${n} or master_id = ${n})`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '256MB'`);
    for (const table of ["stats_months", "stats_days", "stats_hours", "stats_customer_seen"]) {
      await tx.execute(
        sql`delete from ${sql.identifier(table)} where company_id = ${n} and location_id = ${scope}`,
      );
    }

    await tx.execute(sql`
      create temporary table rebuild_network_hours on commit drop as
      select hour,
        ((hour at time zone 'UTC') at time zone ${BERLIN})::date as day,
        date_trunc('month', (hour at time zone 'UTC') at time zone ${BERLIN})::date as month,
        collects, redeems, points_collected, points_redeemed, nfc_collects, pin_collects
      from (
        select date_trunc('hour', created_at at time zone 'UTC') as hour,
          count(*) filter (where kind = 'collect')::int as collects,
          count(*) filter (where kind = 'redeem')::int as redeems,
          coalesce(sum(points) filter (where kind = 'collect'), 0)::int as points_collected,
          coalesce(-sum(points) filter (where kind = 'redeem'), 0)::int as points_redeemed,
          count(*) filter (where kind = 'collect' and method = 'nfc')::int as nfc_collects,
          count(*) filter (where kind = 'collect' and with_pin)::int as pin_collects
        from scans where company_id in ${network}
        group by 1
      ) h`);

    await tx.execute(sql`
      insert into stats_customer_seen (company_id, location_id, app_user_id, month)
      select ${n}, ${scope}, app_user_id, month from (
        select app_user_id, date_trunc('month', created_at at time zone ${BERLIN})::date as month
        from scans where company_id in ${network}
      ) s
      group by app_user_id, month
      union all
      select ${n}, ${scope}, app_user_id, ${ever} from scans where company_id in ${network}
      group by app_user_id`);
    await analyzeSeen(tx);

    await tx.execute(sql`
      insert into stats_months (company_id, location_id, month, collects, redeems, points_collected,
        points_redeemed, nfc_collects, pin_collects, returning_collects, active_customers, new_customers)
      with scans_per_month as (
        select month, sum(collects)::int as collects, sum(redeems)::int as redeems,
          sum(points_collected)::int as points_collected, sum(points_redeemed)::int as points_redeemed,
          sum(nfc_collects)::int as nfc_collects, sum(pin_collects)::int as pin_collects
        from rebuild_network_hours group by month
      ),
      first_months as (
        select app_user_id, min(month) as first
        from stats_customer_seen where company_id = ${n} and location_id = ${scope} and month <> ${ever}
        group by 1
      ),
      returning_collects as (
        select s.month, count(*)::int as n
        from (
          select app_user_id, date_trunc('month', created_at at time zone ${BERLIN})::date as month
          from scans where company_id in ${network} and kind = 'collect'
        ) s
        join first_months f on f.app_user_id = s.app_user_id
        where f.first < s.month
        group by 1
      ),
      customers as (
        select seen.month, count(*)::int as active, count(*) filter (where f.first = seen.month)::int as new
        from stats_customer_seen seen
        join first_months f on f.app_user_id = seen.app_user_id
        where seen.company_id = ${n} and seen.location_id = ${scope} and seen.month <> ${ever}
        group by 1
      )
      select ${n}, ${scope}, s.month, s.collects, s.redeems, s.points_collected, s.points_redeemed,
        s.nfc_collects, s.pin_collects, coalesce(r.n, 0), coalesce(k.active, 0), coalesce(k.new, 0)
      from scans_per_month s
      left join returning_collects r on r.month = s.month
      left join customers k on k.month = s.month`);

    await tx.execute(sql`
      insert into stats_days (company_id, location_id, day, collects, redeems)
      select ${n}, ${scope}, day, sum(collects)::int, sum(redeems)::int
      from rebuild_network_hours group by day`);

    await tx.execute(sql`
      insert into stats_hours (company_id, location_id, hour, collects)
      select ${n}, ${scope}, hour at time zone 'UTC', sum(collects)::int
      from rebuild_network_hours
      where hour at time zone 'UTC' >= ${now.toISOString()}::timestamptz - ${HOURLY_STATS_KEPT}::interval
      group by hour`);
  });
}

/**
 * The month figures below join the seen rows just written to each other and to the scans. The
 * planner's statistics still describe the table before them: for a company or network whose rows
 * were not there at the last analyze it expects a handful and plans nested loops over what are
 * hundreds of thousands of rows (a network's rebuild took over 6 minutes instead of 36 s on a
 * database that also held a large partner; docs/performance.md, "The rebuild's plan"). ANALYZE in
 * the transaction samples its own inserted rows too, in well under a second.
 */
async function analyzeSeen(tx: Pick<Database, "execute">): Promise<void> {
  await tx.execute(sql`analyze stats_customer_seen`);
}
