import type { MenuBannerView, MenuImageView, MenuItemView } from "@stempla/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type menuBanners, menuFiles, menuImageRenditions, type menuItems } from "../../db/schema/index.ts";
import { menuImageUrl, menuPdfUrl } from "./uploads.ts";

// The menu's rows as the management calls answer them (docs/decisions/009-digital-menu.md, section 4).

export type MenuItemRow = typeof menuItems.$inferSelect;
export type MenuBannerRow = typeof menuBanners.$inferSelect;

/** The pictures among `hashes` of the company, with the widths their renditions were made at. */
async function imagesOf(
  db: Database,
  companyId: number,
  hashes: string[],
): Promise<Map<string, MenuImageView>> {
  const images = new Map<string, MenuImageView>();
  const unique = [...new Set(hashes)];
  if (unique.length === 0) return images;
  const files = await db
    .select({ hash: menuFiles.hash, width: menuFiles.width, height: menuFiles.height })
    .from(menuFiles)
    .where(and(eq(menuFiles.companyId, companyId), inArray(menuFiles.hash, unique)));
  const renditions = await db
    .select({ hash: menuImageRenditions.hash, width: menuImageRenditions.width })
    .from(menuImageRenditions)
    .where(and(eq(menuImageRenditions.companyId, companyId), inArray(menuImageRenditions.hash, unique)))
    .orderBy(asc(menuImageRenditions.width));
  for (const file of files) {
    images.set(file.hash, {
      hash: file.hash,
      width: file.width,
      height: file.height,
      urls: renditions
        .filter((r) => r.hash === file.hash)
        .map((r) => ({ width: r.width, url: menuImageUrl(companyId, file.hash, r.width) })),
    });
  }
  return images;
}

const noImage = (hash: string): MenuImageView => ({ hash, width: null, height: null, urls: [] });

export async function itemViews(
  db: Database,
  companyId: number,
  rows: MenuItemRow[],
): Promise<MenuItemView[]> {
  const images = await imagesOf(
    db,
    companyId,
    rows.flatMap((r) => (r.imageHash ? [r.imageHash] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    table_id: row.tableId,
    position: row.position,
    hidden: row.hidden,
    display_times: row.displayTimes ?? null,
    texts: row.texts,
    url: row.url,
    price_cents: row.priceCents,
    allergens: row.allergens,
    additives: row.additives,
    image: row.imageHash ? (images.get(row.imageHash) ?? noImage(row.imageHash)) : null,
    pdf: row.pdfHash ? { hash: row.pdfHash, url: menuPdfUrl(companyId, row.pdfHash) } : null,
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function bannerViews(
  db: Database,
  companyId: number,
  rows: MenuBannerRow[],
): Promise<MenuBannerView[]> {
  const images = await imagesOf(
    db,
    companyId,
    rows.map((r) => r.imageHash),
  );
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    url: row.url,
    texts: row.texts,
    image: images.get(row.imageHash) ?? noImage(row.imageHash),
  }));
}
