import {
  dataOf,
  idParamsSchema,
  partnerTermsSchema,
  termsAnnouncedSchema,
  termsAnnouncementSchema,
  termsObjectionHandledSchema,
  termsObjectionRowSchema,
  termsObjectionSchema,
  termsObjectionsQuerySchema,
  termsObjectionViewSchema,
  termsVersionRowSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  announceTerms,
  handleObjection,
  listObjections,
  listTermsVersions,
  objectToTerms,
  partnerTerms,
} from "./service.ts";

/** The partner's terms (docs/product.md, "Terms and records"), under /api/v2. */
export const termsRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/dashboard/terms",
    {
      schema: {
        tags: ["terms"],
        summary: "The partner's accepted terms version, and an announced change not yet in effect",
        response: {
          200: dataOf(partnerTermsSchema),
        },
      },
    },
    async (request) => ({
      data: await partnerTerms(app.db, request.partner.companyId, request.locale),
    }),
  );

  r.post(
    "/dashboard/terms/:id/objection",
    {
      schema: {
        tags: ["terms"],
        summary:
          "Object to an announced change (until the day before it takes effect); the partner keeps its version",
        params: idParamsSchema,
        body: termsObjectionSchema,
        response: { 200: dataOf(termsObjectionViewSchema) },
      },
    },
    async (request) => {
      const user = request.partner;
      return {
        data: await objectToTerms(
          app.db,
          user.companyId,
          user.userId,
          request.params.id,
          request.body.reason,
        ),
      };
    },
  );
};

/** The team's side: versions, announcements and objections (registered inside /api/admin). */
export const termsAdminRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/terms/versions",
    {
      schema: {
        tags: ["admin"],
        summary: "Partner terms versions, newest first, with acceptances and objections counted",
        response: {
          200: dataOf(z.array(termsVersionRowSchema)),
        },
      },
    },
    async () => ({ data: await listTermsVersions(app.db) }),
  );

  r.post(
    "/terms/versions",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Announce a new version: mails every partner; it takes effect on valid_from without objection",
        body: termsAnnouncementSchema,
        response: { 201: dataOf(termsAnnouncedSchema) },
      },
    },
    async (request, reply) => {
      const data = await announceTerms(app.db, request.body, {
        userId: request.teamMember.userId,
        publicUrl: app.config.publicUrl,
        supportEmail: app.config.supportEmail,
      });
      return reply.code(201).send({ data });
    },
  );

  r.get(
    "/terms/objections",
    {
      schema: {
        tags: ["admin"],
        summary: "Objections to terms changes: open ones first; open=true or false to filter",
        querystring: termsObjectionsQuerySchema,
        response: { 200: dataOf(z.array(termsObjectionRowSchema)) },
      },
    },
    async (request) => ({
      data: await listObjections(
        app.db,
        request.query.open === undefined ? undefined : request.query.open === "true",
      ),
    }),
  );

  r.post(
    "/terms/objections/:id/handled",
    {
      schema: {
        tags: ["admin"],
        summary: "Mark an objection handled, with a note of the outcome (once)",
        params: idParamsSchema,
        body: termsObjectionHandledSchema,
        response: { 200: dataOf(termsObjectionRowSchema) },
      },
    },
    async (request) => ({
      data: await handleObjection(app.db, request.params.id, request.teamMember.userId, request.body.note),
    }),
  );
};
