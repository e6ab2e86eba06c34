import { type CardConditions, NO_CONDITIONS } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";

export interface AppCard {
  partner_id: number;
  partner_name: string;
  points: number;
  max_points: number | null;
  /** The approved conditions (docs/product.md, "Bonus card conditions"). */
  conditions: CardConditions;
  share_contact: boolean;
  last_scan_at: string;
}

/**
 * The customer's stamp cards, most recently used first, named and sized as the team last approved
 * them: a partner whose change waits for review (orange) or that is no longer green shows its
 * approved data, as the scan does (docs/product.md, "Account status").
 */
export async function listAppCards(db: Database, appUserId: number): Promise<AppCard[]> {
  const rows = rowsOf<{
    partner_id: number;
    partner_name: string;
    points: number;
    max_points: number | null;
    published_conditions: CardConditions | null;
    approved: boolean;
    excluded_products: string[] | null;
    time_limits: CardConditions["time_limits"];
    minimum_spend_cents: number | null;
    conditions_note: string | null;
    share_contact: boolean;
    last_scan_at: string | Date;
  }>(
    await db.execute(sql`
      select k.company_id::int as partner_id,
        coalesce(a.published->>'public_name', p.public_name, c.name) as partner_name, k.points,
        case when a.published is null then p.points else (a.published->>'points')::int end as max_points,
        a.published is not null as approved, a.published->'conditions' as published_conditions,
        p.excluded_products, p.time_limits, p.minimum_spend_cents, p.conditions_note,
        k.share_contact, k.last_scan_at
      from cards k join companies c on c.id = k.company_id
      left join partner_profiles p on p.company_id = k.company_id
      left join lateral (
        select r.published from review_approvals r
        where c.status <> 'green' and r.company_id = k.company_id
        order by r.approved_at desc, r.id desc limit 1
      ) a on true
      where k.app_user_id = ${appUserId}
      order by k.last_scan_at desc
      limit 500`),
  );
  return rows.map((r) => ({
    partner_id: r.partner_id,
    partner_name: r.partner_name,
    points: r.points,
    max_points: r.max_points,
    // An approval made before conditions were structured published none.
    conditions: r.approved
      ? (r.published_conditions ?? NO_CONDITIONS)
      : {
          excluded_products: r.excluded_products ?? [],
          time_limits: r.time_limits,
          minimum_spend_cents: r.minimum_spend_cents,
          note: r.conditions_note,
        },
    share_contact: r.share_contact,
    last_scan_at: new Date(r.last_scan_at).toISOString(),
  }));
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
