import {
  dataOf,
  faqAdminEntrySchema,
  faqEntryInputSchema,
  faqMoveSchema,
  faqPublishedSchema,
  idParamsSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createFaqEntry,
  deleteFaqEntry,
  listFaqEntries,
  moveFaqEntry,
  setFaqEntryPublished,
  updateFaqEntry,
} from "./service.ts";

const entryResponse = dataOf(faqAdminEntrySchema);

/** The console's FAQ tab (/api/admin/faq); registered inside the admin routes, so team only. */
export const faqAdminRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/faq",
    {
      schema: {
        tags: ["admin"],
        summary: "Every FAQ entry, published or not, in page order",
        response: { 200: dataOf(z.array(faqAdminEntrySchema)) },
      },
    },
    async () => ({ data: await listFaqEntries(app.db) }),
  );

  r.post(
    "/faq",
    {
      schema: {
        tags: ["admin"],
        summary: "A new entry in German and English, at the end of its topic",
        body: faqEntryInputSchema,
        response: { 201: entryResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createFaqEntry(app.db, request.body, request.teamMember.userId) }),
  );

  r.put(
    "/faq/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Replace an entry's texts and settings",
        params: idParamsSchema,
        body: faqEntryInputSchema,
        response: { 200: entryResponse },
      },
    },
    async (request) => ({
      data: await updateFaqEntry(app.db, request.params.id, request.body, request.teamMember.userId),
    }),
  );

  r.put(
    "/faq/:id/published",
    {
      schema: {
        tags: ["admin"],
        summary: "Publish or unpublish an entry",
        params: idParamsSchema,
        body: faqPublishedSchema,
        response: { 200: entryResponse },
      },
    },
    async (request) => ({
      data: await setFaqEntryPublished(
        app.db,
        request.params.id,
        request.body.published,
        request.teamMember.userId,
      ),
    }),
  );

  r.post(
    "/faq/:id/move",
    {
      schema: {
        tags: ["admin"],
        summary: "Move an entry one place up or down within its topic",
        params: idParamsSchema,
        body: faqMoveSchema,
        response: { 200: entryResponse },
      },
    },
    async (request) => ({ data: await moveFaqEntry(app.db, request.params.id, request.body.direction) }),
  );

  r.delete(
    "/faq/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete an entry for good",
        params: idParamsSchema,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      await deleteFaqEntry(app.db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
