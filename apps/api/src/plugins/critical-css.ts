import { readFileSync } from "node:fs";
import path from "node:path";
import { type CompiledSheet, compileSheet } from "beasties/compiler";
import { collectPrograms, renderCriticalCss, scanHtml } from "beasties/runtime";
import postcss from "postcss";

/**
 * The critical CSS of a server-rendered page (docs/decisions/012-server-rendered-public-pages.md,
 * "Critical CSS"): of each stylesheet the page links, the rules that match something in its HTML,
 * in the order of the links, so the cascade is the one the full stylesheets give; then without the
 * custom properties nothing on the page reads. Inlined in the head, it lets the browser paint
 * without waiting for a stylesheet; the full sheets follow after the first paint.
 *
 * Each stylesheet of the build is compiled once, on first use (beasties' compiler: a few hundred
 * milliseconds for Mantine's 250 KB); a page then costs one scan of its HTML.
 */
export function criticalCss(distDir: string): (html: string, hrefs: string[]) => string {
  const sheets = new Map<string, CompiledSheet>();
  const sheet = (href: string): CompiledSheet => {
    let compiled = sheets.get(href);
    if (!compiled) {
      // The hrefs are the build's own files, from its manifest and index.html.
      const css = readFileSync(path.join(distDir, href.replace(/^\//, "")), "utf8");
      compiled = compileSheet(css, { href });
      sheets.set(href, compiled);
    }
    return compiled;
  };
  return (html, hrefs) => {
    const compiled = hrefs.map(sheet);
    // The rules of structural selectors (`.a > .b`, `[data-x="y"]`) are matched during the scan.
    const tokens = scanHtml(html, collectPrograms(compiled), { chars: false });
    // Keyframes only when a critical rule names them; no fonts (the app uses the system's).
    const css = compiled.map((s) => renderCriticalCss(s, tokens, { keyframes: "critical" }).css).join("");
    return withoutUnreadProperties(css, html);
  };
}

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

/**
 * `css` without the custom properties that neither its rules nor the page `html` (style
 * attributes, Mantine's inline `<style>` elements) read, directly or through another property.
 * Mantine declares some 400 on `:root`, half the critical CSS; a page reads about half of them.
 */
export function withoutUnreadProperties(css: string, html: string): string {
  const root = postcss.parse(css);
  const definitions = new Map<string, string[]>();
  const read = new Set<string>();
  const readIn = (text: string, into: Set<string>) => {
    for (const [, name] of text.matchAll(VAR_REFERENCE)) into.add(name!);
  };
  readIn(html, read);
  root.walkDecls((decl) => {
    if (decl.prop.startsWith("--")) {
      const refs = new Set<string>();
      readIn(decl.value, refs);
      definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), ...refs]);
    } else readIn(decl.value, read);
  });
  // What a read property's value reads is read too.
  const pending = [...read];
  while (pending.length) {
    for (const name of definitions.get(pending.pop()!) ?? []) {
      if (!read.has(name)) {
        read.add(name);
        pending.push(name);
      }
    }
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith("--") && !read.has(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    if (!rule.nodes.length) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes && !atRule.nodes.length) atRule.remove();
  });
  return root.toString();
}
