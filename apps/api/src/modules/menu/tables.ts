import { MENU, type MenuTableView } from "@stempla/domain";
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { type Database, isUniqueViolation } from "../../db/client.ts";
import { locations, menuItems, menuTables } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { lockMenu, type MenuLocation, ownLocation } from "./access.ts";
import { deleteUnreferencedFile } from "./uploads.ts";

// A location's tables (docs/decisions/009-digital-menu.md, sections 2 and 4): each has its own
// guest page dm/{location}/{table}, its QR code, and its own items shown before the menu's.

type TableRow = typeof menuTables.$inferSelect;

export const tableView = (table: TableRow, publicUrl: string): MenuTableView => ({
  id: table.id,
  name: table.name,
  position: table.position,
  public_url: `${publicUrl}/dm/${table.locationId}/${table.id}`,
});

/** A location's tables in their order. */
export async function tablesOf(
  db: Database,
  locationId: number,
  publicUrl: string,
): Promise<MenuTableView[]> {
  const rows = await db
    .select()
    .from(menuTables)
    .where(eq(menuTables.locationId, locationId))
    .orderBy(asc(menuTables.position), asc(menuTables.id));
  return rows.map((row) => tableView(row, publicUrl));
}

const nameTaken = () => HttpError.validation({ name: ["menu.table.nameTaken"] });

/** Whether another table of the location has this name, in any case. */
async function nameInUse(tx: Database, locationId: number, name: string, except?: number) {
  const [row] = await tx
    .select({ id: menuTables.id })
    .from(menuTables)
    .where(
      and(
        eq(menuTables.locationId, locationId),
        sql`lower(${menuTables.name}) = lower(${name})`,
        except === undefined ? undefined : ne(menuTables.id, except),
      ),
    );
  return row !== undefined;
}

/** The table and its location, when the location is the caller's; else 404. */
export async function ownTable(db: Database, companyId: number, tableId: number) {
  const [row] = await db
    .select({
      table: menuTables,
      location: {
        id: locations.id,
        companyId: locations.companyId,
        name: locations.name,
        country: locations.country,
      },
    })
    .from(menuTables)
    .innerJoin(locations, eq(locations.id, menuTables.locationId))
    .where(and(eq(menuTables.id, tableId), eq(locations.companyId, companyId)));
  if (!row) throw HttpError.notFound();
  return row as { table: TableRow; location: MenuLocation };
}

// The name check runs under the menu's lock, so two tabs naming a table alike meet it one after
// the other; the unique index stays the last word and is answered the same.
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** POST /dashboard/menu/tables: a new table, last in the location's order. */
export async function createTable(
  db: Database,
  companyId: number,
  locationId: number,
  name: string,
  publicUrl: string,
): Promise<MenuTableView> {
  const location = await ownLocation(db, companyId, locationId);
  const row = await guarded(() =>
    db.transaction(async (tx) => {
      await lockMenu(tx, location);
      const [{ n, last }] = (await tx
        .select({ n: count(), last: sql<number | null>`max(${menuTables.position})` })
        .from(menuTables)
        .where(eq(menuTables.locationId, location.id))) as [{ n: number; last: number | null }];
      if (n >= MENU.maxTables) throw new HttpError(422, { messageKey: "menu.tables.max" });
      if (await nameInUse(tx, location.id, name)) throw nameTaken();
      const [created] = await tx
        .insert(menuTables)
        .values({ locationId: location.id, name, position: (last ?? -1) + 1 })
        .returning();
      return created!;
    }),
  );
  return tableView(row, publicUrl);
}

/** PUT /dashboard/menu/tables/{id}: a new name. */
export async function renameTable(
  db: Database,
  companyId: number,
  tableId: number,
  name: string,
  publicUrl: string,
): Promise<MenuTableView> {
  const { location } = await ownTable(db, companyId, tableId);
  const row = await guarded(() =>
    db.transaction(async (tx) => {
      await lockMenu(tx, location);
      if (await nameInUse(tx, location.id, name, tableId)) throw nameTaken();
      const [updated] = await tx
        .update(menuTables)
        .set({ name })
        .where(eq(menuTables.id, tableId))
        .returning();
      if (!updated) throw HttpError.notFound();
      return updated;
    }),
  );
  return tableView(row, publicUrl);
}

/** DELETE /dashboard/menu/tables/{id}: the table and its items (cascade), and files no longer used. */
export async function deleteTable(db: Database, companyId: number, tableId: number): Promise<void> {
  const { location } = await ownTable(db, companyId, tableId);
  await db.transaction(async (tx) => {
    await lockMenu(tx, location);
    const files = await tx
      .select({ imageHash: menuItems.imageHash, pdfHash: menuItems.pdfHash })
      .from(menuItems)
      .where(eq(menuItems.tableId, tableId));
    const deleted = await tx
      .delete(menuTables)
      .where(eq(menuTables.id, tableId))
      .returning({ id: menuTables.id });
    if (deleted.length === 0) throw HttpError.notFound();
    const hashes = new Set(files.flatMap((f) => [f.imageHash, f.pdfHash]).filter((h): h is string => !!h));
    for (const hash of hashes) await deleteUnreferencedFile(tx, location.companyId, hash);
  });
}
