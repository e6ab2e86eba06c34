import {
  clientsCsvFileSchema,
  clientsCsvParamsSchema,
  clientsPageSchema,
  clientsQuerySchema,
  clientsSelectionSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contentDisposition } from "../../lib/content-disposition.ts";
import { fileResponse } from "../../lib/file-response.ts";
import { clientsCsv, csvFileName } from "./csv.ts";
import { clientBatches, createExport, findExport, listClients } from "./service.ts";

/**
 * The clients page (spec section 2 "Clients", section 7): the customers who share their contact
 * data with the partner, and the CSV of them. The CSV is fetched in two steps, as the spec's web
 * app does: GET /dashboard/users/csv answers a short-lived file URL, the browser navigates to it.
 */
export const clientRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/dashboard/users",
    {
      schema: {
        tags: ["clients"],
        summary: "Customers who share their contact data with the partner, the latest visit first",
        description:
          "Only customers who agreed in the app to share their contact data with this partner and collected at least once. " +
          "search: words matched in email, first name, surname and phone (each word must match); " +
          "filter: all, full (points at least the card size), active (a visit within 60 days), inactive.",
        querystring: clientsQuerySchema,
        response: { 200: clientsPageSchema },
      },
    },
    async (request) => listClients(app.db, request.partner.companyId, request.query),
  );

  r.get(
    "/dashboard/users/csv",
    {
      schema: {
        tags: ["clients"],
        summary: "A download URL (valid 5 minutes, for this partner's session only) of the clients CSV",
        querystring: clientsSelectionSchema,
        response: { 200: clientsCsvFileSchema },
      },
    },
    async (request) => {
      const token = await createExport(app.db, request.partner.companyId, request.query, request.locale);
      return { data: { file: `${app.config.publicUrl}/api/v2/dashboard/users/csv/${token}` } };
    },
  );

  r.get(
    "/dashboard/users/csv/:token",
    {
      schema: {
        tags: ["clients"],
        summary: "The clients CSV of a download URL (UTF-8 with BOM; ';' and DD.MM.YYYY in German)",
        description:
          "Streams the CSV in the language the URL was asked for. 404 when the URL is unknown, expired or another partner's.",
        params: clientsCsvParamsSchema,
        produces: ["text/csv"],
        response: { 200: fileResponse("The clients as CSV") },
      },
    },
    async (request, reply) => {
      const companyId = request.partner.companyId;
      const now = new Date();
      const selection = await findExport(app.db, companyId, request.params.token, now);
      const file = csvFileName(selection.locale, now);
      const csv = clientsCsv(clientBatches(app.db, companyId, selection, now), selection.locale, (error) => {
        // A download cancelled in the browser ends the stream early: no fault of ours.
        if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") {
          request.log.info("clients CSV download cancelled");
        } else request.log.error({ err: error }, "clients CSV export failed");
      });
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", contentDisposition(file))
        .header("cache-control", "private, no-store")
        .send(csv);
    },
  );
};
