import { dataOf, faqLanguageQuery, faqReadEntrySchema } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { readerFaqEntries } from "./service.ts";

const readResponse = { 200: dataOf(z.array(faqReadEntrySchema)) };

/** The FAQ for readers of the public page. */
export const faqRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/faq",
    {
      schema: {
        tags: ["faq"],
        summary: "Published entries for the public FAQ page, in one language, answers converted",
        querystring: faqLanguageQuery,
        response: readResponse,
      },
    },
    async (request) => ({
      data: await readerFaqEntries(app.db, "public", request.query.lang ?? request.locale),
    }),
  );
};

/** The partners' FAQ in the dashboard; in the partner scope. */
export const partnerFaqRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/dashboard/adminFaq",
    {
      schema: {
        tags: ["faq"],
        summary: "Published entries for partners (spec section 7), in one language, answers converted",
        querystring: faqLanguageQuery,
        response: readResponse,
      },
    },
    async (request) => ({
      data: await readerFaqEntries(app.db, "partners", request.query.lang ?? request.locale),
    }),
  );
};
