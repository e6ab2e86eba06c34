import {
  type Additive,
  type Allergen,
  type DisplayTimes,
  MENU_FILE_KINDS,
  MENU_ITEM_KINDS,
  type MenuBannerTexts,
  type MenuItemTexts,
  type SocialType,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./accounts.ts";
import { bytea } from "./column-types.ts";
import { locations } from "./locations.ts";

// The digital menu (docs/decisions/009-digital-menu.md, section 2).

/**
 * A location's menu: its id is the location's (one menu per location), created the first time
 * it is turned on or edited. `updated_at` moves with every change of the menu's content, so the
 * guest page's ETag changes with it.
 */
export const menus = pgTable(
  "menus",
  {
    locationId: bigint("location_id", { mode: "number" })
      .primaryKey()
      .references(() => locations.id, { onDelete: "cascade" }),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    registrationUrl: text("registration_url"),
    reviewUrl: text("review_url"),
    socialLinks: jsonb("social_links").$type<{ type: SocialType; url: string }[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("menus_company_idx").on(t.companyId)],
);

/** A named table of a location: its own QR code (`dm/{location}/{table}`) and its own items. */
export const menuTables = pgTable(
  "menu_tables",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    locationId: bigint("location_id", { mode: "number" })
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("menu_tables_name_unique").on(t.locationId, sql`lower(${t.name})`),
    index("menu_tables_location_idx").on(t.locationId, t.position),
  ],
);

/**
 * An uploaded file, stored once per company by the SHA-256 of its bytes (the hash keeps URLs
 * stable when uploads move to an object store, docs/architecture.md). PDFs are served as they
 * are; images only as their renditions.
 */
export const menuFiles = pgTable(
  "menu_files",
  {
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    hash: text("hash").notNull(),
    kind: text("kind", { enum: MENU_FILE_KINDS }).notNull(),
    bytes: bytea("bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.hash] })],
);

/** A picture's WebP rendition at one width (MENU_IMAGE_WIDTHS, or the original's when smaller). */
export const menuImageRenditions = pgTable(
  "menu_image_renditions",
  {
    companyId: bigint("company_id", { mode: "number" }).notNull(),
    hash: text("hash").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    format: text("format", { enum: ["webp"] })
      .notNull()
      .default("webp"),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.hash, t.width] }),
    foreignKey({
      columns: [t.companyId, t.hash],
      foreignColumns: [menuFiles.companyId, menuFiles.hash],
    }).onDelete("cascade"),
  ],
);

/**
 * One entry of a list: the menu's own (`table_id` null) or a table's. `position` orders the list;
 * it is unique per list and the constraint is checked at the end of each statement (deferrable),
 * so a move swaps two positions in one update (drizzle-kit cannot say DEFERRABLE: the clause is
 * written into 0022_digital_menu.sql, like the banners' own). Sections are items that head the dishes after them.
 */
export const menuItems = pgTable(
  "menu_items",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    locationId: bigint("location_id", { mode: "number" })
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    tableId: bigint("table_id", { mode: "number" }).references(() => menuTables.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: MENU_ITEM_KINDS }).notNull(),
    position: integer("position").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    /** null: always shown; else `{ windows }` read in the location's time zone (visibility.ts). */
    displayTimes: jsonb("display_times").$type<DisplayTimes>(),
    texts: jsonb("texts").$type<MenuItemTexts>().notNull().default({}),
    imageHash: text("image_hash"),
    pdfHash: text("pdf_hash"),
    url: text("url"),
    priceCents: integer("price_cents"),
    allergens: text("allergens").array().$type<Allergen[]>().notNull().default(sql`'{}'::text[]`),
    additives: text("additives").array().$type<Additive[]>().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("menu_items_position_unique").on(t.locationId, t.tableId, t.position).nullsNotDistinct(),
    index("menu_items_table_idx").on(t.tableId),
    foreignKey({
      name: "menu_items_image_fk",
      columns: [t.companyId, t.imageHash],
      foreignColumns: [menuFiles.companyId, menuFiles.hash],
    }),
    foreignKey({
      name: "menu_items_pdf_fk",
      columns: [t.companyId, t.pdfHash],
      foreignColumns: [menuFiles.companyId, menuFiles.hash],
    }),
    check("menu_items_photo_check", sql`(${t.kind} = 'photo') = (${t.imageHash} is not null)`),
    check("menu_items_pdf_check", sql`(${t.kind} = 'pdf') = (${t.pdfHash} is not null)`),
    check("menu_items_link_check", sql`(${t.kind} = 'link') = (${t.url} is not null)`),
    check(
      "menu_items_dish_check",
      sql`${t.kind} = 'dish' or (${t.priceCents} is null and cardinality(${t.allergens}) = 0 and cardinality(${t.additives}) = 0)`,
    ),
    check("menu_items_price_check", sql`${t.priceCents} between 0 and 100000`),
  ],
);

/**
 * The spec's halfblock banners: a picture with a link (a banner without a url is kept but never
 * shown) and its alt text per language, in their own order.
 */
export const menuBanners = pgTable(
  "menu_banners",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    locationId: bigint("location_id", { mode: "number" })
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    imageHash: text("image_hash").notNull(),
    url: text("url"),
    texts: jsonb("texts").$type<MenuBannerTexts>().notNull().default({}),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("menu_banners_position_unique").on(t.locationId, t.position),
    foreignKey({
      name: "menu_banners_image_fk",
      columns: [t.companyId, t.imageHash],
      foreignColumns: [menuFiles.companyId, menuFiles.hash],
    }),
  ],
);

/** Guests' clicks on an item per calendar month (Berlin); one upsert per click. */
export const menuItemClicks = pgTable(
  "menu_item_clicks",
  {
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => menuItems.id, { onDelete: "cascade" }),
    month: date("month", { mode: "string" }).notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.month] })],
);
