import { emailSchema, pageMetaSchema, wholeNumber } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
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
        querystring: z.object({
          email: emailSchema.optional(),
          page: wholeNumber(1, 100_000).default(1),
          per_page: wholeNumber(1, 100).default(20),
        }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number(),
                company_id: z.number(),
                company_name: z.string(),
                email_sha256: z.string().nullable(),
                status: z.string(),
                reason: z.enum(["inactive_incomplete"]),
                last_activity_at: z.string(),
                first_warning_at: z.string(),
                second_warning_at: z.string(),
                deleted_at: z.string(),
              }),
            ),
            meta: pageMetaSchema,
          }),
        },
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
