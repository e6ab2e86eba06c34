import { accountDeletionPageSchema, accountDeletionQuerySchema } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { listAccountDeletions } from "./inactive-accounts.ts";

/** The deletion log of inactive incomplete accounts (registered inside /api/admin, so admins only). */
export const retentionAdminRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/account-deletions",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Deleted inactive incomplete accounts, newest first; email= finds one address (matched by its hash)",
        querystring: accountDeletionQuerySchema,
        response: { 200: accountDeletionPageSchema },
      },
    },
    async (request) => {
      const { email, page, per_page } = request.query;
      const { items, total } = await listAccountDeletions(app.db, {
        ...(email ? { email } : {}),
        page,
        perPage: per_page,
      });
      return { data: items, meta: { page, per_page, total } };
    },
  );
};
