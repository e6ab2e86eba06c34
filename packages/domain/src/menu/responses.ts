import { z } from "zod";
import { dataOf } from "../api/envelope.ts";
import { SOCIAL_TYPES } from "../card/bonus-card.ts";
import { WEEKDAYS } from "../locations/location.ts";
import { ADDITIVE_CODES, ALLERGEN_CODES, MENU_ITEM_KINDS } from "./kinds.ts";
import { MENU_LOCALES } from "./locales.ts";

// What the management calls of the digital menu answer (docs/decisions/009-digital-menu.md, section 4).

const perLocale = <T extends z.ZodType>(value: T) =>
  z.object(
    Object.fromEntries(MENU_LOCALES.map((l) => [l, value.optional()])) as Record<string, z.ZodOptional<T>>,
  );

export const menuDisplayTimesViewSchema = z.object({
  windows: z.array(z.object({ days: z.array(z.enum(WEEKDAYS)), from: z.string(), to: z.string() })),
});

/** A picture's renditions (the guest page's srcset) and its size. */
export const menuImageViewSchema = z.object({
  hash: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** The renditions by width, smallest first. */
  urls: z.array(z.object({ width: z.number(), url: z.string() })),
});
export type MenuImageView = z.infer<typeof menuImageViewSchema>;

export const menuItemViewSchema = z.object({
  id: z.number(),
  kind: z.enum(MENU_ITEM_KINDS),
  table_id: z.number().nullable(),
  position: z.number(),
  hidden: z.boolean(),
  display_times: menuDisplayTimesViewSchema.nullable(),
  texts: perLocale(z.object({ title: z.string().optional(), body: z.string().optional() })),
  url: z.string().nullable(),
  price_cents: z.number().nullable(),
  allergens: z.array(z.enum(ALLERGEN_CODES)),
  additives: z.array(z.enum(ADDITIVE_CODES)),
  image: menuImageViewSchema.nullable(),
  pdf: z.object({ hash: z.string(), url: z.string() }).nullable(),
  updated_at: z.string(),
});
export type MenuItemView = z.infer<typeof menuItemViewSchema>;

export const menuTableViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
  /** The guest page of the table, what its QR code encodes. */
  public_url: z.string(),
});
export type MenuTableView = z.infer<typeof menuTableViewSchema>;

export const menuBannerViewSchema = z.object({
  id: z.number(),
  position: z.number(),
  url: z.string().nullable(),
  texts: perLocale(z.object({ alt: z.string().optional() })),
  image: menuImageViewSchema,
});
export type MenuBannerView = z.infer<typeof menuBannerViewSchema>;

export const menuLinksViewSchema = z.object({
  registration_url: z.string().nullable(),
  review_url: z.string().nullable(),
  social_links: z.array(z.object({ type: z.enum(SOCIAL_TYPES), url: z.string() })),
});

/** GET /dashboard/menu: the whole menu of a location, for editing. */
export const menuEditViewSchema = z.object({
  location: z.object({ id: z.number(), name: z.string(), country: z.string() }),
  enabled: z.boolean(),
  /** YYYY-MM-DD the current booking started (billed from that month); null when off. */
  since: z.string().nullable(),
  offered_locales: z.array(z.enum(MENU_LOCALES)),
  /** The menu's own guest page (dm/{id}). */
  public_url: z.string(),
  links: menuLinksViewSchema,
  tables: z.array(menuTableViewSchema),
  /** The menu's own list. */
  items: z.array(menuItemViewSchema),
  /** Each table's list, by table id. */
  table_items: z.record(z.string(), z.array(menuItemViewSchema)),
  banners: z.array(menuBannerViewSchema),
});
export type MenuEditView = z.infer<typeof menuEditViewSchema>;

export const menuEditResponseSchema = dataOf(menuEditViewSchema);
export const menuItemResponseSchema = dataOf(menuItemViewSchema);
/** A move's answer: the list it changed, in its new order. */
export const menuItemListResponseSchema = dataOf(z.array(menuItemViewSchema));
export const menuTableResponseSchema = dataOf(menuTableViewSchema);
export const menuBannerResponseSchema = dataOf(menuBannerViewSchema);
export const menuBannerListResponseSchema = dataOf(z.array(menuBannerViewSchema));
export const menuLinksResponseSchema = dataOf(menuLinksViewSchema);
export const menuEnabledResponseSchema = dataOf(
  z.object({ enabled: z.boolean(), since: z.string().nullable() }),
);

/** GET /dashboard/menu/clicks: clicks per item in the month, and the months that have any. */
export const menuClicksResponseSchema = dataOf(
  z.object({
    month: z.string(),
    items: z.array(z.object({ id: z.number(), clicks: z.number() })),
    months: z.array(z.string()),
  }),
);
