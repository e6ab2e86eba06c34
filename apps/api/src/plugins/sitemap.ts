import {
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  marketingRedirect,
  PAGE_ROUTES,
  type PageName,
  pageAccess,
  withLocale,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

/**
 * Public pages without parameters that still stay out of the sitemap: sign-in and password reset
 * are no landing pages, partner-registration shows the same page as register (which is listed),
 * and register/slave is only reached from an invitation's mailed link.
 */
const NOT_LISTED: ReadonlySet<PageName> = new Set<PageName>([
  "login",
  "passwordReset",
  "partnerRegistration",
  "registerSlave",
]);

/**
 * The pages of the shared route table a search engine should find: public, without path
 * parameters, not in NOT_LISTED, and not among the marketing pages that go to the marketing site
 * when one is configured (those belong to that site's sitemap).
 */
export function sitemapPages(marketingSiteUrl: string | undefined): PageName[] {
  return (Object.entries(PAGE_ROUTES) as [PageName, string][])
    .filter(
      ([page, pattern]) => pageAccess(page) === "public" && !pattern.includes(":") && !NOT_LISTED.has(page),
    )
    .filter(([, pattern]) => !marketingRedirect(withLocale(`/${pattern}`, DEFAULT_LOCALE), marketingSiteUrl))
    .map(([page]) => page);
}

/**
 * The sitemap (sitemaps.org 0.9): each listed page in every language, with the language
 * alternates and x-default (the default locale's page), as the pages' own heads name them.
 */
export function sitemapXml(publicUrl: string, marketingSiteUrl: string | undefined): string {
  const urls = sitemapPages(marketingSiteUrl).flatMap((page) => {
    const path = `/${PAGE_ROUTES[page]}`;
    const href = (locale: Locale) => escapeXml(`${publicUrl}${withLocale(path, locale)}`);
    const alternates = [
      ...LOCALES.map((locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${href(locale)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${href(DEFAULT_LOCALE)}"/>`,
    ].join("");
    return LOCALES.map((locale) => `<url><loc>${href(locale)}</loc>${alternates}</url>`);
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${urls.join("\n")}\n</urlset>\n`
  );
}

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * /sitemap.xml and /robots.txt, which names the sitemap: both with absolute URLs from PUBLIC_URL,
 * so they are served rather than static files of the web build.
 */
const sitemapPlugin: FastifyPluginAsync = async (app) => {
  const { publicUrl, marketingSiteUrl } = app.config;
  const sitemap = sitemapXml(publicUrl, marketingSiteUrl);
  const robots = `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
  app.get("/sitemap.xml", { schema: { hide: true } }, (_request, reply) =>
    reply
      .header("cache-control", "public, max-age=3600")
      .type("application/xml; charset=utf-8")
      .send(sitemap),
  );
  app.get("/robots.txt", { schema: { hide: true } }, (_request, reply) =>
    reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8").send(robots),
  );
};

export default fp(sitemapPlugin, { name: "sitemap" });
