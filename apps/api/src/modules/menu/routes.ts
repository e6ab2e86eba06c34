import multipart from "@fastify/multipart";
import {
  FILE_RENDERING,
  idParamsSchema,
  MENU_QR_FORMATS,
  menuBannerFieldsSchema,
  menuBannerListResponseSchema,
  menuBannerResponseSchema,
  menuClicksQuerySchema,
  menuClicksResponseSchema,
  menuDisplayTimeSchema,
  menuEditResponseSchema,
  menuEnabledResponseSchema,
  menuEnabledSchema,
  menuIdBodySchema,
  menuIdQuerySchema,
  menuItemCreateQuerySchema,
  menuItemCreateSchema,
  menuItemFieldsSchema,
  menuItemImagesQuerySchema,
  menuItemListResponseSchema,
  menuItemResponseSchema,
  menuLinksResponseSchema,
  menuMoveSchema,
  menuOverviewPageSchema,
  menuOverviewQuerySchema,
  menuSettingsSchema,
  menuShopQuerySchema,
  menuTableResponseSchema,
  menuTableSchema,
  menuVisibilityParamsSchema,
  okResponseSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { contentDisposition } from "../../lib/content-disposition.ts";
import { fileResponse } from "../../lib/file-response.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { enforceRateLimits } from "../../plugins/rate-limit.ts";
import { qrPng, qrSvg } from "../locations/service.ts";
import { ownItem } from "./items.ts";
import { menusOfCompany } from "./overview.ts";
import { menuQrPdf } from "./qr.ts";
import {
  createBanner,
  createItem,
  createTable,
  deleteBanner,
  deleteItem,
  deleteTable,
  menuClicks,
  menuForEditing,
  moveBanner,
  moveItem,
  ownLocation,
  ownTable,
  renameTable,
  replaceItemImage,
  setItemDisplayTimes,
  setItemHidden,
  setMenuEnabled,
  tablesOf,
  updateBanner,
  updateItem,
  updateMenuSettings,
} from "./service.ts";
import { menuMultipartOptions, processMenuImage, processMenuPdf, readMenuUpload } from "./uploads.ts";

// The partner's management of a location's digital menu (docs/decisions/009-digital-menu.md,
// section 4; spec section 7's digital menu calls). Registered in the partner scope: request.partner
// is the caller, and every id is checked against its company (404 otherwise).

const tags = ["menu"];
const ok = { data: { ok: true as const } };

/** Form fields that carry JSON (texts per language, code lists, a number); the rest are text. */
const JSON_FIELDS = new Set(["texts", "allergens", "additives", "price_cents"]);

/**
 * The body of a call that takes JSON, or a multipart form with a `file` beside the same fields
 * (texts, allergens, additives and price_cents as JSON text). Unreadable JSON in a form field is
 * left as text, so the schema answers it on that field.
 */
async function readBody(request: FastifyRequest): Promise<{ body: unknown; file: Buffer | undefined }> {
  if (!request.isMultipart()) return { body: request.body ?? {}, file: undefined };
  const upload = await readMenuUpload(request);
  const body = Object.fromEntries(
    Object.entries(upload.fields).map(([name, value]) => {
      if (!JSON_FIELDS.has(name)) return [name, value];
      try {
        return [name, JSON.parse(value)];
      } catch {
        return [name, value];
      }
    }),
  );
  return { body, file: upload.file };
}

function parsed<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw HttpError.fromZod(result.error);
  return result.data;
}

const fileRequired = () => HttpError.validation({ file: ["menu.file.required"] });
const consumes = ["application/json", "multipart/form-data"];
const FORM_NOTE =
  "As multipart/form-data, the same fields as text parts (texts, allergens, additives and price_cents as JSON) beside `file`.";

