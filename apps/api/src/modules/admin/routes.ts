import {
  adminPartnerRowSchema,
  dataOf,
  idParamsSchema,
  mailDetailSchema,
  mailRowSchema,
  oneLineString,
  pageOf,
  wholeNumber,
} from "@stempla/domain";
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
          200: pageOf(adminPartnerRowSchema),
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
          200: pageOf(mailRowSchema),
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
        params: idParamsSchema,
        response: {
          200: dataOf(mailDetailSchema),
        },
      },
    },
    async (request) => ({ data: await getMail(app.db, request.params.id) }),
  );
};
