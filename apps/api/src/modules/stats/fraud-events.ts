import { berlinDay, type FraudRule } from "@stempla/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

/**
 * Notes that a customer tripped a fraud rule at a location today. `occurrences` counts the PIN
 * limit hits, or holds the day's number of collections for an unusual daily count, or the wrong
 * PINs that locked a location's PIN (no customer: each lock is a row of its own).
 */
export async function recordFraudEvent(
  tx: Database,
  e: {
    companyId: number;
    locationId: number;
    appUserId: number | null;
    rule: FraudRule;
    at: Date;
    count?: number;
  },
): Promise<void> {
  const occurrences = e.count ?? 1;
  await tx.execute(sql`
    insert into fraud_events as f (company_id, location_id, app_user_id, rule, day, occurrences, last_at)
    values (${e.companyId}, ${e.locationId}, ${e.appUserId}, ${e.rule}, ${berlinDay(e.at)}::date, ${occurrences}::int,
      ${e.at.toISOString()}::timestamptz)
    on conflict (company_id, location_id, app_user_id, rule, day) do update set
      occurrences = ${e.count === undefined ? sql`f.occurrences + 1` : sql`greatest(f.occurrences, excluded.occurrences)`},
      last_at = excluded.last_at`);
}
