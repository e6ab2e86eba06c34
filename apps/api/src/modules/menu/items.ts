import {
  type DisplayTimes,
  MENU,
  type MenuItemCreate,
  type MenuItemView,
  type MenuMove,
  menuItemFieldsSchema,
} from "@stempla/domain";
import { and, asc, count, desc, eq, getTableColumns, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { locations, menuItems, menuTables } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { inList, lockMenu, type MenuLocation, ownLocation } from "./access.ts";
import {
  deleteUnreferencedFile,
  type ProcessedMenuImage,
  type ProcessedMenuPdf,
  storeMenuFile,
} from "./uploads.ts";
import { itemViews, type MenuItemRow } from "./views.ts";

// A menu's items (docs/decisions/009-digital-menu.md, sections 1 and 4): one list per location
// and one per table, ordered by `position`; sections are items too.

/** The item and its location, when the location is the caller's; else 404. */
export async function ownItem(
  db: Database,
  companyId: number,
  itemId: number,
): Promise<{ item: MenuItemRow; location: MenuLocation }> {
  const [row] = await db
    .select({
      item: getTableColumns(menuItems),
      location: {
        id: locations.id,
        companyId: locations.companyId,
        name: locations.name,
        country: locations.country,
      },
    })
    .from(menuItems)
    .innerJoin(locations, eq(locations.id, menuItems.locationId))
    .where(and(eq(menuItems.id, itemId), eq(locations.companyId, companyId)));
  if (!row) throw HttpError.notFound();
  return row;
}

async function oneView(db: Database, companyId: number, itemId: number): Promise<MenuItemView> {
  const rows = await db.select().from(menuItems).where(eq(menuItems.id, itemId));
  if (rows.length === 0) throw HttpError.notFound();
  return (await itemViews(db, companyId, rows))[0]!;
}

/** An upload for an item, checked (uploads.ts): a picture for a photo, the PDF for a pdf. */
export interface MenuItemFiles {
  image?: ProcessedMenuImage;
  pdf?: ProcessedMenuPdf;
}

/**
 * POST /dashboard/menu/item/create: appended to the menu's list, or to the table's when `tableId`
 * is given (a table of another location is 404). A photo or PDF item needs its stored file.
 */
export async function createItem(
  db: Database,
  companyId: number,
  locationId: number,
  tableId: number | undefined,
  input: MenuItemCreate,
  files: MenuItemFiles = {},
): Promise<MenuItemView> {
  const location = await ownLocation(db, companyId, locationId);
  const image = input.kind === "photo" ? files.image : undefined;
  const pdf = input.kind === "pdf" ? files.pdf : undefined;
  if ((input.kind === "photo" && !image) || (input.kind === "pdf" && !pdf)) {
    throw HttpError.validation({ file: ["menu.file.required"] });
  }
  const id = await db.transaction(async (tx) => {
    if (tableId !== undefined) {
      const [table] = await tx
        .select({ id: menuTables.id })
        .from(menuTables)
        .where(and(eq(menuTables.id, tableId), eq(menuTables.locationId, location.id)));
      if (!table) throw HttpError.notFound();
    }
    await lockMenu(tx, location);
    const list = inList(location.id, tableId ?? null);
    const [{ n, last }] = (await tx
      .select({ n: count(), last: sql<number | null>`max(${menuItems.position})` })
      .from(menuItems)
      .where(list)) as [{ n: number; last: number | null }];
    if (n >= MENU.maxItems) throw new HttpError(422, { messageKey: "menu.items.max" });
    const imageHash = image ? await storeMenuFile(tx, location.companyId, image) : null;
    const pdfHash = pdf ? await storeMenuFile(tx, location.companyId, pdf) : null;
    const [row] = await tx
      .insert(menuItems)
      .values({
        locationId: location.id,
        companyId: location.companyId,
        tableId: tableId ?? null,
        kind: input.kind,
        position: (last ?? -1) + 1,
        texts: input.texts,
        url: input.url,
        priceCents: input.price_cents,
        allergens: input.allergens,
        additives: input.additives,
        imageHash,
        pdfHash,
      })
      .returning({ id: menuItems.id });
    return row!.id;
  });
  return oneView(db, companyId, id);
}

/**
 * POST /dashboard/menu/item/{id}: the item's fields as a whole, checked by its kind's rules; a new
 * picture or PDF replaces the old file, which is deleted when nothing else refers to it.
 */
export async function updateItem(
  db: Database,
  companyId: number,
  itemId: number,
  body: unknown,
  files: MenuItemFiles = {},
): Promise<MenuItemView> {
  const { item, location } = await ownItem(db, companyId, itemId);
  const parsed = menuItemFieldsSchema(item.kind).safeParse(body);
  if (!parsed.success) throw HttpError.fromZod(parsed.error);
  const fields = parsed.data;
  await db.transaction(async (tx) => {
    await lockMenu(tx, location);
    const [old] = await tx.select().from(menuItems).where(eq(menuItems.id, itemId)).for("update");
    if (!old) throw HttpError.notFound();
    const imageHash =
      old.kind === "photo" && files.image
        ? await storeMenuFile(tx, location.companyId, files.image)
        : old.imageHash;
    const pdfHash =
      old.kind === "pdf" && files.pdf ? await storeMenuFile(tx, location.companyId, files.pdf) : old.pdfHash;
    await tx
      .update(menuItems)
      .set({
        texts: fields.texts,
        url: fields.url,
        priceCents: fields.price_cents,
        allergens: fields.allergens,
        additives: fields.additives,
        imageHash,
        pdfHash,
        updatedAt: sql`now()`,
      })
      .where(eq(menuItems.id, itemId));
    for (const previous of [old.imageHash, old.pdfHash]) {
      if (previous && previous !== imageHash && previous !== pdfHash) {
        await deleteUnreferencedFile(tx, location.companyId, previous);
      }
    }
  });
  return oneView(db, companyId, itemId);
}

/**
 * POST /dashboard/menu/item/images: a photo item's new picture (the old one is deleted when nothing
 * else uses it). Any other kind has no picture: 422 on `file`.
 */
export async function replaceItemImage(
  db: Database,
  companyId: number,
  itemId: number,
  image: ProcessedMenuImage,
): Promise<MenuItemView> {
  const { item } = await ownItem(db, companyId, itemId);
  if (item.kind !== "photo") throw HttpError.validation({ file: ["menu.file.kind"] });
  return updateItem(
    db,
    companyId,
    itemId,
    {
      texts: item.texts,
      url: item.url,
      price_cents: item.priceCents,
      allergens: item.allergens,
      additives: item.additives,
    },
    { image },
  );
}

/** The list an item is in, in its order. */
async function listOf(db: Database, companyId: number, item: Pick<MenuItemRow, "locationId" | "tableId">) {
  const rows = await db
    .select()
    .from(menuItems)
    .where(inList(item.locationId, item.tableId))
    .orderBy(asc(menuItems.position));
  return itemViews(db, companyId, rows);
}

/**
 * PUT /dashboard/menu/item/move: swaps the item with its neighbour in its list, in one statement
 * (the position constraint is checked at its end). At the top moving up, and at the bottom moving
 * down, changes nothing. Answers the list in its new order.
 */
export async function moveItem(db: Database, companyId: number, move: MenuMove): Promise<MenuItemView[]> {
  const { item, location } = await ownItem(db, companyId, move.id);
  await db.transaction(async (tx) => {
    await lockMenu(tx, location);
    const [current] = await tx.select().from(menuItems).where(eq(menuItems.id, item.id));
    if (!current) throw HttpError.notFound();
    const up = move.direction === "up";
    const [neighbour] = await tx
      .select({ id: menuItems.id, position: menuItems.position })
      .from(menuItems)
      .where(
        and(
          inList(current.locationId, current.tableId),
          up ? lt(menuItems.position, current.position) : gt(menuItems.position, current.position),
        ),
      )
      .orderBy(up ? desc(menuItems.position) : asc(menuItems.position))
      .limit(1);
    if (!neighbour) return;
    await tx.execute(sql`
      update menu_items set
        position = case when id = ${current.id} then ${neighbour.position}::int else ${current.position}::int end,
        updated_at = now()
      where id in (${current.id}, ${neighbour.id})`);
  });
  return listOf(db, companyId, item);
}

/** PUT /dashboard/menu/item/{hide|show}: a hidden item stays in the editor and never shows to guests. */
export async function setItemHidden(
  db: Database,
  companyId: number,
  itemId: number,
  hidden: boolean,
): Promise<MenuItemView> {
  const { location } = await ownItem(db, companyId, itemId);
  await db.transaction(async (tx) => {
    await lockMenu(tx, location);
    await tx.update(menuItems).set({ hidden, updatedAt: sql`now()` }).where(eq(menuItems.id, itemId));
  });
  return oneView(db, companyId, itemId);
}

/** PUT /dashboard/menu/item/{id}/display-time: the item's schedule, or null for always. */
export async function setItemDisplayTimes(
  db: Database,
  companyId: number,
  itemId: number,
  displayTimes: DisplayTimes | null,
): Promise<MenuItemView> {
  const { location } = await ownItem(db, companyId, itemId);
  await db.transaction(async (tx) => {
    await lockMenu(tx, location);
    await tx.update(menuItems).set({ displayTimes, updatedAt: sql`now()` }).where(eq(menuItems.id, itemId));
  });
  return oneView(db, companyId, itemId);
}

/**
 * DELETE /dashboard/menu/item: the row goes, its click counts with it (cascade), and its file
 * when no other item or banner refers to it (section 1, "Deleted means deleted").
 */
export async function deleteItem(db: Database, companyId: number, itemId: number): Promise<void> {
  const { location } = await ownItem(db, companyId, itemId);
  await db.transaction(async (tx) => {
    await lockMenu(tx, location);
    const [deleted] = await tx
      .delete(menuItems)
      .where(eq(menuItems.id, itemId))
      .returning({ imageHash: menuItems.imageHash, pdfHash: menuItems.pdfHash });
    if (!deleted) throw HttpError.notFound();
    for (const hash of [deleted.imageHash, deleted.pdfHash]) {
      if (hash) await deleteUnreferencedFile(tx, location.companyId, hash);
    }
  });
}
