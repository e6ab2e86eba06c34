import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import {
  type FaqReadEntry,
  type Locale,
  localeOfPath,
  marketingRedirect,
  matchPage,
  type ProviderInfo,
  type ReferenceItem,
  withLocale,
} from "@stempla/domain";
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { readerFaqEntries } from "../modules/faq/service.ts";
import { escapeHtml } from "../modules/mail/layout.ts";
import { providerInfo } from "../modules/provider/routes.ts";
import { listLegalForms } from "../modules/reference/service.ts";
import { criticalCss } from "./critical-css.ts";
import { visitorLocale } from "./locale.ts";
import { type CriticalCss, paintFirst } from "./paint-first.ts";

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
  legalForms?: ReferenceItem[];
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
  /** The hydration state (apps/web/src/app/server-state.ts) but for its locale files. */
  state: Record<string, unknown>;
  /** The i18n namespaces the render used. */
  namespaces: string[];
}
/** Vite's build manifest: per source file its chunk, the chunks it imports and its CSS. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** Rendered pages kept in memory, by path; only matched public pages without per-request data. */
const CACHE_LIMIT = 200;

/** A page as sent: the HTML and, for a page kept in memory, the same compressed once with brotli. */
interface SentPage {
  html: string;
  brotli?: Buffer;
}

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
  const critical = criticalCss(opts.distDir);
  const cache = new Map<string, SentPage>();

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
    if (!ssr?.serverRendered(pathname)) return sendPage(request, reply, { html: page }, status);
    try {
      return sendPage(
        request,
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
      return sendPage(request, reply, { html: page }, status);
    }
  }

  async function serverPage(
    bundle: ServerBundle,
    url: string,
    pathname: string,
    locale: Locale,
    page: string,
    matched: boolean,
  ): Promise<SentPage> {
    const needs = bundle.pageData(pathname);
    // A page's HTML depends only on its path unless it shows database data that changes while the
    // server runs (the FAQ) or reads the query. The legal forms are reference data, changed only
    // by a migration, which comes with a restart.
    const cacheable = matched && !needs.includes("faq") && url === pathname;
    const cached = cacheable ? cache.get(pathname) : undefined;
    if (cached) return cached;
    const data: PageData = {
      faq: needs.includes("faq") ? await readerFaqEntries(app.db, "public", locale) : undefined,
      provider: needs.includes("provider") ? providerInfo(app.config) : undefined,
      legalForms: needs.includes("legalForms") ? (await listLegalForms(app.db, locale)).items : undefined,
    };
    const result = await bundle.render(url, locale, data);
    const html = fillTemplate(page, result, {
      stateId: bundle.SERVER_STATE_ID,
      publicUrl: app.config.publicUrl,
      assets: pageAssets(manifest, bundle.pageSources(pathname)),
      textFiles: localeFiles(manifest, locale, result.namespaces),
      boot: boot ? { file: boot, critical } : undefined,
    });
    if (!cacheable) return { html };
    // Compressed once at brotli's best: the smaller the HTML, the sooner a phone on a slow
    // connection has all of it (docs/performance.md, "Public pages").
    const sent = { html, brotli: await brotli(html) };
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(pathname, sent);
    return sent;
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
 * one import after another; those of the entry are in index.html already. The stylesheets' rules
 * are needed for the first paint, since the server's HTML already uses their classes: paint-first.ts
 * inlines those the HTML uses.
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

/** The build's hashed locale files of `namespaces` in `locale`, by namespace. */
export function localeFiles(
  manifest: Manifest,
  locale: Locale,
  namespaces: string[],
): Record<string, string> {
  const files: Record<string, string> = {};
  for (const namespace of namespaces) {
    const file = manifest[`src/locales/${locale}/${namespace}.json`]?.file;
    if (file) files[namespace] = `/${file}`;
  }
  return files;
}

function fillTemplate(
  page: string,
  { html, head, state }: RenderResult,
  options: {
    stateId: string;
    publicUrl: string;
    assets: { scripts: string[]; styles: string[] };
    textFiles: Record<string, string>;
    boot: { file: string; critical: CriticalCss } | undefined;
  },
): string {
  const tags: string[] = [];
  if (head?.canonical)
    tags.push(`<link rel="canonical" href="${escapeHtml(options.publicUrl + head.canonical)}">`);
  for (const { hreflang, path: href } of head?.alternates ?? []) {
    tags.push(
      `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(options.publicUrl + href)}">`,
    );
  }
  if (head?.noindex) tags.push('<meta name="robots" content="noindex">');
  for (const file of options.assets.styles)
    tags.push(`<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}">`);
  if (!options.boot) {
    for (const file of options.assets.scripts) {
      tags.push(`<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`);
    }
  }
  // A JSON data block, not a script (the CSP allows no inline script, decision 003); "<" escaped
  // so no text in it can close the element.
  const json = JSON.stringify({ ...state, textFiles: options.textFiles }).replace(/</g, "\\u003c");
  // The template's "</head>" is indented already.
  let filled = page.replace("</head>", () => `  ${tags.join("\n    ")}\n  </head>`);
  if (head) {
    filled = filled
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"/,
        () => `<meta name="description" content="${escapeHtml(head.description)}"`,
      );
  }
  filled = filled
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, "")
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${html}</div>\n    <script type="application/json" id="${options.stateId}">${json}</script>`,
    );
  return options.boot
    ? paintFirst(filled, {
        boot: options.boot.file,
        pageScripts: options.assets.scripts,
        textFiles: Object.values(options.textFiles),
        critical: options.boot.critical,
      })
    : filled;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: SentPage, status: number) {
  reply.status(status).header("cache-control", "no-cache").type("text/html; charset=utf-8");
  // Otherwise @fastify/compress compresses it as it does every response.
  if (page.brotli && acceptsBrotli(request.headers["accept-encoding"]))
    return reply.header("content-encoding", "br").header("vary", "accept-encoding").send(page.brotli);
  return reply.send(page.html);
}

/**
 * Whether an Accept-Encoding header allows brotli ("br" or "*", not with q=0), read by the parser
 * @fastify/compress reads it with; codings are case-insensitive (RFC 9110, 8.4.1).
 */
export function acceptsBrotli(header: string | undefined): boolean {
  return header !== undefined && negotiate(header.toLowerCase(), ["br"]) === "br";
}

function brotli(html: string): Promise<Buffer> {
  return promisify(brotliCompress)(html, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    },
  });
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
        `<meta name="marketing-site-url" content="${escapeHtml(marketingSiteUrl ?? "")}"`,
      )
      // The payment provider's publishable key (decision 010, section 5): the partner's voucher
      // pages load the provider's script only when it is filled in.
      .replace(
        /<meta name="payment-publishable-key" content="[^"]*"/,
        `<meta name="payment-publishable-key" content="${escapeHtml(paymentPublishableKey ?? "")}"`,
      )
  );
}

declare module "fastify" {
  interface FastifyInstance {
    /** Set when the web app is built: answers a GET for a page path (see above). */
    servePage?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}

export default fp(webAppPlugin, { name: "web-app" });
