import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { requireAdmin } from "./auth.ts";

const DOCS_PREFIX = "/api/docs";

/**
 * The OpenAPI document, built from the routes' zod schemas, browsable at /api/docs. It lists the
 * console's operations too, so in production (`teamOnly`) the explorer, its document and its
 * files answer only a signed-in provider-team user (401 signed out, 403 for partners); the
 * session is resolved by the auth plugin, which is registered before this one.
 */
const openapiPlugin: FastifyPluginAsync<{ teamOnly: boolean }> = async (app, opts) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Stempla API",
        description:
          "Partner dashboard API (/api/v2), end-customer app API (/api/app) and provider-team API (/api/admin). " +
          "Responses are `{ data }` (lists add `meta`); errors are `{ code, message, errors? }` in the language " +
          "of the Content-Language header, else the locale cookie, else German.",
        version: "2.0.0",
      },
      servers: [],
    },
    transform: jsonSchemaTransform,
  });
  if (opts.teamOnly) {
    // One hook for every route under the prefix (the UI, its document, its static files), since
    // swagger-ui's own route hooks do not reach the static files. It looks at the matched route,
    // not the raw URL, which may carry a query or doubled slashes.
    app.addHook("onRequest", async (request) => {
      const route = request.routeOptions.url;
      if (route === DOCS_PREFIX || route?.startsWith(`${DOCS_PREFIX}/`)) await requireAdmin(request);
    });
  }
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
};

export default fp(openapiPlugin, { name: "openapi" });
