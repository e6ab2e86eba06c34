import {
  adminListQuerySchema,
  adminPartnersPageSchema,
  dataOf,
  idParamsSchema,
  mailDetailSchema,
  mailsPageSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { getMail, listMails, listPartners } from "./service.ts";

/** The console's partner list and mail outbox (/api/admin, in the team scope: partners get 403). */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/partners",
    {
      schema: {
        tags: ["admin"],
        summary: "Partner accounts, newest first; search by company name or email",
        querystring: adminListQuerySchema,
        response: {
          200: adminPartnersPageSchema,
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
        querystring: adminListQuerySchema,
        response: {
          200: mailsPageSchema,
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
