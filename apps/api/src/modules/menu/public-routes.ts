import { createHash } from "node:crypto";
import {
  berlinMonth,
  type DisplayWindow,
  dataOf,
  isMenuLocale,
  LOCALE_COOKIE,
  MENU,
  MENU_ITEM_KINDS,
  MENU_LOCALES,
  type MenuItemKind,
  type MenuLocale,
  menuTimeZone,
  offeredLocales,
  type SocialType,
  visibleAt,
  wholeNumber,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { enforceRateLimits } from "../../plugins/rate-limit.ts";
import {
  CLICK_SCRIPT_HASH,
  type GuestBanner,
  type GuestImage,
  type GuestItem,
  type GuestMenuView,
  guestMenuPage,
  notAvailablePage,
} from "./guest-page.ts";
import { menuImageUrl as imageUrl, menuPdfUrl as pdfUrl } from "./uploads.ts";

// What a guest sees of a location's menu (docs/decisions/009-digital-menu.md, sections 1 and 4):
// the spec's GET /menu and click statistics, and the guest page as server-rendered HTML at
// /dm/{id}[/{table}] and /{locale}/dm/{id}[/{table}]. A menu shows only while it is booked (an
// open digital_menu_bookings row) and its company is live (green or orange); otherwise it does not
// exist for guests (404), like an unknown id.

const id = wholeNumber(1, Number.MAX_SAFE_INTEGER);
const LIVE_STATUSES = ["green", "orange"];

/** One tap counted per item and address a minute is plenty for a person; a script gets 429. */
const CLICK_LIMITS = { perItem: 10, perAddress: 300, windowSeconds: 60 };

interface LiveMenu {
  locationId: number;
  companyId: number;
  name: string;
  address: string;
  country: string;
  registrationUrl: string | null;
  reviewUrl: string | null;
  socialLinks: { type: SocialType; url: string }[];
}

/** The location's menu when guests may see it: booked, and the company live. */
async function liveMenu(db: Database, locationId: number): Promise<LiveMenu | undefined> {
  const [row] = rowsOf<{
    location_id: number;
    company_id: number;
    name: string;
    address: string;
    country: string;
    registration_url: string | null;
    review_url: string | null;
    social_links: { type: SocialType; url: string }[] | null;
  }>(
    await db.execute(sql`
      select l.id::int as location_id, l.company_id::int as company_id, l.name, l.address, l.country,
        m.registration_url, m.review_url, m.social_links
      from locations l
      join companies c on c.id = l.company_id
      left join menus m on m.location_id = l.id
      where l.id = ${locationId}
        and c.status in (${sql.join(
          LIVE_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
        and exists (select 1 from digital_menu_bookings b where b.location_id = l.id and b.ends_on is null)`),
  );
  if (!row) return undefined;
  return {
    locationId: row.location_id,
    companyId: row.company_id,
    name: row.name,
    address: row.address,
    country: row.country,
    registrationUrl: row.registration_url,
    reviewUrl: row.review_url,
    socialLinks: row.social_links ?? [],
  };
}

interface ItemRow {
  id: number;
  table_id: number | null;
  kind: string;
  position: number;
  hidden: boolean;
  display_times: { windows: DisplayWindow[] } | null;
  texts: Record<string, { title?: string; body?: string }>;
  image_hash: string | null;
  pdf_hash: string | null;
  url: string | null;
  price_cents: number | null;
  allergens: string[];
  additives: string[];
  width: number | null;
  height: number | null;
  widths: number[] | null;
}

interface BannerRow {
  id: number;
  url: string;
  position: number;
  texts: Record<string, { alt?: string }>;
  image_hash: string;
  width: number | null;
  height: number | null;
  widths: number[] | null;
}

/** The renditions' widths of a picture (made at upload), ascending. */
const renditionWidths = (hashColumn: ReturnType<typeof sql.raw>) => sql`
  (select array_agg(r.width order by r.width) from menu_image_renditions r
   where r.company_id = f.company_id and r.hash = ${hashColumn}) as widths`;

function guestImage(
  companyId: number,
  hash: string | null,
  row: Pick<ItemRow, "width" | "height" | "widths">,
) {
  if (!hash || !row.widths?.length || !row.width || !row.height) return null;
  const image: GuestImage = {
    widths: row.widths.map(Number),
    width: row.width,
    height: row.height,
    src: (width) => imageUrl(companyId, hash, width),
  };
  return image;
}

export interface VisibleMenu {
  menu: LiveMenu;
  offered: MenuLocale[];
  table: { id: number; name: string } | null;
  tableItems: GuestItem[];
  menuItems: GuestItem[];
  banners: GuestBanner[];
  /** As stored, for the JSON answer. */
  rows: { tableItems: ItemRow[]; menuItems: ItemRow[]; banners: BannerRow[] };
}

/**
 * What the guest sees at `at`: the items `visibleAt` allows in the location's time zone, the
 * table's items (when a table of this location is asked for) before the menu's own, in order;
 * banners only with a url. Undefined when the menu or the table does not exist for guests.
 */
export async function visibleMenu(
  db: Database,
  config: Pick<Config, "menuLocales">,
  locationId: number,
  tableId: number | undefined,
  at: Date,
): Promise<VisibleMenu | undefined> {
  const menu = await liveMenu(db, locationId);
  if (!menu) return undefined;
  let table: { id: number; name: string } | null = null;
  if (tableId !== undefined) {
    [table = null] = rowsOf<{ id: number; name: string }>(
      await db.execute(
        sql`select id::int, name from menu_tables where id = ${tableId} and location_id = ${locationId}`,
      ),
    );
    if (!table) return undefined;
  }
  const items = rowsOf<ItemRow>(
    await db.execute(sql`
      select i.id::int, i.table_id::int, i.kind, i.position, i.hidden, i.display_times, i.texts,
        i.image_hash, i.pdf_hash, i.url, i.price_cents, i.allergens, i.additives,
        f.width, f.height, ${renditionWidths(sql.raw("i.image_hash"))}
      from menu_items i
      left join menu_files f on f.company_id = i.company_id and f.hash = i.image_hash
      where i.location_id = ${locationId} and not i.hidden
        and (i.table_id is null ${table ? sql`or i.table_id = ${table.id}` : sql``})
      order by i.table_id is null, i.position`),
  );
  const banners = rowsOf<BannerRow>(
    await db.execute(sql`
      select b.id::int, b.url, b.position, b.texts, b.image_hash, f.width, f.height,
        ${renditionWidths(sql.raw("b.image_hash"))}
      from menu_banners b
      left join menu_files f on f.company_id = b.company_id and f.hash = b.image_hash
      where b.location_id = ${locationId} and b.url is not null and b.url <> ''
      order by b.position`),
  );
  const zone = menuTimeZone(menu.country);
  const shown = items.filter((item) => visibleAt(item, at, zone));
  const tableRows = shown.filter((item) => item.table_id !== null);
  const menuRows = shown.filter((item) => item.table_id === null);
  const offered = offeredLocales(locationId, config.menuLocales);
  const toItem = (row: ItemRow): GuestItem => ({
    id: row.id,
    kind: row.kind,
    texts: row.texts ?? {},
    image: guestImage(menu.companyId, row.image_hash, row),
    pdfUrl: row.pdf_hash ? pdfUrl(menu.companyId, row.pdf_hash) : null,
    url: row.url,
    priceCents: row.price_cents,
    allergens: row.allergens ?? [],
    additives: row.additives ?? [],
  });
  return {
    menu,
    offered,
    table,
    tableItems: tableRows.map(toItem),
    menuItems: menuRows.map(toItem),
    banners: banners.map((row) => ({
      id: row.id,
      url: row.url,
      texts: row.texts ?? {},
      image: guestImage(menu.companyId, row.image_hash, row),
    })),
    rows: { tableItems: tableRows, menuItems: menuRows, banners },
  };
}

/** An item as GET /menu answers it: its texts in the offered languages (`onlyOffered`), files as URLs. */
function itemJson(row: ItemRow, menu: VisibleMenu) {
  const companyId = menu.menu.companyId;
  return {
    id: row.id,
    item_type: row.kind as MenuItemKind,
    order: row.position,
    texts: onlyOffered(row.texts, menu.offered),
    image: imageJson(companyId, row.image_hash, row),
    pdf_url: row.pdf_hash ? pdfUrl(companyId, row.pdf_hash) : null,
    url: row.url,
    price_cents: row.price_cents,
    allergens: row.allergens ?? [],
    additives: row.additives ?? [],
    display_times: row.display_times,
  };
}

function imageJson(
  companyId: number,
  hash: string | null,
  row: Pick<ItemRow, "width" | "height" | "widths">,
) {
  const image = guestImage(companyId, hash, row);
  if (!image) return null;
  return {
    width: image.width,
    height: image.height,
    renditions: image.widths.map((width) => ({ width, url: image.src(width) })),
  };
}

/**
 * The texts in the offered languages. An entry written in none of them (a German-only photo title
 * at a location that does not offer German) keeps the texts it has, as the guest page falls back to
 * them (`textIn`), so the app and the page never disagree and no entry goes blank.
 */
function onlyOffered<T>(texts: Record<string, T> | null, offered: readonly MenuLocale[]) {
  const all = Object.entries(texts ?? {});
  const kept = all.filter(([l]) => (offered as string[]).includes(l));
  return Object.fromEntries(kept.length > 0 ? kept : all);
}

const guestImageSchema = z
  .object({
    width: z.number(),
    height: z.number(),
    /** Smallest first: a srcset. */
    renditions: z.array(z.object({ width: z.number(), url: z.string() })),
  })
  .nullable();
const guestItemSchema = z.object({
  id: z.number(),
  item_type: z.enum(MENU_ITEM_KINDS),
  order: z.number(),
  /** Per offered language. */
  texts: z.record(z.string(), z.object({ title: z.string().optional(), body: z.string().optional() })),
  image: guestImageSchema,
  pdf_url: z.string().nullable(),
  url: z.string().nullable(),
  price_cents: z.number().nullable(),
  allergens: z.array(z.string()),
  additives: z.array(z.string()),
  display_times: z
    .object({ windows: z.array(z.object({ days: z.array(z.string()), from: z.string(), to: z.string() })) })
    .nullable(),
});
const guestMenuResponse = {
  200: dataOf(
    z.object({
      offered_locales: z.array(z.enum(MENU_LOCALES)),
      menu_items: z.array(guestItemSchema),
      table_items: z.array(guestItemSchema),
      halfblock_banners: z.array(
        z.object({
          id: z.number(),
          url: z.string(),
          order: z.number(),
          texts: z.record(z.string(), z.object({ alt: z.string().optional() })),
          image: guestImageSchema,
        }),
      ),
    }),
  ),
};

const menuQuerySchema = z.object({ shop_id: id, table_id: id.optional() });
const clickQuerySchema = z.object({
  menu_item_id: id,
  item_type: z.enum(MENU_ITEM_KINDS, { error: "input.invalid" }).optional(),
});

/** The spec's public menu calls, under /api/v2 outside the partner scope. */
export const menuPublicApiRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/menu",
    {
      schema: {
        tags: ["menu"],
        summary: "A location's menu as guests see it now",
        querystring: menuQuerySchema,
        response: guestMenuResponse,
      },
    },
    async (request, reply) => {
      const { shop_id, table_id } = request.query;
      const menu = await visibleMenu(app.db, app.config, shop_id, table_id, new Date());
      if (!menu) throw HttpError.notFound();
      reply.header("cache-control", guestCacheControl);
      return {
        data: {
          offered_locales: menu.offered,
          menu_items: menu.rows.menuItems.map((row) => itemJson(row, menu)),
          table_items: menu.rows.tableItems.map((row) => itemJson(row, menu)),
          halfblock_banners: menu.rows.banners.map((row) => ({
            id: row.id,
            url: row.url,
            order: row.position,
            texts: onlyOffered(row.texts, menu.offered),
            image: imageJson(menu.menu.companyId, row.image_hash, row),
          })),
        },
      };
    },
  );

  api.post(
    "/statistics/menu/item/click",
    {
      schema: {
        tags: ["menu"],
        summary: "Counts a guest's tap on a menu item (this Berlin month)",
        querystring: clickQuerySchema,
        response: { 204: z.null().describe("Counted") },
      },
    },
    async (request, reply) => {
      const { menu_item_id, item_type } = request.query;
      await enforceRateLimits(app.db, [
        {
          key: `menu-click:ip:${request.ip}:${menu_item_id}`,
          limit: CLICK_LIMITS.perItem,
          windowSeconds: CLICK_LIMITS.windowSeconds,
        },
        {
          key: `menu-click:ip:${request.ip}`,
          limit: CLICK_LIMITS.perAddress,
          windowSeconds: CLICK_LIMITS.windowSeconds,
        },
      ]);
      const now = new Date();
      const [item] = rowsOf<{
        location_id: number;
        table_id: number | null;
        kind: string;
        hidden: boolean;
        display_times: { windows: DisplayWindow[] } | null;
      }>(
        await app.db.execute(sql`
          select location_id::int, table_id::int, kind, hidden, display_times from menu_items
          where id = ${menu_item_id}`),
      );
      if (!item || (item_type !== undefined && item_type !== item.kind)) throw HttpError.notFound();
      const menu = await liveMenu(app.db, item.location_id);
      // Only what a guest can see now can be tapped: a hidden, unscheduled or switched-off item is
      // as unknown as a deleted one.
      if (!menu || !visibleAt(item, now, menuTimeZone(menu.country))) throw HttpError.notFound();
      await app.db.execute(sql`
        insert into menu_item_clicks (item_id, month, clicks) values (${menu_item_id}, ${berlinMonth(now)}::date, 1)
        on conflict (item_id, month) do update set clicks = menu_item_clicks.clicks + 1`);
      return reply.status(204).send(null);
    },
  );
};

