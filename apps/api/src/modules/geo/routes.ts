import { mapTilesSchema, positionQuerySchema, positionViewSchema } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../plugins/auth.ts";
import { derivePosition } from "./positions.ts";

/** Map positions for the location forms (docs/geo-positions.md). */
export const geoRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/dashboard/geo/position",
    {
      schema: {
        tags: ["locations"],
        summary:
          "Where an address lies, derived offline from its postcode or town (the pin the form shows before the partner moves it); null when unknown",
        querystring: positionQuerySchema,
        response: { 200: z.object({ data: positionViewSchema.nullable() }) },
      },
      onRequest: requireUser,
    },
    async (request) => ({ data: derivePosition(request.query) ?? null }),
  );

  r.get(
    "/geo/map",
    {
      schema: {
        tags: ["public"],
        summary: "The map background (tile URL template and attribution) the location forms draw",
        response: { 200: z.object({ data: mapTilesSchema }) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return { data: app.config.mapTiles };
    },
  );
};
