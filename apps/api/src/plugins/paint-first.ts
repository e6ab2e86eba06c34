import { escapeHtml } from "../modules/mail/layout.ts";

/** The rules of the stylesheets `hrefs` that the page `html` uses (critical-css.ts). */
export type CriticalCss = (html: string, hrefs: string[]) => string;

export interface PaintFirstOptions {
  /** The boot script (apps/web/src/boot.ts), as built. */
  boot: string;
  /** The page's own chunks, requested with the entry's. */
  pageScripts: string[];
  /** The locale files the page was rendered with, needed before hydration. */
  textFiles: string[];
  critical: CriticalCss;
}

/**
 * Paint first (docs/decisions/012-server-rendered-public-pages.md, "Paint first"): nothing the
 * browser must fetch stands between the HTML and its first paint. The page's stylesheets are
 * replaced by their critical rules, inlined after the title, and the only script is the small boot
 * script, at low priority, which after the first paint requests the locale files, the full
 * stylesheets and the app's scripts (the entry, its modulepreloads and the page's chunks).
 * Requested at once, the scripts' 160-200 KB took the first paint of a phone on a slow connection
 * from about 1.3 s to 3 s, and the 44 KB stylesheet still held it at 1.4 s (docs/performance.md,
 * "Public pages"). Without JavaScript the full stylesheets come from a `<noscript>`.
 */
export function paintFirst(page: string, options: PaintFirstOptions): string {
  const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const entry = entryTag.exec(page)?.[1];
  if (!entry) return page;
  const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const preloads = [...page.matchAll(preloadTag)].map((m) => m[1]!);
  const styleTag = /\s*<link rel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g;
  const styles = [...page.matchAll(styleTag)].map((m) => m[1]!);
  const bare = page.replace(entryTag, "").replace(preloadTag, "").replace(styleTag, "");
  const links = styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`);
  // "</style" cannot occur in the build's CSS; escaped all the same, so nothing ends the element early.
  const css = options.critical(bare, styles).replace(/<\/style/gi, "<\\/style");
  const inline = styles.length
    ? `\n    <style data-critical>${css}</style>\n    <noscript>${links.join("")}</noscript>`
    : "";
  const list = (files: string[]) => escapeHtml(files.join(","));
  const loader =
    `<script type="module" fetchpriority="low" src="/${escapeHtml(options.boot)}"` +
    ` data-entry="${escapeHtml(entry)}" data-fetch="${list(options.textFiles)}"` +
    ` data-styles="${list(styles)}"` +
    ` data-preload="${list([...preloads, ...options.pageScripts.map((file) => `/${file}`)])}"></script>`;
  return bare
    .replace("</title>", () => `</title>${inline}`)
    .replace("</head>", () => `  ${loader}\n  </head>`);
}
