import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
  localeFromLanguageList,
} from "@stempla/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    locale: Locale;
  }
}

/** The request's language: Content-Language header, else the locale cookie, else de (ARCHITECTURE.md). */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers["content-language"]?.split(",")[0]?.trim().slice(0, 2).toLowerCase();
  if (isLocale(header)) return header;
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  return DEFAULT_LOCALE;
}

/**
 * A page's language for a visitor: the locale cookie (365 days), else the browser's language when
 * it is de or en, else de. Pages without a locale in their path use it (the web app's redirects,
 * the scan landing).
 */
export function visitorLocale(request: FastifyRequest): Locale {
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  return localeFromLanguageList(request.headers["accept-language"]) ?? DEFAULT_LOCALE;
}

const localePlugin: FastifyPluginAsync = async (app) => {
  app.decorateRequest("locale", DEFAULT_LOCALE);
  app.addHook("onRequest", async (request, reply) => {
    request.locale = requestLocale(request);
    if (request.url.startsWith("/api/")) reply.header("content-language", request.locale);
  });
};

export default fp(localePlugin, { name: "locale", dependencies: ["@fastify/cookie"] });
