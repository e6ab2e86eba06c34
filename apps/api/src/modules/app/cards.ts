import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";

export interface AppCard {
  partner_id: number;
  partner_name: string;
  points: number;
  max_points: number | null;
  share_contact: boolean;
  last_scan_at: string;
}

/** The customer's stamp cards, most recently used first. */
export async function listAppCards(db: Database, appUserId: number): Promise<AppCard[]> {
  const rows = rowsOf<{
    partner_id: number;
    partner_name: string;
    points: number;
    max_points: number | null;
    share_contact: boolean;
    last_scan_at: string | Date;
  }>(
    await db.execute(sql`
      select k.company_id::int as partner_id, coalesce(p.public_name, c.name) as partner_name, k.points,
        p.points as max_points, k.share_contact, k.last_scan_at
      from cards k join companies c on c.id = k.company_id
      left join partner_profiles p on p.company_id = k.company_id
      where k.app_user_id = ${appUserId}
      order by k.last_scan_at desc
      limit 500`),
  );
  return rows.map((r) => ({ ...r, last_scan_at: new Date(r.last_scan_at).toISOString() }));
}

/** The customer lets a partner see (or no longer see) their contact data in its clients list. */
export async function setShareContact(
  db: Database,
  appUserId: number,
  partnerId: number,
  share: boolean,
): Promise<{ partner_id: number; share_contact: boolean }> {
  const updated = rowsOf<{ id: number }>(
    await db.execute(sql`
      update cards set share_contact = ${share}, share_changed_at = now()
      where app_user_id = ${appUserId} and company_id = ${partnerId}
      returning id`),
  );
  if (updated.length === 0) throw HttpError.notFound();
  return { partner_id: partnerId, share_contact: share };
}
