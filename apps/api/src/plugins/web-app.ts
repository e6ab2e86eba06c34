import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import {
  type FaqReadEntry,
  type Locale,
  localeOfPath,
  marketingRedirect,
  matchPage,
  type ProviderInfo,
  withLocale,
} from "@stempla/domain";
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { readerFaqEntries } from "../modules/faq/service.ts";
import { providerInfo } from "../modules/provider/routes.ts";
import { visitorLocale } from "./locale.ts";

export interface WebAppOptions {
  distDir: string;
  marketingSiteUrl: string | undefined;
}

/** What the web app's server bundle (apps/web/src/entry-server.tsx) exports. */
interface ServerBundle {
  SERVER_STATE_ID: string;
  render(url: string, locale: Locale, data: PageData): Promise<RenderResult>;
  pageData(pathname: string): (keyof PageData)[];
  pageSources(pathname: string): string[];
  serverRendered(pathname: string): boolean;
}
interface PageData {
  faq?: FaqReadEntry[];
  provider?: ProviderInfo;
}
interface RenderResult {
  html: string;
  head:
    | {
        title: string;
        description: string;
        canonical?: string;
        alternates: { hreflang: string; path: string }[];
        noindex: boolean;
      }
    | undefined;
  state: unknown;
}
/** Vite's build manifest: per source file its chunk, the chunks it imports and its CSS. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** Rendered pages kept in memory, by path; only matched public pages without per-request data. */
const CACHE_LIMIT = 200;

/**
 * Serves the built React app. Hashed assets are cached for a year. The public pages (and the 404
 * page) are rendered by the server with the app's own components when its server bundle is built
 * (docs/decisions/012-server-rendered-public-pages.md) and hydrated in the browser; the signed-in
 * pages get index.html with an empty root, as before. Status 200 when the path matches a route of
 * the shared table, 404 when it does not. Paths without a locale are redirected to the visitor's.
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
  const ssr = await loadServerBundle(opts.distDir, app.log);
  const manifest = ssr ? readManifest(opts.distDir) : {};
  const boot = manifest["src/boot.ts"]?.file;
  const cache = new Map<string, string>();

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

  async function servePage(request: FastifyRequest, reply: FastifyReply) {
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
    const match = locale ? matchPage(pathname) : undefined;
    const status = match ? 200 : 404;
    const page = pages[locale ?? visitor];
    if (!ssr?.serverRendered(pathname)) return sendPage(reply, page, status);
    try {
      return sendPage(
        reply,
        await serverPage(ssr, request.url, pathname, locale ?? visitor, page, !!match),
        status,
      );
    } catch (error) {
      // The browser can still render the page itself.
      request.log.error(
        { err: error, url: request.url },
        "server rendering failed; sending the client-rendered page",
      );
      return sendPage(reply, page, status);
    }
  }

  async function serverPage(
    bundle: ServerBundle,
    url: string,
    pathname: string,
    locale: Locale,
    page: string,
    matched: boolean,
  ): Promise<string> {
    const needs = bundle.pageData(pathname);
    // A page's HTML depends only on its path unless it shows database data or reads the query.
    const cacheable = matched && !needs.includes("faq") && url === pathname;
    const cached = cacheable ? cache.get(pathname) : undefined;
    if (cached) return cached;
    const data: PageData = {
      faq: needs.includes("faq") ? await readerFaqEntries(app.db, "public", locale) : undefined,
      provider: needs.includes("provider") ? providerInfo(app.config) : undefined,
    };
    const result = await bundle.render(url, locale, data);
    const html = fillTemplate(page, result, {
      stateId: bundle.SERVER_STATE_ID,
      publicUrl: app.config.publicUrl,
      assets: pageAssets(manifest, bundle.pageSources(pathname)),
      boot,
    });
    if (cacheable) {
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      cache.set(pathname, html);
    }
    return html;
  }
};

async function loadServerBundle(distDir: string, log: FastifyBaseLogger): Promise<ServerBundle | undefined> {
  // Built next to dist/ (never inside it: dist/ is served to everyone).
  const entry = path.join(distDir, "..", "dist-server", "entry-server.js");
  if (!existsSync(entry)) {
    log.warn({ entry }, "web app's server bundle not built: public pages are rendered in the browser only");
    return undefined;
  }
  return (await import(pathToFileURL(entry).href)) as ServerBundle;
}

function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, ".vite", "manifest.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : {};
}

/**
 * The chunks and stylesheets of a page's own modules, which the browser would otherwise discover
 * one import after another; those of the entry are in index.html already. The stylesheets must be
 * there before the first paint: the server's HTML already uses their classes.
 */
