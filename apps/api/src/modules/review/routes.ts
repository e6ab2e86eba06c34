import {
  conditionsText,
  dataOf,
  NO_CONDITIONS,
  publishedPartnerViewSchema,
  scanCodeParamsSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HttpError } from "../../plugins/http-error.ts";
import { logoUrls } from "../partner/service.ts";
import { publishedScanLocation } from "./service.ts";

/** Public: the partner behind a scan code as the app shows it (approved data only). */
export const publishedPartnerRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/scan-codes/:code/partner",
    {
      schema: {
        tags: ["app"],
        summary:
          "The partner of a location's scan code as customers see it; while changes are reviewed, the last approved data",
        params: scanCodeParamsSchema,
        response: { 200: dataOf(publishedPartnerViewSchema) },
      },
    },
    async (request) => {
      const location = await publishedScanLocation(app.db, request.params.code);
      const published = location?.published;
      if (!location || !published) throw HttpError.notFound();
      const { logo_hash, ...rest } = published;
      const conditions = published.conditions ?? NO_CONDITIONS;
      return {
        data: {
          ...rest,
          conditions,
          conditions_text: conditionsText(conditions, request.locale),
          logo: logo_hash ? logoUrls(logo_hash) : null,
          location_id: location.locationId,
        },
      };
    },
  );
};
