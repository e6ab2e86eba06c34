import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CACHE_FOREVER, companyOfPath, renditionAddress } from "../../lib/content-addressed-media.ts";
import { fileResponse } from "../../lib/file-response.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { menuPdf, menuRendition } from "./uploads.ts";

const PDF = /^([0-9a-f]{64})\.pdf$/;

/**
 * The menus' pictures and PDFs as the guest page loads them (docs/decisions/009-digital-menu.md,
 * section 4): public, outside the partner scope. A path that is not a stored file, malformed or
 * not, is 404: a guest's browser only ever asks for addresses the page wrote.
 */
export const menuMediaRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/media/menu/:company/:hash/:file",
    {
      schema: {
        tags: ["menu"],
        summary: "A menu picture's WebP rendition at one width (public, cacheable forever)",
        // Checked in the handler: a malformed address is 404 like an unknown one, not 422.
        params: z.object({ company: z.string(), hash: z.string(), file: z.string() }),
        produces: ["image/webp"],
        response: { 200: fileResponse("The picture as WebP") },
      },
    },
    async (request, reply) => {
      const address = renditionAddress(request.params);
      if (!address) throw HttpError.notFound();
      const bytes = await menuRendition(app.db, address.companyId, address.hash, address.width);
      if (!bytes) throw HttpError.notFound();
      return reply.type("image/webp").header("cache-control", CACHE_FOREVER).send(bytes);
    },
  );

  r.get(
    "/media/menu/:company/:file",
    {
      schema: {
        tags: ["menu"],
        summary: "A menu PDF as it was uploaded (public, cacheable forever)",
        params: z.object({ company: z.string(), file: z.string() }),
        produces: ["application/pdf"],
        response: { 200: fileResponse("The PDF") },
      },
    },
    async (request, reply) => {
      const companyId = companyOfPath(request.params.company);
      const hash = PDF.exec(request.params.file)?.[1];
      if (companyId === undefined || !hash) throw HttpError.notFound();
      const bytes = await menuPdf(app.db, companyId, hash);
      if (!bytes) throw HttpError.notFound();
      return reply
        .type("application/pdf")
        .header("cache-control", CACHE_FOREVER)
        .header("content-disposition", `inline; filename="${hash.slice(0, 12)}.pdf"`)
        .send(bytes);
    },
  );
};