export function pageAssets(manifest: Manifest, sources: string[]): { scripts: string[]; styles: string[] } {
  const entryFiles = new Set<string>();
  const collect = (key: string, into: Set<string>, seen = new Set<string>()) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imported of chunk.imports ?? []) collect(imported, into, seen);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, entryFiles);
  const files = new Set<string>();
  for (const source of sources) collect(source, files);
  const own = [...files].filter((file) => !entryFiles.has(file));
  return { scripts: own.filter((f) => f.endsWith(".js")), styles: own.filter((f) => f.endsWith(".css")) };
}

function fillTemplate(
  page: string,
  { html, head, state }: RenderResult,
  options: {
    stateId: string;
    publicUrl: string;
    assets: { scripts: string[]; styles: string[] };
    boot: string | undefined;
  },
): string {
  const tags: string[] = [];
  if (head?.canonical)
    tags.push(`<link rel="canonical" href="${escapeAttribute(options.publicUrl + head.canonical)}">`);
  for (const { hreflang, path: href } of head?.alternates ?? []) {
    tags.push(
      `<link rel="alternate" hreflang="${escapeAttribute(hreflang)}" href="${escapeAttribute(options.publicUrl + href)}">`,
    );
  }
  if (head?.noindex) tags.push('<meta name="robots" content="noindex">');
  for (const file of options.assets.styles)
    tags.push(`<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`);
  if (!options.boot) {
    for (const file of options.assets.scripts) {
      tags.push(`<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`);
    }
  }
  // A JSON data block, not a script (the CSP allows no inline script, decision 003); "<" escaped
  // so no text in it can close the element.
  const json = JSON.stringify(state).replace(/</g, "\\u003c");
  let filled = page.replace("</head>", () => `    ${tags.join("\n    ")}\n  </head>`);
  if (head) {
    filled = filled
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(head.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"/,
        () => `<meta name="description" content="${escapeAttribute(head.description)}"`,
      );
  }
  if (options.boot) filled = paintFirst(filled, options.boot, options.assets.scripts);
  return filled
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, "")
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${html}</div>\n    <script type="application/json" id="${options.stateId}">${json}</script>`,
    );
}

/**
 * Paint first (decision 012): the stylesheets go right after the title, and the app's scripts
 * (the entry, its modulepreloads and the page's chunks) are requested by the small boot script
 * only after the first paint. Requested at once, their 160-200 KB took the first paint of a phone
 * on a slow connection from about 1.3 s to 3 s (docs/performance.md, "Public pages").
 */
export function paintFirst(page: string, boot: string, pageScripts: string[]): string {
  const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const entry = entryTag.exec(page)?.[1];
  if (!entry) return page;
  const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const preloads = [...page.matchAll(preloadTag)].map((m) => m[1]!);
  const styleTag = /\s*<link rel="stylesheet"[^>]*>/g;
  const styles = (page.match(styleTag) ?? []).map((tag) => tag.trim());
  const loader =
    `<script type="module" src="/${escapeAttribute(boot)}" data-entry="${escapeAttribute(entry)}"` +
    ` data-preload="${escapeAttribute([...preloads, ...pageScripts.map((file) => `/${file}`)].join(","))}"></script>`;
  return page
    .replace(entryTag, "")
    .replace(preloadTag, "")
    .replace(styleTag, "")
    .replace("</title>", () => `</title>\n    ${styles.join("\n    ")}`)
    .replace("</head>", () => `  ${loader}\n  </head>`);
}

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

function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;");
}

declare module "fastify" {
  interface FastifyInstance {
    /** Set when the web app is built: answers a GET for a page path (see above). */
    servePage?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}

export default fp(webAppPlugin, { name: "web-app" });
