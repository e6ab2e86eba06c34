import { clientsCsvFileSchema, clientsCsvParamsSchema, nftMonitorPageSchema } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contentDisposition } from "../../lib/content-disposition.ts";
import { fileResponse } from "../../lib/file-response.ts";
import {
  createMonitorExport,
  findMonitorExport,
  listMonitor,
  monitorBatches,
  monitorCsv,
  monitorCsvFileName,
  monitorQuerySchema,
  monitorSelectionSchema,
} from "./monitor.ts";

/**
 * The monitor of coupons and vouchers (docs/decisions/010-coupons-and-vouchers.md, section 7): the
 * company's issues, purchases, redemptions and refunds, filtered and paged, and their CSV fetched
 * in two steps as the clients CSV is (a short-lived URL the browser navigates to).
 */
export const nftMonitorRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/dashboard/nft/monitor",
    {
      schema: {
        tags: ["nft"],
        summary:
          "Issues, purchases, redemptions and refunds of the partner's coupons and vouchers, newest first",
        description:
          "from/to: Berlin days, inclusive; type: coupon, voucher, cash_voucher; kind: issued, purchased, redeemed, refunded; " +
          "offer_id: one of the partner's offers (404 for any other). The client's name only when the customer shares their contact data with this partner.",
        querystring: monitorQuerySchema,
        response: { 200: nftMonitorPageSchema },
      },
    },
    async (request) => listMonitor(app.db, request.partner.companyId, request.query),
  );

  r.get(
    "/dashboard/nft/monitor/csv",
    {
      schema: {
        tags: ["nft"],
        summary: "A download URL (valid 5 minutes, for this partner's session only) of the monitor's CSV",
        querystring: monitorSelectionSchema,
        response: { 200: clientsCsvFileSchema },
      },
    },
    async (request) => {
      const token = await createMonitorExport(
        app.db,
        request.partner.companyId,
        request.query,
        request.locale,
      );
      return { data: { file: `${app.config.publicUrl}/api/v2/dashboard/nft/monitor/csv/${token}` } };
    },
  );

  r.get(
    "/dashboard/nft/monitor/csv/:token",
    {
      schema: {
        tags: ["nft"],
        summary:
          "The monitor's CSV of a download URL (UTF-8 with BOM; ';', DD.MM.YYYY and decimal commas in German)",
        description: "404 when the URL is unknown, expired, another partner's or not a monitor download.",
        params: clientsCsvParamsSchema,
        produces: ["text/csv"],
        response: { 200: fileResponse("The monitor's rows as CSV") },
      },
    },
    async (request, reply) => {
      const companyId = request.partner.companyId;
      const now = new Date();
      const selection = await findMonitorExport(app.db, companyId, request.params.token, now);
      const csv = monitorCsv(monitorBatches(app.db, companyId, selection), selection.locale, (error) => {
        // A download cancelled in the browser ends the stream early: no fault of ours.
        if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") {
          request.log.info("monitor CSV download cancelled");
        } else request.log.error({ err: error }, "monitor CSV export failed");
      });
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", contentDisposition(monitorCsvFileName(selection.locale, now)))
        .header("cache-control", "private, no-store")
        .send(csv);
    },
  );
};
