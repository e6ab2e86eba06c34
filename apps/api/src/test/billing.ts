import { sql } from "drizzle-orm";
import type { TestApp } from "./build.ts";
import { livePartner } from "./scans.ts";

/**
 * A live partner whose account and locations went live 100 days ago, so the last months are
 * billable; `mandate: false` ends its SEPA mandate (it pays by transfer).
 */
export async function billedPartner(t: TestApp, opts: { mandate?: boolean } = {}) {
  const p = await livePartner(t);
  await t.db.execute(
    sql`update companies set approved_at = now() - interval '100 days', live_since = now() - interval '100 days' where id = ${p.id}`,
  );
  await t.db.execute(
    sql`update locations set created_at = now() - interval '100 days' where company_id = ${p.id}`,
  );
  if (opts.mandate === false)
    await t.db.execute(sql`update sepa_mandates set ended_at = now() where company_id = ${p.id}`);
  return p;
}
