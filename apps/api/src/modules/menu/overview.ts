import { type MenuLocaleLists, type MenuOverview, offeredLocales } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { digitalMenuSince } from "../billing/service.ts";

// GET /dashboard/menus: the caller's own locations with their menus' state
// (docs/decisions/009-digital-menu.md, "As built"). Only locations of the caller's company: a
// franchise master sees no franchisee's menu here either (decision 009, section 4).

/** One page of the company's locations, newest first (the order of GET /dashboard/shop). */
export async function menusOfCompany(
  db: Database,
  companyId: number,
  page: number,
  perPage: number,
  opts: { publicUrl: string; localeLists: MenuLocaleLists },
): Promise<{ items: MenuOverview[]; total: number }> {
  const rows = rowsOf<{ id: number; name: string; address: string; items: number; tables: number }>(
    await db.execute(sql`
      select l.id::int as id, l.name, l.address,
        (select count(*)::int from menu_items i where i.location_id = l.id) as items,
        (select count(*)::int from menu_tables mt where mt.location_id = l.id) as tables
      from locations l
      where l.company_id = ${companyId}
      order by l.id desc
      limit ${perPage} offset ${(page - 1) * perPage}`),
  );
  const [count] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from locations where company_id = ${companyId}`),
  );
  const bookings = await digitalMenuSince(
    db,
    rows.map((r) => r.id),
  );
  const items = rows.map((row, i) => {
    const since = bookings[i]?.digital_menu_since ?? null;
    return {
      location: { id: row.id, name: row.name, address: row.address },
      enabled: since !== null,
      since,
      offered_locales: offeredLocales(row.id, opts.localeLists),
      public_url: `${opts.publicUrl}/dm/${row.id}`,
      items: row.items,
      tables: row.tables,
    };
  });
  return { items, total: count?.total ?? 0 };
}
