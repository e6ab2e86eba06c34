import {
  type FaqReadEntry,
  type Locale,
  matchPage,
  PAGE_ROUTES,
  type ProviderInfo,
  type ReferenceItem,
} from "@stempla/domain";
import { dehydrate, QueryClient } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { matchPath, StaticRouter } from "react-router";
import { AppTree } from "./app/app.tsx";
import { ServerQueryClient } from "./app/layouts/query-layout.tsx";
import { appPages, dataPages, pageFiles, QUERY_LAYOUT_FILE } from "./app/router.tsx";
import type { ServerState } from "./app/server-state.ts";
import { publicFaqKey } from "./features/faq/api/get-faq.ts";
import { legalFormsQuery } from "./features/registration/api/registration-calls.ts";
import { RenderedProvider } from "./shared/api/provider.ts";
import { providerQuery } from "./shared/api/provider-query.ts";
import { productNumbers } from "./shared/i18n/product-numbers.ts";
import { serverI18n, usedNamespaces } from "./shared/i18n/server-i18n.ts";
import { type PageHead, pageHead } from "./shared/seo/page-head.ts";

export type { ServerState } from "./app/server-state.ts";
export { SERVER_STATE_ID } from "./app/server-state.ts";
export type { PageHead } from "./shared/seo/page-head.ts";

/** The API data a public page is rendered with; the server loads what `pageData` names. */
export interface PageData {
  faq?: FaqReadEntry[];
  provider?: ProviderInfo;
  /** The registration form's legal forms, so its select is complete before any request. */
  legalForms?: ReferenceItem[];
}

/**
 * Whether the server renders the page at `pathname`: the public pages and the 404 page, but not
 * the signed-in pages (client-rendered as before), nor a 404 the router shows in their frame
 * (e.g. /de/locations/abc).
 */
export function serverRendered(pathname: string): boolean {
  const match = matchPage(pathname);
  if (match) return !appPages.has(match.page);
  return ![...appPages].some((page) => matchPath(`/:locale/${PAGE_ROUTES[page]}`, pathname));
}

/** Which data the page at `pathname` needs, so the server loads it before rendering. */
export function pageData(pathname: string): (keyof PageData)[] {
  const page = matchPage(pathname)?.page;
  if (page === "faq") return ["faq"];
  if (page === "register" || page === "registerMaster" || page === "registerSlave") return ["legalForms"];
  const withProvider = [
    "home",
    "contactUs",
    "imprint",
    "privacy",
    "termsPartners",
    "termsAppUsers",
    "communityGuidelines",
  ];
  return page && withProvider.includes(page) ? ["provider"] : [];
}

/** The source files of the page's own chunks (keys of the client build's manifest), for modulepreload. */
export function pageSources(pathname: string): string[] {
  const page = matchPage(pathname)?.page;
  if (!page) return [];
  return dataPages.has(page) ? [pageFiles[page], QUERY_LAYOUT_FILE] : [pageFiles[page]];
}

export interface RenderResult {
  /** The markup for <div id="root">. */
  html: string;
  head: PageHead | undefined;
  /** The hydration state but for the locale files, which the server names from its manifest. */
  state: Omit<ServerState, "textFiles">;
  /** The i18n namespaces the render used. */
  namespaces: string[];
}

/**
 * Renders a public page (or the 404 page) to HTML with the same component tree the browser
 * hydrates (app.tsx); only the router differs. prerender waits for the lazy page chunks.
 * `locale` is the page's, or the visitor's for a path without one (the 404 page).
 */
export async function render(url: string, locale: Locale, data: PageData): Promise<RenderResult> {
  const numbers = productNumbers(locale);
  const i18n = serverI18n(locale, numbers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  if (data.faq) queryClient.setQueryData(publicFaqKey(locale), data.faq);
  if (data.provider) queryClient.setQueryData(providerQuery.queryKey, data.provider);
  if (data.legalForms) queryClient.setQueryData(legalFormsQuery(locale).queryKey, data.legalForms);

  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerQueryClient.Provider value={queryClient}>
        <RenderedProvider.Provider value={data.provider}>
          <AppTree i18n={i18n} router={Router} />
        </RenderedProvider.Provider>
      </ServerQueryClient.Provider>
    </StrictMode>,
    // One document without out-of-order segments: those complete with inline scripts, which the
    // CSP blocks (decision 003).
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await readAll(prelude);
  if (errors.length > 0) throw errors[0];
  const pathname = url.split("?")[0]!;
  return {
    html,
    head: pageHead(pathname, i18n.t),
    state: { locale, numbers, provider: data.provider, queries: dehydrate(queryClient) },
    namespaces: usedNamespaces(i18n, locale),
  };
}

async function readAll(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
