import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { locations, menuItems, menus } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";

// Whose menu a call may change (docs/decisions/009-digital-menu.md, section 4): the location must
// belong to the caller's own company, else 404; no franchise master sees a franchisee's menu.

export interface MenuLocation {
  id: number;
  companyId: number;
  name: string;
  country: string;
}

/** The caller's location, or 404. */
export async function ownLocation(
  db: Database,
  companyId: number,
  locationId: number,
): Promise<MenuLocation> {
  const [location] = await db
    .select({
      id: locations.id,
      companyId: locations.companyId,
      name: locations.name,
      country: locations.country,
    })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)));
  if (!location) throw HttpError.notFound();
  return location;
}

/**
 * Creates the location's menu the first time it is changed, or marks it changed (the guest page's
 * ETag input), and locks its row for the rest of the transaction: changes to one menu run one
 * after another, so positions are read and written without a race.
 */
export async function lockMenu(tx: Database, location: MenuLocation): Promise<void> {
  await tx
    .insert(menus)
    .values({ locationId: location.id, companyId: location.companyId })
    .onConflictDoUpdate({ target: menus.locationId, set: { updatedAt: sql`now()` } });
}

/** The rows of one list: the menu's own (no table) or a table's. */
export const inList = (locationId: number, tableId: number | null) =>
  and(
    eq(menuItems.locationId, locationId),
    tableId === null ? isNull(menuItems.tableId) : eq(menuItems.tableId, tableId),
  );
