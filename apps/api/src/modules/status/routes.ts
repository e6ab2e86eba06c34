import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { accountStatus, accountStatusResponse } from "./service.ts";

export const statusRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/dashboard/status",
    {
      schema: {
        tags: ["status"],
        summary: "The account's status colour and what is still missing for the review",
        response: {
          200: accountStatusResponse,
        },
      },
    },
    async (request) => ({ data: await accountStatus(app.db, request.partner.companyId) }),
  );
};
