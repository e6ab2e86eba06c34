import { categoriesQuerySchema, referenceListSchema } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { listCategories, listLegalForms } from "./service.ts";

export const referenceRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/legalForm",
    {
      schema: {
        tags: ["reference"],
        summary: "German legal forms a partner can register with",
        response: { 200: referenceListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await listLegalForms(app.db, request.locale);
      reply.header("cache-control", "public, max-age=300");
      return { data: items, meta: { page: 1, per_page: items.length, total } };
    },
  );

  r.get(
    "/categories",
    {
      schema: {
        tags: ["reference"],
        summary: "Business categories (one primary plus up to two per partner)",
        querystring: categoriesQuerySchema,
        response: { 200: referenceListSchema },
      },
    },
    async (request, reply) => {
      const { limit, page } = request.query;
      const { items, total } = await listCategories(app.db, request.locale, limit, page);
      reply.header("cache-control", "public, max-age=300");
      return { data: items, meta: { page, per_page: limit, total } };
    },
  );
};
