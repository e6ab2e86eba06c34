import { sql } from "drizzle-orm";
import { backdateGoLive, daysAgo } from "../db/seed/go-live.ts";
import type { TestApp } from "./build.ts";
import { livePartner } from "./scans.ts";

/**
 * A live partner whose account and locations went live 100 days ago, so the last months are
 * billable; `mandate: false` ends its SEPA mandate (it pays by transfer).
 */
export async function billedPartner(t: TestApp, opts: { mandate?: boolean } = {}) {
  const p = await livePartner(t);
  await backdateGoLive(t.db, p.id, daysAgo(100), { locations: true });
  if (opts.mandate === false)
    await t.db.execute(sql`update sepa_mandates set ended_at = now() where company_id = ${p.id}`);
  return p;
}
