import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { type Locale, localeOfPath, marketingRedirect, matchPage, withLocale } from "@stempla/domain";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { visitorLocale } from "./locale.ts";

export interface WebAppOptions {
  distDir: string;
  marketingSiteUrl: string | undefined;
}

/**
 * Serves the built React app. Hashed assets are cached for a year; every page path gets
 * index.html, with status 200 when it matches a route of the shared table and 404 when it does not
 * (the app then shows its 404 page). Paths without a locale are redirected to the visitor's locale.
 */
const webAppPlugin: FastifyPluginAsync<WebAppOptions> = async (app, opts) => {
  const indexFile = path.join(opts.distDir, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: opts.distDir }, "web app not built: run `npm run build`; serving the API only");
    return;
  }
  const template = readFileSync(indexFile, "utf8");
  const pages: Record<Locale, string> = {
    de: renderIndex(template, "de", opts.marketingSiteUrl, app.config.payments.publishableKey),
    en: renderIndex(template, "en", opts.marketingSiteUrl, app.config.payments.publishableKey),
  };

  await app.register(fastifyStatic, {
    root: opts.distDir,
    index: false,
    wildcard: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });

  // The root is a directory to @fastify/static (403), so it gets its own route.
  app.get("/", { schema: { hide: true } }, (request, reply) => servePage(request, reply));
  app.decorate("servePage", servePage);

  function servePage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split("?")[0]!;
    const visitor = visitorLocale(request);
    const external = marketingRedirect(pathname, opts.marketingSiteUrl, visitor);
    if (external) return reply.redirect(external, 302);

    const locale = localeOfPath(pathname);
    if (!locale) {
      const target = withLocale(pathname, visitor);
      if (matchPage(target)) {
        const query = request.url.slice(pathname.length);
        return reply.redirect(`${target}${query}`, 302);
      }
    }
    const status = locale && matchPage(pathname) ? 200 : 404;
    return sendPage(reply, pages[locale ?? visitor], status);
  }
};

function sendPage(reply: FastifyReply, html: string, status: number) {
  return reply.status(status).header("cache-control", "no-cache").type("text/html; charset=utf-8").send(html);
}

function renderIndex(
  template: string,
  locale: Locale,
  marketingSiteUrl: string | undefined,
  paymentPublishableKey: string | undefined,
): string {
  return (
    template
      .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
      .replace(
        /<meta name="marketing-site-url" content="[^"]*"/,
        `<meta name="marketing-site-url" content="${escapeAttribute(marketingSiteUrl ?? "")}"`,
      )
      // The payment provider's publishable key (decision 010, section 5): the partner's voucher
      // pages load the provider's script only when it is filled in.
      .replace(
        /<meta name="payment-publishable-key" content="[^"]*"/,
        `<meta name="payment-publishable-key" content="${escapeAttribute(paymentPublishableKey ?? "")}"`,
      )
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

declare module "fastify" {
  interface FastifyInstance {
    /** Set when the web app is built: answers a GET for a page path (see above). */
    servePage?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}

export default fp(webAppPlugin, { name: "web-app" });
