import { derivedPositionResponseSchema, mapTilesResponseSchema, positionQuerySchema } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { derivePosition } from "./positions.ts";

/** Map positions for the partner's location forms (docs/geo-positions.md); in the partner scope. */
export const geoPositionRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/dashboard/geo/position",
    {
      schema: {
        tags: ["locations"],
        summary:
          "Where an address lies, derived offline from its postcode or town (the pin the form shows before the partner moves it); null when unknown",
        querystring: positionQuerySchema,
        response: { 200: derivedPositionResponseSchema },
      },
    },
    async (request) => ({ data: derivePosition(request.query) ?? null }),
  );
};

/** The map background the location forms draw: public, it holds nothing of a partner's. */
export const mapTileRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/geo/map",
    {
      schema: {
        tags: ["public"],
        summary: "The map background (tile URL template and attribution) the location forms draw",
        response: { 200: mapTilesResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return { data: app.config.mapTiles };
    },
  );
};