/** A shared cache may keep the page a minute: a change, or a schedule's next window, shows within it. */
const guestCacheControl = `public, max-age=0, s-maxage=${MENU.guestCacheSeconds}, stale-while-revalidate=${MENU.guestCacheSeconds}`;

/** Ranks the browser's languages (Accept-Language) among the offered ones. */
function acceptedLocale(header: string | undefined, offered: readonly MenuLocale[]): MenuLocale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.lang && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked
    .map((entry) => entry.lang)
    .find((lang): lang is MenuLocale => offered.includes(lang as MenuLocale));
}

/**
 * The page's language: the path's (the spec's /{locale}/dm/…), else the page's own language link
 * (?lang=), else the site's language cookie, else the browser's, each only when the location offers
 * it; else the first offered language.
 */
export function guestLocale(
  pathLocale: MenuLocale | undefined,
  request: FastifyRequest,
  offered: readonly MenuLocale[],
): MenuLocale {
  const query = request.query as { lang?: string | string[] };
  const lang = Array.isArray(query.lang) ? query.lang[0] : query.lang;
  const cookie = request.cookies?.[LOCALE_COOKIE];
  const candidates = [pathLocale, lang, cookie];
  const chosen = candidates.find((c): c is MenuLocale => isMenuLocale(c) && offered.includes(c));
  return chosen ?? acceptedLocale(request.headers["accept-language"], offered) ?? offered[0] ?? "en";
}

