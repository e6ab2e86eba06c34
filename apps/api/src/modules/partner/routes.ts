import {
  ACCOUNT_STATUSES,
  bonusCardSchema,
  bonusCardViewSchema,
  partnerSocialSchema,
  partnerSocialViewSchema,
  wholeNumber,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, requireUser } from "../../plugins/auth.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { companyOf } from "../locations/service.ts";
import { partnerDataChanged } from "../status/service.ts";
import { createSocial, deleteSocial, getPartner, saveCard, updateSocial } from "./service.ts";

const idParams = z.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });
const partnerView = bonusCardViewSchema.extend({
  id: z.number(),
  company_name: z.string(),
  public_name: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
});
const okSchema = z.object({ data: z.object({ ok: z.literal(true) }) });

/** The partner-level fields and the bonus card (spec section 7: /dashboard/partner, /partnerSocials). */
export const partnerRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicUrl = app.config.publicUrl;
  const company = (request: Parameters<typeof currentUser>[0]) => companyOf(currentUser(request));

  r.get(
    "/dashboard/partner",
    {
      schema: {
        tags: ["partner"],
        summary: "The signed-in partner (a list with one entry) with its bonus card and links",
        response: { 200: z.object({ data: z.array(partnerView) }) },
      },
      preHandler: requireUser,
    },
    async (request) => ({ data: [await getPartner(app.db, company(request))] }),
  );

  r.post(
    "/dashboard/partner/:id",
    {
      schema: {
        tags: ["partner"],
        summary: "Save the bonus card: offer (20 words at most), maximum points, conditions",
        description: "A change of reviewed data on a live (green) account sends it to review (orange).",
        params: idParams,
        body: bonusCardSchema,
        response: { 200: z.object({ data: partnerView }) },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const companyId = company(request);
      if (request.params.id !== companyId) throw HttpError.notFound();
      const changed = await saveCard(app.db, companyId, request.body);
      await partnerDataChanged(app.db, companyId, changed, publicUrl);
      return { data: await getPartner(app.db, companyId) };
    },
  );

  r.post(
    "/dashboard/partnerSocials",
    {
      schema: {
        tags: ["partner"],
        summary: "Add a link to the card (website, Facebook, Instagram, TikTok, Twitter, contact email)",
        body: partnerSocialSchema,
        response: { 201: z.object({ data: partnerSocialViewSchema }) },
      },
      preHandler: requireUser,
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createSocial(app.db, company(request), request.body) }),
  );

  r.post(
    "/dashboard/partnerSocials/:id",
    {
      schema: {
        tags: ["partner"],
        summary: "Change a link",
        params: idParams,
        body: partnerSocialSchema,
        response: { 200: z.object({ data: partnerSocialViewSchema }) },
      },
      preHandler: requireUser,
    },
    async (request) => ({
      data: await updateSocial(app.db, company(request), request.params.id, request.body),
    }),
  );

  r.delete(
    "/dashboard/partnerSocials/:id",
    {
      schema: { tags: ["partner"], summary: "Remove a link", params: idParams, response: { 200: okSchema } },
      preHandler: requireUser,
    },
    async (request) => {
      await deleteSocial(app.db, company(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
