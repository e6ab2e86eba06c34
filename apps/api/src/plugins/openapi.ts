import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** The OpenAPI document, built from the routes' zod schemas, browsable at /api/docs. */
const openapiPlugin: FastifyPluginAsync = async (app) => {
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
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
};

export default fp(openapiPlugin, { name: "openapi" });
