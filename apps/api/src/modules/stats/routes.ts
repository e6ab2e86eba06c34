import {
  averageReceiptSchema,
  customerHistorySchema,
  dashboardStatsSchema,
  dataOf,
  fraudListSchema,
  pointBalanceSchema,
  redeemDilutionSchema,
  redeemHistorySchema,
  scanHistoryQuerySchema,
  scanHistorySchema,
  statsAvailableSchema,
  statsQuerySchema,
  topCustomersSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contentDisposition } from "../../lib/content-disposition.ts";
import { getPartner } from "../partner/service.ts";
import {
  customerHistory,
  dashboardStats,
  fraudList,
  pointBalance,
  redeemDilution,
  redeemHistory,
  scanHistory,
  selectionOf,
  setAverageReceipt,
  statsAvailable,
  topCustomers,
} from "./service.ts";
import { statsPdf, statsPdfFileName } from "./stats-pdf.ts";

/**
 * The partner's statistics (spec section 2 start/dashboard, section 7). Query: month (YYYY-MM,
 * default the current month in Germany), scope (own, or network for a master) and locations
 * (chosen ids, own or a franchisee's; `location` is an alias of one): selectionOf,
 * docs/decisions/008-franchise-model.md section 4.
 */
export const statsRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const selection = (request: FastifyRequest, query: z.infer<typeof statsQuerySchema>) =>
    selectionOf(app.db, request.viewer, query);

  const simple = (
    path: string,
    summary: string,
    schema: z.ZodType,
    read: (s: Awaited<ReturnType<typeof selectionOf>>) => Promise<unknown>,
  ) =>
    r.get(
      path,
      {
        schema: {
          tags: ["statistics"],
          summary,
          querystring: statsQuerySchema,
          response: { 200: dataOf(schema) },
        },
      },
      async (request) => ({ data: await read(await selection(request, request.query)) }),
    );

  simple("/dashboard/stats", "Key figures of the selected month and scope", dashboardStatsSchema, (s) =>
    dashboardStats(app.db, s),
  );
  simple(
    "/dashboard/redeemHistory",
    "Cards redeemed per month, 12 months up to the selected one",
    redeemHistorySchema,
    (s) => redeemHistory(app.db, s),
  );
  simple(
    "/dashboard/redeemDilution",
    "Points collected and redeemed per month, 12 months up to the selected one",
    redeemDilutionSchema,
    (s) => redeemDilution(app.db, s),
  );
  simple(
    "/dashboard/customerHistory",
    "New and returning customers per month, 12 months up to the selected one",
    customerHistorySchema,
    (s) => customerHistory(app.db, s),
  );
  simple(
    "/dashboard/pointBalance",
    "Per location: cards redeemed, points collected and the difference in the selected month",
    pointBalanceSchema,
    (s) => pointBalance(app.db, s),
  );
  simple(
    "/dashboard/fraud",
    "Customers who hit the PIN limit or an unusual daily count in the month, at the own locations of the selection (a franchisee's customers stay its own)",
    fraudListSchema,
    (s) => fraudList(app.db, s),
  );

  r.get(
    "/dashboard/scanHistory",
    {
      schema: {
        tags: ["statistics"],
        summary: "Scans per week (12 weeks) or per month (12 months) up to the selected month",
        querystring: scanHistoryQuerySchema,
        response: { 200: dataOf(scanHistorySchema) },
      },
    },
    async (request) => ({
      data: await scanHistory(app.db, await selection(request, request.query), request.query.period),
    }),
  );

  r.get(
    "/dashboard/stats/pdf",
    {
      schema: {
        tags: ["statistics"],
        summary:
          "The selection's statistics as a PDF download: the start page's key figures, charts and point balance per location, in the request's language",
        querystring: scanHistoryQuerySchema,
        produces: ["application/pdf"],
        response: {
          200: z
            .custom<Buffer>()
            .meta({ type: "string", format: "binary", description: "The PDF file (A4)" }),
        },
      },
    },
    async (request, reply) => {
      const s = await selection(request, request.query);
      const [stats, weeks, redeems, dilution, customers, balance, top, fraud, partner] = await Promise.all([
        dashboardStats(app.db, s),
        scanHistory(app.db, s, request.query.period),
        redeemHistory(app.db, s),
        redeemDilution(app.db, s),
        customerHistory(app.db, s),
        pointBalance(app.db, s),
        topCustomers(app.db, s.viewerCompanyId),
        fraudList(app.db, s),
        getPartner(app.db, s.viewerCompanyId),
      ]);
      const pdf = await statsPdf({
        locale: request.locale,
        partnerName: partner.public_name || partner.company_name,
        // A chosen set's point balance has exactly its locations; a network's, all of them.
        selection: s.locations
          ? { kind: "locations", names: balance.locations.map((l) => l.name) }
          : s.scope === "network"
            ? { kind: "network", companies: s.companyIds.length, locations: balance.locations.length }
            : { kind: "all" },
        companies: s.companyIds.length,
        franchise: balance.locations.some((l) => l.kind === "franchise"),
        createdAt: s.now,
        stats,
        scanHistory: weeks,
        scanHistoryPeriod: request.query.period,
        redeemHistory: redeems,
        redeemDilution: dilution,
        customerHistory: customers,
        pointBalance: balance,
        topCustomers: top,
        fraud,
      });
      const file = statsPdfFileName(request.locale, stats.month);
      return reply
        .type("application/pdf")
        .header("content-disposition", contentDisposition(file))
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );

  r.get(
    "/dashboard/pointBalance/available",
    {
      schema: {
        tags: ["statistics"],
        summary: "The months with statistics and the locations to choose from",
        response: { 200: dataOf(statsAvailableSchema) },
      },
    },
    async (request) => ({ data: await statsAvailable(app.db, request.viewer) }),
  );

  r.get(
    "/dashboard/topCustomers",
    {
      schema: {
        tags: ["statistics"],
        summary: "The ten customers with the most collections since the start",
        response: { 200: dataOf(topCustomersSchema) },
      },
    },
    async (request) => ({ data: await topCustomers(app.db, request.partner.companyId) }),
  );

  r.put(
    "/dashboard/stats/settings",
    {
      schema: {
        tags: ["statistics"],
        summary: "The average receipt the estimated extra revenue is computed with",
        body: averageReceiptSchema,
        response: { 200: dataOf(averageReceiptSchema) },
      },
    },
    async (request) => {
      await setAverageReceipt(app.db, request.partner.companyId, request.body.average_receipt_cents);
      return { data: request.body };
    },
  );
};
