import { dataOf, monthSchema, nftStatementSchema } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { nftStatement } from "./nft-statement.ts";

/**
 * `GET /subscription/nft-statements/{YYYY-MM}` (docs/decisions/010-coupons-and-vouchers.md,
 * sections 5 and 7): the month's voucher sales, fees, refunds and payouts of the calling partner,
 * the running month before its statement is issued, with the issued statement once it exists.
 */
export const nftStatementRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/subscription/nft-statements/:month",
    {
      schema: {
        tags: ["billing"],
        summary:
          "The month's voucher statement: sales, fees, refunds, payouts and what is still to be paid out",
        params: z.object({ month: monthSchema }),
        response: { 200: dataOf(nftStatementSchema) },
      },
    },
    async (request) => ({
      data: await nftStatement(app.db, request.partner.companyId, request.params.month),
    }),
  );
};
