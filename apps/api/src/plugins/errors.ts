import { type ApiErrorBody, translate } from "@stempla/domain";
import type { FastifyError, FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { loggableError } from "../lib/loggable-error.ts";
import { defaultErrorFor, HttpError } from "./http-error.ts";

/**
 * One error shape for the whole API: `{ code, message, errors? }`, messages in the request's
 * language, 4xx for anything a client sent, never a stack trace. Unknown errors are logged and
 * answered with a generic 500.
 */
const errorsPlugin: FastifyPluginAsync = async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = request.locale;

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath, error.validationContext);
        const text = translate(String(issue.message), locale);
        const list = errors[field] ?? [];
        if (!list.includes(text)) list.push(text);
        errors[field] = list;
      }
      return send(422, { code: "validation_failed", message: translate("error.validation", locale), errors });
    }

    if (error instanceof HttpError) {
      reply.headers(error.headers);
      const body: ApiErrorBody = {
        code: error.code,
        message: translate(error.messageKey, locale),
        ...error.extra?.(locale),
      };
      if (error.fields) {
        body.errors = Object.fromEntries(
          Object.entries(error.fields).map(([field, keys]) => [field, keys.map((k) => translate(k, locale))]),
        );
      }
      return send(error.statusCode, body);
    }

    // Fastify's own client errors: malformed JSON, wrong content type, body too large, ...
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const [code, key] = defaultErrorFor(status);
      request.log.info({ err: loggableError(error) }, "client error");
      return send(status, { code, message: translate(key, locale) });
    }

    // Never the error as it is: a failed query carries its parameters (loggable-error.ts).
    request.log.error({ err: loggableError(error) }, "unhandled error");
    const [code, key] = defaultErrorFor(Math.max(status, 500));
    return send(status === 503 ? 503 : 500, { code, message: translate(key, locale) });

    function send(statusCode: number, body: ApiErrorBody) {
      return reply.status(statusCode).type("application/json; charset=utf-8").send(body);
    }
  });
};

/** "/address/street" in the body -> "address.street"; query and params keep their names. */
function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, "").split("/").filter(Boolean).join(".");
  if (path) return path;
  return context === "body" ? "_" : (context ?? "_");
}

export default fp(errorsPlugin, { name: "errors" });
