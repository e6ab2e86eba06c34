import multipart from "@fastify/multipart";
import {
  FILE_RENDERING,
  idParamsSchema,
  LOGO_MAX_BYTES,
  partnerListResponseSchema,
  partnerResponseSchema,
  partnerSocialRemovedSchema,
  partnerSocialResponseSchema,
  partnerSocialSchema,
  partnerUpdateSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HttpError } from "../../plugins/http-error.ts";
import { enforceRateLimits } from "../../plugins/rate-limit.ts";
import { withPartnerChange } from "../status/service.ts";
import { processLogo } from "./logo.ts";
import {
  createSocial,
  deleteSocial,
  getPartner,
  removeLogo,
  saveLogo,
  updatePartner,
  updateSocial,
} from "./service.ts";

/** The partner-level fields and the bonus card (spec section 7: /dashboard/partner, /partnerSocials). */
export const partnerRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicUrl = app.config.publicUrl;

  r.get(
    "/dashboard/partner",
    {
      schema: {
        tags: ["partner"],
        summary: "The signed-in partner (a list with one entry) with its bonus card and links",
        response: { 200: partnerListResponseSchema },
      },
    },
    async (request) => ({ data: [await getPartner(app.db, request.partner.companyId)] }),
  );

  r.post(
    "/dashboard/partner/:id",
    {
      schema: {
        tags: ["partner"],
        summary:
          "Save partner-level fields: offer (20 words at most), maximum points, conditions, public name, categories, cumulative_billing",
        description:
          "Only the fields sent are changed. A change of reviewed data on a live (green) account sends it to review (orange).",
        params: idParamsSchema,
        body: partnerUpdateSchema,
        response: { 200: partnerResponseSchema },
      },
    },
    async (request) => {
      const companyId = request.partner.companyId;
      if (request.params.id !== companyId) throw HttpError.notFound();
      await withPartnerChange(app.db, companyId, publicUrl, (tx) =>
        updatePartner(tx, companyId, request.body, { userId: request.partner.userId, publicUrl }),
      );
      return { data: await getPartner(app.db, companyId) };
    },
  );

  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  r.post(
    "/dashboard/partner/logo",
    {
      schema: {
        tags: ["partner"],
        summary: "Upload the logo (multipart field `file`: PNG, JPG or PDF, at least 256x256 px)",
        description: `At most ${FILE_RENDERING.logoUploadsPerHour} uploads per account and hour (429). A file that decodes to more than ${FILE_RENDERING.maxDecodedPixels} pixels (a PDF page counted at 200 dpi) or whose PDF takes longer than ${FILE_RENDERING.pdfRenderSeconds} s to draw is refused with 422 on \`file\`.`,
        consumes: ["multipart/form-data"],
        response: { 200: partnerResponseSchema },
      },
    },
    async (request) => {
      const companyId = request.partner.companyId;
      // Counted before the file is read: refused and broken files cost a render too.
      await enforceRateLimits(
        app.db,
        [{ key: `logo:company:${companyId}`, limit: FILE_RENDERING.logoUploadsPerHour, windowSeconds: 3600 }],
        { messageKey: "logo.rateLimited", fields: { file: ["logo.rateLimited"] } },
      );
      if (!request.isMultipart()) throw new HttpError(415);
      const part = await request.file().catch(() => undefined);
      if (!part) throw HttpError.validation({ file: ["logo.format"] });
      const file = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === "FST_REQ_FILE_TOO_LARGE") throw HttpError.validation({ file: ["logo.tooLarge"] });
        throw new HttpError(400);
      });
      const logo = await processLogo(file);
      await withPartnerChange(app.db, companyId, publicUrl, (tx) => saveLogo(tx, companyId, logo));
      return { data: await getPartner(app.db, companyId) };
    },
  );

  r.delete(
    "/dashboard/partner/logo",
    {
      schema: {
        tags: ["partner"],
        summary: "Remove the logo",
        response: { 200: partnerResponseSchema },
      },
    },
    async (request) => {
      const companyId = request.partner.companyId;
      await withPartnerChange(app.db, companyId, publicUrl, (tx) => removeLogo(tx, companyId));
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
        response: { 201: partnerSocialResponseSchema },
      },
    },
    async (request, reply) => {
      const companyId = request.partner.companyId;
      const created = await withPartnerChange(app.db, companyId, publicUrl, (tx) =>
        createSocial(tx, companyId, request.body),
      );
      return reply.status(201).send({ data: created });
    },
  );

  r.post(
    "/dashboard/partnerSocials/:id",
    {
      schema: {
        tags: ["partner"],
        summary: "Change a link",
        params: idParamsSchema,
        body: partnerSocialSchema,
        response: { 200: partnerSocialResponseSchema },
      },
    },
    async (request) => {
      const companyId = request.partner.companyId;
      const updated = await withPartnerChange(app.db, companyId, publicUrl, (tx) =>
        updateSocial(tx, companyId, request.params.id, request.body),
      );
      return { data: updated };
    },
  );

  r.delete(
    "/dashboard/partnerSocials/:id",
    {
      schema: {
        tags: ["partner"],
        summary: "Remove a link",
        params: idParamsSchema,
        response: { 200: partnerSocialRemovedSchema },
      },
    },
    async (request) => {
      const companyId = request.partner.companyId;
      await withPartnerChange(app.db, companyId, publicUrl, (tx) =>
        deleteSocial(tx, companyId, request.params.id),
      );
      return { data: { ok: true as const } };
    },
  );
};
