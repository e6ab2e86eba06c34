import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";

/**
 * Moves a partner's go-live back to `since`, as if the team had approved it then: billing and the
 * contract count from `live_since`, and a location is billed from the month it was created in;
 * its starter kits were sent then. With `locations` its locations date from then too, with
 * `mandate` its SEPA mandate. For the demo data and tests only; the product never moves a go-live.
 */
export async function backdateGoLive(
  db: Database,
  companyId: number,
  since: Date,
  opts: { locations?: boolean; mandate?: boolean } = {},
): Promise<void> {
  const at = since.toISOString();
  await db.execute(
    sql`update companies set approved_at = ${at}::timestamptz, live_since = ${at}::timestamptz where id = ${companyId}`,
  );
  // The starter kits went out with that approval, and the team shipped them the day after.
  await db.execute(sql`
    update hardware_orders set ordered_at = ${at}::timestamptz,
      shipped_at = least(${at}::timestamptz + interval '1 day', now())
    where company_id = ${companyId} and kind = 'starter_kit'`);
  if (opts.locations) {
    await db.execute(
      sql`update locations set created_at = ${at}::timestamptz where company_id = ${companyId}`,
    );
  }
  if (opts.mandate) {
    await db.execute(
      sql`update sepa_mandates set signed_at = ${at}::timestamptz where company_id = ${companyId}`,
    );
  }
}

/** The moment `days` days before `now`. */
export const daysAgo = (days: number, now = new Date()) => new Date(now.getTime() - days * 86_400_000);
