import { z } from "zod";
import { partnerSocialSchema, SOCIAL_TYPES } from "../card/bonus-card.ts";
import { MENU } from "../constants.ts";
import { WEEKDAYS } from "../locations/location.ts";
import { multiLineString, oneLineString, wholeNumber } from "../validation/fields.ts";
import { ADDITIVE_CODES, ALLERGEN_CODES, MENU_ITEM_KINDS, type MenuItemKind } from "./kinds.ts";
import { MENU_LOCALES, type MenuLocale } from "./locales.ts";

// The management calls of the digital menu (docs/decisions/009-digital-menu.md, section 4): every
// message is a `menu.*` key of validation/messages.ts on the field it is about.

const id = wholeNumber(1, Number.MAX_SAFE_INTEGER);

/** ?shop_id= of every call about a location's menu. */
export const menuShopQuerySchema = z.object({ shop_id: id });
/** POST /dashboard/menu/item/create?shop_id=&table_id= (no table_id: the menu's own list). */
export const menuItemCreateQuerySchema = z.object({ shop_id: id, table_id: id.optional() });
/** DELETE /dashboard/menu/item?id= and /dashboard/menu/banner?id=. */
export const menuIdQuerySchema = z.object({ id });
/** POST /dashboard/menu/item/images?menu_item_id= (multipart `file`). */
export const menuItemImagesQuerySchema = z.object({ menu_item_id: id });
/** GET /dashboard/menu/tables/{id}/qr.(png|svg). */
export const MENU_QR_FORMATS = ["png", "svg"] as const;
/** { id } bodies of hide/show. */
export const menuIdBodySchema = z.object({ id });

/** An http(s) address; other schemes (javascript:, data:) never reach a guest's page. */
export const menuUrlSchema = oneLineString("menu.url")
  .max(MENU.urlMaxChars, { error: "menu.url" })
  .pipe(z.url({ protocol: /^https?$/, error: "menu.url" }));

/** An optional address: null, missing and "" all mean none. */
const optionalUrl = z
  .union([z.literal("").transform(() => null), z.null(), menuUrlSchema], { error: "menu.url" })
  .optional()
  .transform((url) => url ?? null);

const perLocale = <T extends z.ZodType>(value: T) =>
  z.strictObject(
    Object.fromEntries(MENU_LOCALES.map((locale) => [locale, value.optional()])) as Record<
      MenuLocale,
      z.ZodOptional<T>
    >,
    { error: "menu.texts" },
  );

/** Drops empty strings and languages without any text, so stored texts only hold what was written. */
function compact<T extends Record<string, string | undefined>>(
  texts: Partial<Record<MenuLocale, T | undefined>>,
): Partial<Record<MenuLocale, T>> {
  const out: Partial<Record<MenuLocale, T>> = {};
  for (const locale of MENU_LOCALES) {
    const entry = texts[locale];
    if (!entry) continue;
    const kept = Object.fromEntries(
      Object.entries(entry).filter(([, v]) => typeof v === "string" && v !== ""),
    );
    if (Object.keys(kept).length > 0) out[locale] = kept as T;
  }
  return out;
}

/** An item's texts in one language: a title (a dish's name, a heading) and a body (description). */
const itemText = z.strictObject(
  {
    title: oneLineString("menu.title.max").max(MENU.titleMaxChars, { error: "menu.title.max" }).optional(),
    body: multiLineString("menu.body.max").max(MENU.bodyMaxChars, { error: "menu.body.max" }).optional(),
  },
  { error: "menu.texts" },
);
export type MenuItemText = { title?: string; body?: string };
export type MenuItemTexts = Partial<Record<MenuLocale, MenuItemText>>;

export const menuItemTextsSchema = perLocale(itemText)
  .default({})
  .transform(
    (texts) =>
      compact(texts as Partial<Record<MenuLocale, Record<string, string | undefined>>>) as MenuItemTexts,
  );

const hasTitle = (texts: MenuItemTexts) => Object.values(texts).some((t) => t?.title);
const hasAnyText = (texts: MenuItemTexts) => Object.values(texts).some((t) => t?.title || t?.body);

