import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../db/client.ts";
import { HOURLY_STATS_KEPT } from "../modules/stats/aggregates.ts";

/**
 * Every statistics aggregate row of a company, in a stable order, to compare what the scans left
 * with what rebuildAggregates() builds from the raw scans. Hourly rows only for the period the
 * clean-up job keeps before `now`; the points distribution without its rows at 0 cards (they read
 * the same).
 */
export async function aggregateRows(db: Database, company: number, now: Date) {
  const c = sql`${company}::bigint`;
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await db.execute(query));
  return {
    months: await q(sql`
      select location_id::int, to_char(month, 'YYYY-MM-DD') as month, collects, redeems, points_collected,
        points_redeemed, nfc_collects, pin_collects, returning_collects, active_customers, new_customers
      from stats_months where company_id = ${c} order by 1, 2`),
    days: await q(sql`
      select location_id::int, to_char(day, 'YYYY-MM-DD') as day, collects, redeems
      from stats_days where company_id = ${c} order by 1, 2`),
    hours: await q(sql`
      select location_id::int, to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24') as hour, collects
      from stats_hours where company_id = ${c}
        and hour >= ${now.toISOString()}::timestamptz - ${HOURLY_STATS_KEPT}::interval
      order by 1, 2`),
    points: await q(
      sql`select points, cards from stats_points where company_id = ${c} and cards > 0 order by 1`,
    ),
    seen: await q(sql`
      select location_id::int, app_user_id::int, to_char(month, 'YYYY-MM-DD') as month
      from stats_customer_seen where company_id = ${c} order by 1, 2, 3`),
  };
}
