import { type ErrorCode, isMessageKey, type Locale, type MessageKey } from "@stempla/domain";
import type { z } from "zod";

const defaultKeys: Record<number, [ErrorCode, MessageKey]> = {
  400: ["bad_request", "error.badRequest"],
  401: ["unauthorized", "error.unauthorized"],
  403: ["forbidden", "error.forbidden"],
  404: ["not_found", "error.notFound"],
  409: ["conflict", "error.conflict"],
  413: ["payload_too_large", "error.payloadTooLarge"],
  415: ["unsupported_media_type", "error.unsupportedMediaType"],
  422: ["validation_failed", "error.validation"],
  429: ["rate_limited", "error.rateLimited"],
  503: ["unavailable", "error.unavailable"],
};

/**
 * An error a service throws on purpose. The error handler turns it into the API error shape
 * `{ code, message, errors? }` with the message translated into the request's language.
 */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly messageKey: MessageKey;

  constructor(
    readonly statusCode: number,
    opts: {
      code?: ErrorCode;
      messageKey?: MessageKey;
      fields?: Record<string, MessageKey[]>;
      /** More of the body, in the request's language (the scan's card conditions for the staff). */
      extra?: (locale: Locale) => Record<string, unknown>;
    } = {},
    readonly headers: Record<string, string> = {},
  ) {
    const [code, key] = defaultKeys[statusCode] ?? ["bad_request", "error.badRequest"];
    super(opts.messageKey ?? key);
    this.code = opts.code ?? code;
    this.messageKey = opts.messageKey ?? key;
    this.fields = opts.fields;
    this.extra = opts.extra;
  }

  readonly extra: ((locale: Locale) => Record<string, unknown>) | undefined;

  readonly fields: Record<string, MessageKey[]> | undefined;

  static validation(fields: Record<string, MessageKey[]>): HttpError {
    return new HttpError(422, { fields });
  }

  /** A schema checked in a handler (not by the route): its issues keyed by field, like route validation. */
  static fromZod(error: z.ZodError): HttpError {
    const fields: Record<string, MessageKey[]> = {};
    for (const issue of error.issues) {
      const field = issue.path.join(".") || "_";
      const key = isMessageKey(issue.message) ? issue.message : "input.invalid";
      fields[field] = [...new Set([...(fields[field] ?? []), key])];
    }
    return HttpError.validation(fields);
  }

  static notFound(): HttpError {
    return new HttpError(404);
  }
}

export function defaultErrorFor(statusCode: number): [ErrorCode, MessageKey] {
  return defaultKeys[statusCode] ?? (statusCode >= 500 ? ["internal", "error.internal"] : defaultKeys[400]!);
}
