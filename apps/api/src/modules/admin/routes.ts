import { ACCOUNT_STATUSES, oneLineString, pageOf, wholeNumber } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../../plugins/auth.ts";
import { billingAdminRoutes } from "../billing/admin-routes.ts";
import { hardwareAdminRoutes } from "../contract/routes.ts";
import { faqAdminRoutes } from "../faq/admin-routes.ts";
import { retentionAdminRoutes } from "../retention/routes.ts";
import { termsAdminRoutes } from "../terms/routes.ts";
import { reviewRoutes } from "./review-routes.ts";
import { getMail, listMails, listPartners } from "./service.ts";

const paging = z.object({
  search: oneLineString().max(100, { error: "text.max" }).optional(),
  page: wholeNumber(1, 100_000).default(1),
  per_page: wholeNumber(1, 100).default(20),
});
const mailStatus = z.enum(["queued", "sent", "failed"]);
const statuses = z.enum(ACCOUNT_STATUSES);

/** The provider team's console API (/api/admin); partners get 403. */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireAdmin);
  await app.register(reviewRoutes);
  await app.register(billingAdminRoutes);
  await app.register(hardwareAdminRoutes);
  await app.register(termsAdminRoutes);
  await app.register(retentionAdminRoutes);
  await app.register(faqAdminRoutes);

  r.get(
    "/partners",
    {
      schema: {
        tags: ["admin"],
        summary: "Partner accounts, newest first; search by company name or email",
        querystring: paging,
        response: {
          200: pageOf(
            z.object({
              id: z.number(),
              name: z.string(),
              type: z.enum(["partner", "master", "slave"]),
              status: statuses,
              legal_form: z.string().nullable(),
              email: z.string(),
              confirmed: z.boolean(),
              email_verified_at: z.string().nullable(),
              registration_completed_at: z.string().nullable(),
              created_at: z.string(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { items, total } = await listPartners(app.db, request.query);
      return { data: items, meta: { page: request.query.page, per_page: request.query.per_page, total } };
    },
  );

  r.get(
    "/mails",
    {
      schema: {
        tags: ["admin"],
        summary: "The mail outbox, newest first",
        querystring: paging,
        response: {
          200: pageOf(
            z.object({
              id: z.number(),
              template: z.string(),
              locale: z.string(),
              to: z.string(),
              subject: z.string(),
              status: mailStatus,
              attempts: z.number(),
              created_at: z.string(),
              sent_at: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { items, total } = await listMails(app.db, request.query);
      return { data: items, meta: { page: request.query.page, per_page: request.query.per_page, total } };
    },
  );

  r.get(
    "/mails/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One mail as it was (or will be) sent",
        params: z.object({
          id: wholeNumber(1, Number.MAX_SAFE_INTEGER),
        }),
        response: {
          200: z.object({
            data: z.object({
              id: z.number(),
              template: z.string(),
              locale: z.string(),
              to: z.string(),
              reply_to: z.string().nullable(),
              subject: z.string(),
              html: z.string(),
              text: z.string(),
              status: mailStatus,
              attempts: z.number(),
              last_error: z.string().nullable(),
              created_at: z.string(),
              sent_at: z.string().nullable(),
            }),
          }),
        },
      },
    },
    async (request) => ({ data: await getMail(app.db, request.params.id) }),
  );
};
