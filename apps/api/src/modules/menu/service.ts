import {
  berlinMonth,
  type MenuEditView,
  type MenuLocaleLists,
  type MenuSettings,
  offeredLocales,
} from "@stempla/domain";
import { asc, eq, sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { menuBanners, menuItems, menus } from "../../db/schema/index.ts";
import { digitalMenuSince, setDigitalMenu } from "../billing/service.ts";
import { lockMenu, ownLocation } from "./access.ts";
import { tablesOf } from "./tables.ts";
import { bannerViews, itemViews } from "./views.ts";

// The digital menu's management (docs/decisions/009-digital-menu.md, section 4): the module's
// entry for its routes and for other modules. Every call names a location of the caller's own
// company; any other id is 404, a franchise master's view of a franchisee's location included
// (decision 008: menus are not in mayView's table).

export { lockMenu, type MenuLocation, ownLocation } from "./access.ts";
export * from "./banners.ts";
export * from "./items.ts";
export * from "./tables.ts";

const publicMenuUrl = (publicUrl: string, locationId: number) => `${publicUrl}/dm/${locationId}`;

/** GET /dashboard/menu: the whole menu for editing. */
export async function menuForEditing(
  db: Database,
  companyId: number,
  locationId: number,
  opts: { publicUrl: string; localeLists: MenuLocaleLists },
): Promise<MenuEditView> {
  const location = await ownLocation(db, companyId, locationId);
  const [menu] = await db.select().from(menus).where(eq(menus.locationId, locationId));
  const [booking] = await digitalMenuSince(db, [locationId]);
  const tables = await tablesOf(db, locationId, opts.publicUrl);
  const items = await itemViews(
    db,
    companyId,
    await db
      .select()
      .from(menuItems)
      .where(eq(menuItems.locationId, locationId))
      .orderBy(asc(menuItems.position)),
  );
  const banners = await bannerViews(
    db,
    companyId,
    await db
      .select()
      .from(menuBanners)
      .where(eq(menuBanners.locationId, locationId))
      .orderBy(asc(menuBanners.position)),
  );
  const since = booking?.digital_menu_since ?? null;
  return {
    location: { id: location.id, name: location.name, country: location.country },
    enabled: since !== null,
    since,
    offered_locales: offeredLocales(locationId, opts.localeLists),
    public_url: publicMenuUrl(opts.publicUrl, locationId),
    links: {
      registration_url: menu?.registrationUrl ?? null,
      review_url: menu?.reviewUrl ?? null,
      social_links: menu?.socialLinks ?? [],
    },
    tables,
    items: items.filter((item) => item.table_id === null),
    table_items: Object.fromEntries(
      tables.map((table) => [String(table.id), items.filter((item) => item.table_id === table.id)]),
    ),
    banners,
  };
}

/** PUT /dashboard/menu/settings: the app-registration, review and social links. */
export async function updateMenuSettings(
  db: Database,
  companyId: number,
  locationId: number,
  settings: MenuSettings,
): Promise<MenuSettings> {
  const location = await ownLocation(db, companyId, locationId);
  return db.transaction(async (tx) => {
    await lockMenu(tx, location);
    await tx
      .update(menus)
      .set({
        registrationUrl: settings.registration_url,
        reviewUrl: settings.review_url,
        socialLinks: settings.social_links,
      })
      .where(eq(menus.locationId, location.id));
    return settings;
  });
}

/**
 * PUT /dashboard/menu/enabled: the booking itself (billed for every month with a booked day,
 * billing/digital-menu.ts). Turning it off keeps the menu's content.
 */
export async function setMenuEnabled(
  db: Database,
  caller: { companyId: number; userId: number },
  locationId: number,
  enabled: boolean,
): Promise<{ enabled: boolean; since: string | null }> {
  const location = await ownLocation(db, caller.companyId, locationId);
  if (enabled) await db.transaction((tx) => lockMenu(tx, location));
  const state = await setDigitalMenu(db, locationId, enabled, caller.userId);
  return { enabled: state.digital_menu_since !== null, since: state.digital_menu_since };
}

/** GET /dashboard/menu/clicks: every item's clicks in the month (Berlin), and the months with any. */
export async function menuClicks(
  db: Database,
  companyId: number,
  locationId: number,
  month: string | undefined,
): Promise<{ month: string; items: { id: number; clicks: number }[]; months: string[] }> {
  await ownLocation(db, companyId, locationId);
  const first = month ? `${month}-01` : berlinMonth(new Date());
  const items = rowsOf<{ id: number; clicks: number }>(
    await db.execute(sql`
      select i.id::int as id, coalesce(c.clicks, 0)::int as clicks
      from menu_items i left join menu_item_clicks c on c.item_id = i.id and c.month = ${first}::date
      where i.location_id = ${locationId}
      order by i.table_id nulls first, i.position`),
  );
  const months = rowsOf<{ month: string }>(
    await db.execute(sql`
      select distinct to_char(c.month, 'YYYY-MM') as month
      from menu_item_clicks c join menu_items i on i.id = c.item_id
      where i.location_id = ${locationId} and c.clicks > 0
      order by month desc`),
  ).map((r) => r.month);
  return { month: first.slice(0, 7), items, months };
}