export const menuPriceSchema = z
  .number({ error: "menu.price" })
  .int({ error: "menu.price" })
  .min(0, { error: "menu.price" })
  .max(MENU.maxPriceCents, { error: "menu.price" });

/** Known codes only, each once, in the list's order (the annex's). */
const codes = <C extends string>(all: readonly [C, ...C[]], key: "menu.allergens" | "menu.additives") =>
  z
    .array(z.enum(all, { error: key }), { error: key })
    .max(all.length * 2, { error: key })
    .default([])
    .transform((picked) => all.filter((code) => picked.includes(code)));

/**
 * The fields an item of a kind may have, as the editor sends them (create and change alike): the
 * fields another kind uses are dropped, so the stored row always fits its kind.
 */
const itemFieldsObject = z.object({
  texts: menuItemTextsSchema,
  url: optionalUrl,
  price_cents: menuPriceSchema
    .nullable()
    .optional()
    .transform((p) => p ?? null),
  allergens: codes(ALLERGEN_CODES, "menu.allergens"),
  additives: codes(ADDITIVE_CODES, "menu.additives"),
});

export type MenuItemFields = {
  texts: MenuItemTexts;
  url: string | null;
  price_cents: number | null;
  allergens: (typeof ALLERGEN_CODES)[number][];
  additives: (typeof ADDITIVE_CODES)[number][];
};

type ParsedFields = z.output<typeof itemFieldsObject>;

/** The per-kind rules: which field is required, and only the kind's own fields are kept. */
function fitKind(kind: MenuItemKind, value: ParsedFields, ctx: z.RefinementCtx): MenuItemFields {
  if ((kind === "section" || kind === "dish") && !hasTitle(value.texts)) {
    ctx.addIssue({ code: "custom", path: ["texts"], message: "menu.title.required" });
  }
  if (kind === "text" && !hasAnyText(value.texts)) {
    ctx.addIssue({ code: "custom", path: ["texts"], message: "menu.text.required" });
  }
  if (kind === "link" && !value.url) {
    ctx.addIssue({ code: "custom", path: ["url"], message: "menu.url.required" });
  }
  const dish = kind === "dish";
  return {
    texts: value.texts,
    url: kind === "link" ? value.url : null,
    price_cents: dish ? value.price_cents : null,
    allergens: dish ? value.allergens : [],
    additives: dish ? value.additives : [],
  };
}

/** An existing item's fields, changed as a whole (POST /dashboard/menu/item/{id}); its kind stays. */
export function menuItemFieldsSchema(kind: MenuItemKind) {
  return itemFieldsObject.transform((value, ctx) => fitKind(kind, value, ctx));
}

/** POST /dashboard/menu/item/create: the kind, then that kind's fields. */
export const menuItemCreateSchema = itemFieldsObject
  .extend({ kind: z.enum(MENU_ITEM_KINDS, { error: "menu.kind" }) })
  .transform((value, ctx) => ({ kind: value.kind, ...fitKind(value.kind, value, ctx) }));
export type MenuItemCreateInput = z.input<typeof menuItemCreateSchema>;
export type MenuItemCreate = z.output<typeof menuItemCreateSchema>;

/** The body of POST /dashboard/menu/item/{id} before the item's kind is known (the route's schema). */
export const menuItemUpdateSchema = itemFieldsObject;
export type MenuItemUpdateInput = z.input<typeof menuItemUpdateSchema>;

/** PUT /dashboard/menu/item/move and /dashboard/menu/banner/move. */
export const MENU_MOVE_DIRECTIONS = ["up", "down"] as const;
export const menuMoveSchema = z.object({
  id,
  direction: z.enum(MENU_MOVE_DIRECTIONS, { error: "menu.direction" }),
});
export type MenuMove = z.output<typeof menuMoveSchema>;

/** PUT /dashboard/menu/item/{type}: hide or show. */
export const MENU_VISIBILITY_ACTIONS = ["hide", "show"] as const;
export const menuVisibilityParamsSchema = z.object({
  type: z.enum(MENU_VISIBILITY_ACTIONS, { error: "menu.visibility" }),
});

