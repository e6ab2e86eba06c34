import { ACCOUNT_STATUSES, RED_CAUSES, SETUP_REQUIREMENTS } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, requireUser } from "../../plugins/auth.ts";
import { companyOf } from "../locations/service.ts";
import { accountStatus } from "./service.ts";

/** GET /dashboard/status and the console's status actions answer the same shape. */
export const accountStatusResponse = z.object({
  data: z.object({
    status: z.enum(ACCOUNT_STATUSES),
    /** Red only: blocked by the provider team, or a live account missing required data. */
    red_cause: z.enum(RED_CAUSES).nullable(),
    missing: z.array(z.enum(SETUP_REQUIREMENTS)),
    approved_at: z.string().nullable(),
    /** When the current colour began. */
    since: z.string(),
    /** Why the provider team blocked the account (red only). */
    reason: z.string().nullable(),
  }),
});

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
      onRequest: requireUser,
    },
    async (request) => ({ data: await accountStatus(app.db, companyOf(currentUser(request))) }),
  );
};
