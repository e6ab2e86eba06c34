import { MENU, type MenuBannerFields, type MenuBannerView, type MenuMove } from "@stempla/domain";
import { and, asc, count, desc, eq, getTableColumns, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { locations, menuBanners } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { lockMenu, type MenuLocation, ownLocation } from "./access.ts";
import { deleteUnreferencedFile, type ProcessedMenuImage, storeMenuFile } from "./uploads.ts";
import { bannerViews, type MenuBannerRow } from "./views.ts";

// The menu's halfblock banners (docs/decisions/009-digital-menu.md, sections 2 and 4): a picture
// with a link and alt texts, in their own order; a banner without a url is kept but not shown.

/** The banner and its location, when the location is the caller's; else 404. */
export async function ownBanner(
  db: Database,
  companyId: number,
  bannerId: number,
): Promise<{ banner: MenuBannerRow; location: MenuLocation }> {
  const [row] = await db
    .select({
      banner: getTableColumns(menuBanners),
      location: {
        id: locations.id,
        companyId: locations.companyId,
        name: locations.name,
        country: locations.country,
      },
    })
    .from(menuBanners)
    .innerJoin(locations, eq(locations.id, menuBanners.locationId))
    .where(and(eq(menuBanners.id, bannerId), eq(locations.companyId, companyId)));
  if (!row) throw HttpError.notFound();
  return row;
}

async function oneView(db: Database, companyId: number, bannerId: number): Promise<MenuBannerView> {
  const rows = await db.select().from(menuBanners).where(eq(menuBanners.id, bannerId));
  if (rows.length === 0) throw HttpError.notFound();
  return (await bannerViews(db, companyId, rows))[0]!;
}

async function bannersOf(db: Database, companyId: number, locationId: number): Promise<MenuBannerView[]> {
  const rows = await db
    .select()
    .from(menuBanners)
    .where(eq(menuBanners.locationId, locationId))
    .orderBy(asc(menuBanners.position));
  return bannerViews(db, companyId, rows);
}

/**
 * POST /dashboard/menu/banner/create: a banner with its picture (checked by uploads.ts, stored
 * here), last in the order.
 */
export async function createBanner(
  db: Database,
  companyId: number,
  locationId: number,
  image: ProcessedMenuImage,
  fields: MenuBannerFields,
): Promise<MenuBannerView> {
  const location = await ownLocation(db, companyId, locationId);
  const id = await db.transaction(async (tx) => {
    await lockMenu(tx, location);
    const [{ n, last }] = (await tx
      .select({ n: count(), last: sql<number | null>`max(${menuBanners.position})` })
      .from(menuBanners)
      .where(eq(menuBanners.locationId, location.id))) as [{ n: number; last: number | null }];
    if (n >= MENU.maxBanners) throw new HttpError(422, { messageKey: "menu.banners.max" });
    const imageHash = await storeMenuFile(tx, location.companyId, image);
    const [row] = await tx
      .insert(menuBanners)
      .values({
        locationId: location.id,
        companyId: location.companyId,
        imageHash,
        url: fields.url,
        texts: fields.texts,
        position: (last ?? -1) + 1,
      })
      .returning({ id: menuBanners.id });
    return row!.id;
  });
  return oneView(db, companyId, id);
}

/** POST /dashboard/menu/banner/{id}: its url and alt texts, and a new picture when one came. */
export async function updateBanner(
  db: Database,
  companyId: number,
  bannerId: number,
  fields: MenuBannerFields,
  image?: ProcessedMenuImage,
): Promise<MenuBannerView> {
  const { location } = await ownBanner(db, companyId, bannerId);
  await db.transaction(async (tx) => {
    await lockMenu(tx, location);
    const [old] = await tx.select().from(menuBanners).where(eq(menuBanners.id, bannerId)).for("update");
    if (!old) throw HttpError.notFound();
    const imageHash = image ? await storeMenuFile(tx, location.companyId, image) : old.imageHash;
    await tx
      .update(menuBanners)
      .set({
        url: fields.url,
        texts: fields.texts,
        imageHash,
        updatedAt: sql`now()`,
      })
      .where(eq(menuBanners.id, bannerId));
    if (imageHash !== old.imageHash) await deleteUnreferencedFile(tx, location.companyId, old.imageHash);
  });
  return oneView(db, companyId, bannerId);
}

/** PUT /dashboard/menu/banner/move: as items move; answers the banners in their new order. */
export async function moveBanner(db: Database, companyId: number, move: MenuMove): Promise<MenuBannerView[]> {
  const { location } = await ownBanner(db, companyId, move.id);
  await db.transaction(async (tx) => {
    await lockMenu(tx, location);
    const [current] = await tx.select().from(menuBanners).where(eq(menuBanners.id, move.id));
    if (!current) throw HttpError.notFound();
    const up = move.direction === "up";
    const [neighbour] = await tx
      .select({ id: menuBanners.id, position: menuBanners.position })
      .from(menuBanners)
      .where(
        and(
          eq(menuBanners.locationId, current.locationId),
          up ? lt(menuBanners.position, current.position) : gt(menuBanners.position, current.position),
        ),
      )
      .orderBy(up ? desc(menuBanners.position) : asc(menuBanners.position))
      .limit(1);
    if (!neighbour) return;
    await tx.execute(sql`
      update menu_banners set
        position = case when id = ${current.id} then ${neighbour.position}::int else ${current.position}::int end,
        updated_at = now()
      where id in (${current.id}, ${neighbour.id})`);
  });
  return bannersOf(db, companyId, location.id);
}

/** DELETE /dashboard/menu/banner?id=: the banner, and its picture when nothing else uses it. */
export async function deleteBanner(db: Database, companyId: number, bannerId: number): Promise<void> {
  const { location } = await ownBanner(db, companyId, bannerId);
  await db.transaction(async (tx) => {
    await lockMenu(tx, location);
    const [deleted] = await tx
      .delete(menuBanners)
      .where(eq(menuBanners.id, bannerId))
      .returning({ imageHash: menuBanners.imageHash });
    if (!deleted) throw HttpError.notFound();
    await deleteUnreferencedFile(tx, location.companyId, deleted.imageHash);
  });
}