/** The guest page without a menu to show: the not-available page in the asked or browser's language. */
function notAvailableLocale(pathLocale: MenuLocale | undefined, request: FastifyRequest): MenuLocale {
  return guestLocale(pathLocale, request, MENU_LOCALES);
}

const pageParams = z.object({ id: z.string(), table: z.string().optional() });
const pageQuery = z.object({ lang: z.union([z.string(), z.array(z.string())]).optional() });

/** A path segment as an id, or undefined (an unknown page, not a 422: guests get the 404 page). */
function pathId(segment: string | undefined): number | undefined {
  if (segment === undefined || !/^\d{1,15}$/.test(segment)) return undefined;
  const value = Number(segment);
  return value >= 1 ? value : undefined;
}

/** The CSP of the guest page: the app's, plus exactly its one inline script (decision 003). */
const GUEST_CSP = [
  "default-src 'self'",
  `script-src 'self' ${CLICK_SCRIPT_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join(";");

/** The guest pages: the QR codes' /dm/{id}[/{table}] and the spec's /{locale}/dm/{id}[/{table}]. */
export const menuGuestPageRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const handler =
    (pathLocale: MenuLocale | undefined) =>
    async (
      request: FastifyRequest<{ Params: z.infer<typeof pageParams>; Querystring: z.infer<typeof pageQuery> }>,
      reply: FastifyReply,
    ) => {
      const locationId = pathId(request.params.id);
      const tableId = request.params.table === undefined ? undefined : pathId(request.params.table);
      const badTable = request.params.table !== undefined && tableId === undefined;
      const menu =
        locationId === undefined || badTable
          ? undefined
          : await visibleMenu(app.db, app.config, locationId, tableId, new Date());
      reply.header("content-security-policy", GUEST_CSP).header("vary", "Accept-Language, Cookie");
      if (!menu) {
        return reply
          .status(404)
          .header("cache-control", "no-cache")
          .type("text/html; charset=utf-8")
          .send(notAvailablePage(notAvailableLocale(pathLocale, request)));
      }
      const locale = guestLocale(pathLocale, request, menu.offered);
      const base = `dm/${menu.menu.locationId}${menu.table ? `/${menu.table.id}` : ""}`;
      const view: GuestMenuView = {
        locationName: menu.menu.name,
        address: menu.menu.address,
        table: menu.table,
        tableItems: menu.tableItems,
        menuItems: menu.menuItems,
        banners: menu.banners,
        registrationUrl: menu.menu.registrationUrl,
        reviewUrl: menu.menu.reviewUrl,
        socialLinks: menu.menu.socialLinks,
      };
      // With the language in the path the links change the path (it wins over ?lang=).
      const html = guestMenuPage(view, locale, menu.offered, (l) =>
        pathLocale ? `/${l}/${base}` : `?lang=${l}`,
      );
      // The ETag is the page itself: it changes with an edit and with a schedule's window, and a
      // phone that has this minute's page gets a 304 without the body.
      const etag = `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
      reply.header("cache-control", guestCacheControl).header("etag", etag);
      const known = (request.headers["if-none-match"] ?? "")
        .split(",")
        .map((tag) => tag.trim().replace(/^W\//, ""));
      if (known.includes(etag)) return reply.status(304).send();
      return reply.status(200).type("text/html; charset=utf-8").send(html);
    };
  const schema = { hide: true, params: pageParams, querystring: pageQuery };
  api.get("/dm/:id", { schema }, handler(undefined));
  api.get("/dm/:id/:table", { schema }, handler(undefined));
  for (const locale of MENU_LOCALES) {
    api.get(`/${locale}/dm/:id`, { schema }, handler(locale));
    api.get(`/${locale}/dm/:id/:table`, { schema }, handler(locale));
  }
};
