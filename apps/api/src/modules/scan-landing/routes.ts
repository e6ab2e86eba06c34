import {
  berlinWeekdayAndMinute,
  conditionsText,
  isLocale,
  NO_CONDITIONS,
  SCAN_CODE_PATTERN,
} from "@stempla/domain";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { appLinks } from "../../lib/app-links.ts";
import { visitorLocale } from "../../plugins/locale.ts";
import { logoUrls } from "../partner/service.ts";
import { publishedScanLocation } from "../review/service.ts";
import { inactivePage, landingPage, notFoundPage } from "./page.ts";

/**
 * A location's QR code opened in a browser instead of the app (docs/product.md, "Scan landing"):
 * the partner's published card at that location and how to collect with the app. An HTML page,
 * not an API operation, so it stays out of the OpenAPI document.
 */
export const scanLandingRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/s/:code",
    {
      schema: {
        hide: true,
        params: z.object({ code: z.string() }),
        // A repeated ?lang arrives as a list; the guest still gets the page, not a JSON 422.
        querystring: z.object({ lang: z.union([z.string(), z.array(z.string())]).optional() }),
      },
    },
    async (request, reply) => {
      // The page's own language switch (?lang=en) wins over the cookie and the browser's language.
      const { lang: asked } = request.query;
      const lang = Array.isArray(asked) ? asked[0] : asked;
      const locale = isLocale(lang) ? lang : visitorLocale(request);
      const code = request.params.code;
      const found = SCAN_CODE_PATTERN.test(code) ? await publishedScanLocation(app.db, code) : undefined;
      if (!found) return send(reply, 404, notFoundPage(locale));
      const { published, locationId } = found;
      // A known code whose partner is not live (or whose location is not approved yet) is a page
      // that exists and says so: 200, as the state is temporary (docs/product.md, "Scan landing").
      if (!published) return send(reply, 200, inactivePage(locale));
      const location = published.locations.find((l) => l.id === locationId)!;
      const html = landingPage(
        {
          partnerName: published.public_name,
          offer: published.description,
          points: published.points,
          conditions: conditionsText(published.conditions ?? NO_CONDITIONS, locale),
          logo: published.logo_hash ? logoUrls(published.logo_hash) : null,
          location: {
            name: location.name,
            address: location.address,
            phone: location.phone,
            workingHours: location.working_hours,
            isClosed: location.is_closed,
          },
        },
        appLinks(app.config.app, code),
        locale,
        berlinWeekdayAndMinute(new Date()).day,
      );
      return send(reply, 200, html);
    },
  );
};

function send(reply: FastifyReply, status: number, html: string) {
  // The card changes when the team approves a change: always ask again. The language follows the
  // cookie and Accept-Language.
  return reply
    .status(status)
    .header("cache-control", "no-cache")
    .header("vary", "Accept-Language, Cookie")
    .type("text/html; charset=utf-8")
    .send(html);
}