export const menuRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicUrl = app.config.publicUrl;
  await app.register(multipart, menuMultipartOptions);

  r.get(
    "/dashboard/menus",
    {
      schema: {
        tags,
        summary:
          "The caller's locations with their menu's state (on since, languages, entries, tables), newest first like /dashboard/shop, paged",
        querystring: menuOverviewQuerySchema,
        response: { 200: menuOverviewPageSchema },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { items, total } = await menusOfCompany(app.db, request.partner.companyId, page, per_page, {
        publicUrl,
        localeLists: app.config.menuLocales,
      });
      return { data: items, meta: { page, per_page, total } };
    },
  );

  r.get(
    "/dashboard/menu",
    {
      schema: {
        tags,
        summary: "A location's whole menu for editing: booking, links, tables, items per list, banners",
        querystring: menuShopQuerySchema,
        response: { 200: menuEditResponseSchema },
      },
    },
    async (request) => ({
      data: await menuForEditing(app.db, request.partner.companyId, request.query.shop_id, {
        publicUrl,
        localeLists: app.config.menuLocales,
      }),
    }),
  );

  r.put(
    "/dashboard/menu/settings",
    {
      schema: {
        tags,
        summary: "The menu's app-registration, review and social links",
        querystring: menuShopQuerySchema,
        body: menuSettingsSchema,
        response: { 200: menuLinksResponseSchema },
      },
    },
    async (request) => ({
      data: await updateMenuSettings(app.db, request.partner.companyId, request.query.shop_id, request.body),
    }),
  );

  r.put(
    "/dashboard/menu/enabled",
    {
      schema: {
        tags,
        summary: "Turn the menu on (booked and billed from this month) or off (its content stays)",
        querystring: menuShopQuerySchema,
        body: menuEnabledSchema,
        response: { 200: menuEnabledResponseSchema },
      },
    },
    async (request) => ({
      data: await setMenuEnabled(app.db, request.partner, request.query.shop_id, request.body.enabled),
    }),
  );

  r.post(
    "/dashboard/menu/item/create",
    {
      schema: {
        tags,
        summary:
          "Add an item to the menu's list, or to a table's with table_id (appended last); a photo or PDF item as multipart with its `file`",
        description: `JSON: { kind, texts: { de?: { title?, body? }, en?, fr?, it? }, url?, price_cents?, allergens?, additives? }. ${FORM_NOTE}`,
        consumes,
        querystring: menuItemCreateQuerySchema,
        response: { 201: menuItemResponseSchema },
      },
    },
    async (request, reply) => {
      const { shop_id, table_id } = request.query;
      const companyId = request.partner.companyId;
      const { body, file } = await readBody(request);
      const input = parsed(menuItemCreateSchema, body);
      await ownLocation(app.db, companyId, shop_id);
      if (file && input.kind !== "photo" && input.kind !== "pdf") {
        throw HttpError.validation({ file: ["menu.file.kind"] });
      }
      const files =
        file && input.kind === "photo"
          ? { image: await processMenuImage(file) }
          : file && input.kind === "pdf"
            ? { pdf: await processMenuPdf(file) }
            : {};
      const item = await createItem(app.db, companyId, shop_id, table_id, input, files);
      return reply.status(201).send({ data: item });
    },
  );

  r.post(
    "/dashboard/menu/item/images",
    {
      schema: {
        tags,
        summary: "A photo item's new picture (multipart `file`: PNG, JPEG or WebP under 4 MB)",
        consumes: ["multipart/form-data"],
        querystring: menuItemImagesQuerySchema,
        response: { 200: menuItemResponseSchema },
      },
    },
    async (request) => {
      const companyId = request.partner.companyId;
      const itemId = request.query.menu_item_id;
      const { file } = await readBody(request);
      const { item } = await ownItem(app.db, companyId, itemId);
      if (!file) throw fileRequired();
      if (item.kind !== "photo") throw HttpError.validation({ file: ["menu.file.kind"] });
      return { data: await replaceItemImage(app.db, companyId, itemId, await processMenuImage(file)) };
    },
  );

  r.put(
    "/dashboard/menu/item/move",
    {
      schema: {
        tags,
        summary: "Move an item up or down in its list; answers the list in its new order",
        body: menuMoveSchema,
        response: { 200: menuItemListResponseSchema },
      },
    },
    async (request) => ({ data: await moveItem(app.db, request.partner.companyId, request.body) }),
  );

  r.put(
    "/dashboard/menu/item/:type",
    {
      schema: {
        tags,
        summary: "Hide or show an item",
        params: menuVisibilityParamsSchema,
        body: menuIdBodySchema,
        response: { 200: menuItemResponseSchema },
      },
    },
    async (request) => ({
      data: await setItemHidden(
        app.db,
        request.partner.companyId,
        request.body.id,
        request.params.type === "hide",
      ),
    }),
  );

  r.put(
    "/dashboard/menu/item/:id/display-time",
    {
      schema: {
        tags,
        summary: "Show an item only in these weekly windows (the location's time zone), or always (null)",
        params: idParamsSchema,
        body: menuDisplayTimeSchema,
        response: { 200: menuItemResponseSchema },
      },
    },
    async (request) => ({
      data: await setItemDisplayTimes(
        app.db,
        request.partner.companyId,
        request.params.id,
        request.body.display_times,
      ),
    }),
  );

  r.post(
    "/dashboard/menu/item/:id",
    {
      schema: {
        tags,
        summary:
          "Change an item's texts, link or dish fields (as a whole; the kind's rules apply); a new PDF or picture as multipart `file`",
        description: `JSON: { texts, url?, price_cents?, allergens?, additives? } (the item as a whole). ${FORM_NOTE}`,
        consumes,
        params: idParamsSchema,
        response: { 200: menuItemResponseSchema },
      },
    },
    async (request) => {
      const companyId = request.partner.companyId;
      const { body, file } = await readBody(request);
      const { item } = await ownItem(app.db, companyId, request.params.id);
      // The fields by the item's kind's rules before any file is decoded.
      parsed(menuItemFieldsSchema(item.kind), body);
      if (file && item.kind !== "photo" && item.kind !== "pdf") {
        throw HttpError.validation({ file: ["menu.file.kind"] });
      }
      const files =
        file && item.kind === "photo"
          ? { image: await processMenuImage(file) }
          : file && item.kind === "pdf"
            ? { pdf: await processMenuPdf(file) }
            : {};
      return { data: await updateItem(app.db, companyId, request.params.id, body, files) };
    },
  );

  r.delete(
    "/dashboard/menu/item",
    {
      schema: {
        tags,
        summary: "Delete an item for good, with its click counts",
        querystring: menuIdQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await deleteItem(app.db, request.partner.companyId, request.query.id);
      return ok;
    },
  );

  r.post(
    "/dashboard/menu/tables",
    {
      schema: {
        tags,
        summary: "Add a table (its own guest page and QR code)",
        querystring: menuShopQuerySchema,
        body: menuTableSchema,
        response: { 201: menuTableResponseSchema },
      },
    },
    async (request, reply) => {
      const table = await createTable(
        app.db,
        request.partner.companyId,
        request.query.shop_id,
        request.body.name,
        publicUrl,
      );
      return reply.status(201).send({ data: table });
    },
  );

  r.put(
    "/dashboard/menu/tables/:id",
    {
      schema: {
        tags,
        summary: "Rename a table",
        params: idParamsSchema,
        body: menuTableSchema,
        response: { 200: menuTableResponseSchema },
      },
    },
    async (request) => ({
      data: await renameTable(
        app.db,
        request.partner.companyId,
        request.params.id,
        request.body.name,
        publicUrl,
      ),
    }),
  );

  r.delete(
    "/dashboard/menu/tables/:id",
    {
      schema: {
        tags,
        summary: "Delete a table and its items",
        params: idParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await deleteTable(app.db, request.partner.companyId, request.params.id);
      return ok;
    },
  );

  /** A file name from a name: "qr-tisch-1.png". */
  const fileName = (name: string, ext: string) =>
    contentDisposition(`qr-${name.replace(/[^\p{L}\p{N}]+/gu, "-").toLowerCase()}.${ext}`);

  for (const format of MENU_QR_FORMATS) {
    r.get(
      `/dashboard/menu/tables/:id/qr.${format}`,
      {
        schema: {
          tags,
          summary: `The table's QR code (its guest page dm/{location}/{table}) as ${format.toUpperCase()}`,
          params: idParamsSchema,
          produces: [format === "png" ? "image/png" : "image/svg+xml"],
          response: { 200: fileResponse(`The QR code as ${format.toUpperCase()}`) },
        },
      },
      async (request, reply) => {
        const { table } = await ownTable(app.db, request.partner.companyId, request.params.id);
        const url = `${publicUrl}/dm/${table.locationId}/${table.id}`;
        reply
          .header("cache-control", "private, no-store")
          .header("content-disposition", fileName(table.name, format));
        return format === "png"
          ? reply.type("image/png").send(await qrPng(url))
          : reply.type("image/svg+xml").send(await qrSvg(url));
      },
    );
  }

  r.get(
    "/dashboard/menu/qr/pdf",
    {
      schema: {
        tags,
        summary: "A print sheet (A5 pages) with the menu's own QR code and one per table",
        description: `At most ${FILE_RENDERING.qrPdfsPerHour} QR PDFs per account and hour, the location's included (429).`,
        querystring: menuShopQuerySchema,
        produces: ["application/pdf"],
        response: { 200: fileResponse("The print sheet as PDF") },
      },
    },
    async (request, reply) => {
      const companyId = request.partner.companyId;
      const location = await ownLocation(app.db, companyId, request.query.shop_id);
      // Drawn on the main thread: the location printables' limit per account covers these too.
      await enforceRateLimits(
        app.db,
        [{ key: `qr-pdf:company:${companyId}`, limit: FILE_RENDERING.qrPdfsPerHour, windowSeconds: 3600 }],
        { messageKey: "qrPdf.rateLimited" },
      );
      const tables = await tablesOf(app.db, location.id, publicUrl);
      const pdf = await menuQrPdf(
        {
          locationName: location.name,
          menuUrl: `${publicUrl}/dm/${location.id}`,
          tables: tables.map((table) => ({ name: table.name, url: table.public_url })),
        },
        request.locale,
      );
      return reply
        .type("application/pdf")
        .header("cache-control", "private, no-store")
        .header("content-disposition", fileName(location.name, "pdf"))
        .send(pdf);
    },
  );

  r.put(
    "/dashboard/menu/banner/move",
    {
      schema: {
        tags,
        summary: "Move a banner up or down; answers the banners in their new order",
        body: menuMoveSchema,
        response: { 200: menuBannerListResponseSchema },
      },
    },
    async (request) => ({ data: await moveBanner(app.db, request.partner.companyId, request.body) }),
  );

  r.post(
    "/dashboard/menu/banner/create",
    {
      schema: {
        tags,
        summary:
          "Add a banner: multipart `file` (PNG, JPEG or WebP under 4 MB), `url` and `texts` (alt texts, JSON)",
        description: "Text parts `url` and `texts` (JSON: { de?: { alt? }, en?, fr?, it? }) beside `file`.",
        consumes: ["multipart/form-data"],
        querystring: menuShopQuerySchema,
        response: { 201: menuBannerResponseSchema },
      },
    },
    async (request, reply) => {
      const companyId = request.partner.companyId;
      const { body, file } = await readBody(request);
      const fields = parsed(menuBannerFieldsSchema, body);
      await ownLocation(app.db, companyId, request.query.shop_id);
      if (!file) throw fileRequired();
      const image = await processMenuImage(file);
      const banner = await createBanner(app.db, companyId, request.query.shop_id, image, fields);
      return reply.status(201).send({ data: banner });
    },
  );

  r.post(
    "/dashboard/menu/banner/:id",
    {
      schema: {
        tags,
        summary:
          "Change a banner's link and alt texts (a banner without a link is not shown); a new picture as multipart `file`",
        description: `JSON: { url, texts: { de?: { alt? }, … } }. ${FORM_NOTE}`,
        consumes,
        params: idParamsSchema,
        response: { 200: menuBannerResponseSchema },
      },
    },
    async (request) => {
      const companyId = request.partner.companyId;
      const { body, file } = await readBody(request);
      const fields = parsed(menuBannerFieldsSchema, body);
      const image = file ? await processMenuImage(file) : undefined;
      return { data: await updateBanner(app.db, companyId, request.params.id, fields, image) };
    },
  );

  r.delete(
    "/dashboard/menu/banner",
    {
      schema: {
        tags,
        summary: "Delete a banner",
        querystring: menuIdQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await deleteBanner(app.db, request.partner.companyId, request.query.id);
      return ok;
    },
  );

  r.get(
    "/dashboard/menu/clicks",
    {
      schema: {
        tags,
        summary: "Guests' clicks per item in a month (default: this month), and the months that have any",
        querystring: menuClicksQuerySchema,
        response: { 200: menuClicksResponseSchema },
      },
    },
    async (request) => ({
      data: await menuClicks(app.db, request.partner.companyId, request.query.shop_id, request.query.month),
    }),
  );
};
