import { type SQL, sql } from "drizzle-orm";

/**
 * The points that fill the partner's card as scans count them (modules/app/scan.ts): while a
 * change waits for review (orange), the approved card's, else `profilePoints` (the partner
 * profile's). The statistics' outstanding rewards and the clients list's "full card" both read it,
 * so a card counts as full where the staff can redeem it. `companyId` may be an outer query's
 * column (the statistics read a network's companies in one statement), aliased other than c or r.
 */
export function scannedCardPoints(companyId: number | SQL, profilePoints: SQL): SQL {
  return sql`coalesce((
    select (r.published->>'points')::int from companies c
      join review_approvals r on r.company_id = c.id
    where c.id = ${companyId} and c.status = 'orange'
    order by r.approved_at desc, r.id desc limit 1
  ), ${profilePoints})`;
}
