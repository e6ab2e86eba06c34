import {
  idParamsSchema,
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
  menuItemListResponseSchema,
  menuItemResponseSchema,
  menuItemUpdateSchema,
  menuLinksResponseSchema,
  menuMoveSchema,
  menuSettingsSchema,
  menuShopQuerySchema,
  menuTableResponseSchema,
  menuTableSchema,
  menuVisibilityParamsSchema,
  okResponseSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createItem,
  createTable,
  deleteBanner,
  deleteItem,
  deleteTable,
  menuClicks,
  menuForEditing,
  moveBanner,
  moveItem,
  renameTable,
  setItemDisplayTimes,
  setItemHidden,
  setMenuEnabled,
  updateBanner,
  updateItem,
  updateMenuSettings,
} from "./service.ts";

// The partner's management of a location's digital menu (docs/decisions/009-digital-menu.md,
// section 4; spec section 7's digital menu calls). Registered in the partner scope: request.partner
// is the caller, and every id is checked against its company (404 otherwise).

const tags = ["menu"];
const ok = { data: { ok: true as const } };

export const menuRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicUrl = app.config.publicUrl;

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
        summary: "Add an item to the menu's list, or to a table's with table_id (appended last)",
        querystring: menuItemCreateQuerySchema,
        body: menuItemCreateSchema,
        response: { 201: menuItemResponseSchema },
      },
    },
    async (request, reply) => {
      const { shop_id, table_id } = request.query;
      const item = await createItem(app.db, request.partner.companyId, shop_id, table_id, request.body);
      return reply.status(201).send({ data: item });
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
        summary: "Change an item's texts, link or dish fields (as a whole; the kind's rules apply)",
        params: idParamsSchema,
        body: menuItemUpdateSchema,
        response: { 200: menuItemResponseSchema },
      },
    },
    // The body is checked again by the item's kind (which fields it needs) in updateItem.
    async (request) => ({
      data: await updateItem(app.db, request.partner.companyId, request.params.id, request.body),
    }),
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
    "/dashboard/menu/banner/:id",
    {
      schema: {
        tags,
        summary: "Change a banner's link and alt texts (a banner without a link is not shown)",
        params: idParamsSchema,
        body: menuBannerFieldsSchema,
        response: { 200: menuBannerResponseSchema },
      },
    },
    async (request) => ({
      data: await updateBanner(app.db, request.partner.companyId, request.params.id, request.body),
    }),
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
