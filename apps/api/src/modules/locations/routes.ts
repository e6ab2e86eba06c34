import {
  FILE_RENDERING,
  idParamsSchema,
  locationListQuerySchema,
  locationPageSchema,
  locationPinSchema,
  locationResponseSchema,
  locationSchema,
  qrParamsSchema,
  qrQuerySchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contentDisposition } from "../../lib/content-disposition.ts";
import { fileResponse } from "../../lib/file-response.ts";
import { enforceRateLimits } from "../../plugins/rate-limit.ts";
import { withPartnerChange } from "../status/service.ts";
import { qrPrintPdf } from "./qr-print.ts";
import { qrPrintContent } from "./qr-print-content.ts";
import { qrPng, qrSvg } from "./scan-code.ts";
import { createLocation, getLocation, listLocations, updateLocation, updateLocationPin } from "./service.ts";

const one = locationResponseSchema;

/** Locations of the signed-in partner (spec section 7: /dashboard/shop). */
export const locationRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicUrl = app.config.publicUrl;

  r.get(
    "/dashboard/shop",
    {
      schema: {
        tags: ["locations"],
        summary: "The partner's locations, newest first, paged",
        querystring: locationListQuerySchema,
        response: { 200: locationPageSchema },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { items, total } = await listLocations(
        app.db,
        request.partner.companyId,
        page,
        per_page,
        publicUrl,
      );
      return { data: items, meta: { page, per_page, total } };
    },
  );

  r.post(
    "/dashboard/shop",
    {
      schema: {
        tags: ["locations"],
        summary: "Add a location",
        body: locationSchema,
        response: { 201: one },
      },
    },
    async (request, reply) => {
      const companyId = request.partner.companyId;
      const location = await withPartnerChange(app.db, companyId, publicUrl, (tx) =>
        createLocation(tx, companyId, request.body, publicUrl),
      );
      return reply.status(201).send({ data: location });
    },
  );

  r.get(
    "/dashboard/shop/:id",
    {
      schema: {
        tags: ["locations"],
        summary: "One location",
        params: idParamsSchema,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await getLocation(app.db, request.partner.companyId, request.params.id, publicUrl),
    }),
  );

  r.post(
    "/dashboard/shop/:id",
    {
      schema: {
        tags: ["locations"],
        summary: "Change a location (name, address, phone, opening hours, temporary closure)",
        params: idParamsSchema,
        body: locationSchema,
        response: { 200: one },
      },
    },
    async (request) => {
      const companyId = request.partner.companyId;
      // Reviewed data: a live account goes to review (orange) until the team approves.
      const location = await withPartnerChange(app.db, companyId, publicUrl, (tx) =>
        updateLocation(tx, companyId, request.params.id, request.body, publicUrl),
      );
      return { data: location };
    },
  );

  r.put(
    "/dashboard/shop/:id/pin",
    {
      schema: {
        tags: ["locations"],
        summary: "Set the staff PIN and the collection limit (N per customer within H hours)",
        params: idParamsSchema,
        body: locationPinSchema,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await updateLocationPin(
        app.db,
        request.partner.companyId,
        request.params.id,
        request.body,
        publicUrl,
      ),
    }),
  );

  r.get(
    "/dashboard/shop/:id/qr/:format",
    {
      schema: {
        tags: ["locations"],
        summary:
          "The location's QR code as PNG, SVG or a print-ready PDF (A5 poster, A6 table tent, sticker)",
        description: `The PDF (any size) at most ${FILE_RENDERING.qrPdfsPerHour} times per account and hour (429).`,
        params: qrParamsSchema,
        querystring: qrQuerySchema,
        produces: ["image/png", "image/svg+xml", "application/pdf"],
        response: { 200: fileResponse("The QR code in the asked format") },
      },
    },
    async (request, reply) => {
      const companyId = request.partner.companyId;
      const location = await getLocation(app.db, companyId, request.params.id, publicUrl);
      // The printables are built on the main thread; a limit per account (all sizes together)
      // keeps one partner from keeping the server busy with them.
      if (request.params.format === "pdf") {
        await enforceRateLimits(
          app.db,
          [{ key: `qr-pdf:company:${companyId}`, limit: FILE_RENDERING.qrPdfsPerHour, windowSeconds: 3600 }],
          { messageKey: "qrPdf.rateLimited" },
        );
      }
      const { size } = request.query;
      const base = `qr-${location.name.replace(/[^\p{L}\p{N}]+/gu, "-").toLowerCase()}`;
      const file = request.params.format === "pdf" && size !== "a5" ? `${base}-${size}` : base;
      const disposition = (ext: string) => contentDisposition(`${file}.${ext}`);
      reply.header("cache-control", "private, no-store");
      switch (request.params.format) {
        case "png":
          return reply
            .type("image/png")
            .header("content-disposition", disposition("png"))
            .send(await qrPng(location.scan_url));
        case "svg":
          return reply
            .type("image/svg+xml")
            .header("content-disposition", disposition("svg"))
            .send(await qrSvg(location.scan_url));
        case "pdf":
          return reply
            .type("application/pdf")
            .header("content-disposition", disposition("pdf"))
            .send(
              await qrPrintPdf(
                size,
                await qrPrintContent(app.db, companyId, location, request.locale, app.config.app),
              ),
            );
      }
    },
  );
};
