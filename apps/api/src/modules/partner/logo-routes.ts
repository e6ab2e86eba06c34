import { logoParamsSchema } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { fileResponse } from "../../lib/file-response.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { logoImage } from "./service.ts";

/** The partners' logos as the app and the public pages load them: public, outside the partner scope. */
export const logoRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/logos/:hash/:size",
    {
      schema: {
        tags: ["partner"],
        summary: "A logo rendition (public: the app shows it to everyone)",
        params: logoParamsSchema,
        produces: ["image/png"],
        response: { 200: fileResponse("The logo as PNG") },
      },
    },
    async (request, reply) => {
      const size = request.params.size.replace(".png", "") as "small" | "medium" | "large";
      const image = await logoImage(app.db, request.params.hash, size);
      if (!image) throw HttpError.notFound();
      return reply
        .type("image/png")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(image);
    },
  );
};