/** "HH:MM", 00:00 to 23:59: a window ending at midnight ends at 00:00 (it crosses into the next day). */
const clockTime = z
  .string({ error: "menu.displayTimes.time" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "menu.displayTimes.time" });

/** Days in the week's order, each once. */
const windowDays = z
  .array(z.enum(WEEKDAYS, { error: "menu.displayTimes.days" }), { error: "menu.displayTimes.days" })
  .min(1, { error: "menu.displayTimes.days" })
  .max(WEEKDAYS.length * 2, { error: "menu.displayTimes.days" })
  .transform((days) => WEEKDAYS.filter((day) => days.includes(day)));

/**
 * One window: weekdays, from (included) to (excluded). `to` before `from` crosses midnight and
 * belongs to the day it starts (visibility.ts); equal times would be no window or all day, so
 * they are refused.
 */
export const displayWindowSchema = z
  .strictObject({ days: windowDays, from: clockTime, to: clockTime }, { error: "menu.displayTimes.windows" })
  .refine((w) => w.from !== w.to, { path: ["to"], message: "menu.displayTimes.same" });

/** An item's schedule (`menu_items.display_times`): 1 to MENU.maxDisplayWindows windows. */
export const displayTimesSchema = z.strictObject(
  {
    windows: z
      .array(displayWindowSchema, { error: "menu.displayTimes.windows" })
      .min(1, { error: "menu.displayTimes.windows" })
      .max(MENU.maxDisplayWindows, { error: "menu.displayTimes.windows" }),
  },
  { error: "menu.displayTimes.windows" },
);
export type DisplayTimesInput = z.input<typeof displayTimesSchema>;

/** PUT /dashboard/menu/item/{id}/display-time: a schedule, or null for always. */
export const menuDisplayTimeSchema = z.object({
  display_times: displayTimesSchema.nullable(),
});

/** POST /dashboard/menu/tables and PUT /dashboard/menu/tables/{id}. */
export const menuTableSchema = z.object({
  name: oneLineString("menu.table.name")
    .min(1, { error: "menu.table.name" })
    .max(MENU.tableNameMaxChars, { error: "menu.table.name" }),
});
export type MenuTableInput = z.input<typeof menuTableSchema>;

/** A banner's alt text per language (what a screen reader says for the picture). */
const bannerText = z.strictObject(
  { alt: oneLineString("menu.alt.max").max(MENU.titleMaxChars, { error: "menu.alt.max" }).optional() },
  { error: "menu.texts" },
);
export type MenuBannerTexts = Partial<Record<MenuLocale, { alt?: string }>>;

/** The banner's link and alt texts (its picture comes with the upload calls). */
export const menuBannerFieldsSchema = z.object({
  url: optionalUrl,
  texts: perLocale(bannerText)
    .default({})
    .transform(
      (texts) =>
        compact(texts as Partial<Record<MenuLocale, Record<string, string | undefined>>>) as MenuBannerTexts,
    ),
});
export type MenuBannerFields = z.output<typeof menuBannerFieldsSchema>;

/** PUT /dashboard/menu/settings: app registration, review and social links (the card's link kinds and rules). */
export const menuSettingsSchema = z.object({
  registration_url: optionalUrl,
  review_url: optionalUrl,
  social_links: z
    .array(partnerSocialSchema, { error: "menu.socialLinks" })
    .max(SOCIAL_TYPES.length, { error: "menu.socialLinks" })
    .default([])
    .superRefine((links, ctx) => {
      const seen = new Set<string>();
      links.forEach((link, i) => {
        if (seen.has(link.type))
          ctx.addIssue({ code: "custom", path: [i, "type"], message: "social.duplicate" });
        seen.add(link.type);
      });
    }),
});
export type MenuSettings = z.output<typeof menuSettingsSchema>;

/** PUT /dashboard/menu/enabled: the booking (36 EUR a month from the month it starts). */
export const menuEnabledSchema = z.object({ enabled: z.boolean({ error: "menu.enabled" }) });

/** GET /dashboard/menu/clicks?shop_id=&month=YYYY-MM (default: this month in Berlin). */
export const menuClicksQuerySchema = z.object({
  shop_id: id,
  month: z
    .string({ error: "menu.month" })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "menu.month" })
    .optional(),
});
