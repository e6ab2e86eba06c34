import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { criticalCss, withoutUnreadProperties } from "./critical-css.ts";

function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "stempla-css-"));
  mkdirSync(path.join(dir, "assets"));
  for (const [name, css] of Object.entries(files)) writeFileSync(path.join(dir, "assets", name), css);
  return dir;
}

const page = (body: string) =>
  `<!doctype html><html lang="de" data-mantine-color-scheme="light"><head></head><body>${body}</body></html>`;

describe("criticalCss", () => {
  it("keeps the rules that match the page, in the order of the stylesheets and within each", () => {
    const critical = criticalCss(
      dist({
        "a.css": ".card{color:red}.modal{color:blue}.title{font-weight:700}",
        "b.css": ".card{color:green}.unused .card{color:black}",
      }),
    );
    const css = critical(page('<div class="card"><h1 class="title">Hi</h1></div>'), [
      "/assets/a.css",
      "/assets/b.css",
    ]);
    expect(css).toBe(".card{color:red}.title{font-weight:700}.card{color:green}");
    // The other order of the links gives the other cascade.
    expect(critical(page('<div class="card"></div>'), ["/assets/b.css", "/assets/a.css"])).toBe(
      ".card{color:green}.card{color:red}",
    );
  });

  it("matches attribute values and ancestors: the colour scheme on <html>, a component's data attributes", () => {
    const critical = criticalCss(
      dist({
        "a.css":
          "[data-mantine-color-scheme=light] .btn{color:#000}[data-mantine-color-scheme=dark] .btn{color:#fff}" +
          ".btn[data-variant=filled]{background:red}.btn[data-variant=outline]{background:none}" +
          "@media (width>=48em){.btn{padding:8px}}.btn:hover{opacity:.9}",
      }),
    );
    const css = critical(page('<button class="btn" data-variant="filled">Go</button>'), ["/assets/a.css"]);
    expect(css).toContain("[data-mantine-color-scheme=light] .btn{color:#000}");
    expect(css).not.toContain("color-scheme=dark");
    expect(css).toContain(".btn[data-variant=filled]");
    expect(css).not.toContain("outline");
    // Media queries and states of what is on the page stay, so nothing changes on a wider screen
    // or under the pointer before the full stylesheet has arrived.
    expect(css).toContain("@media (width>=48em){.btn{padding:8px}}");
    expect(css).toContain(".btn:hover{opacity:.9}");
  });
});

describe("withoutUnreadProperties", () => {
  it("drops the custom properties nothing reads, keeps what rules, style attributes and other properties read", () => {
    const css =
      ":root{--brand:#c2410c;--brand-filled:var(--brand);--unused:1px;--spacing:8px;--inline-only:2px}" +
      ".btn{background:var(--brand-filled);padding:var(--spacing)}";
    const html = page('<div style="margin:var(--inline-only)"></div>');
    expect(withoutUnreadProperties(css, html)).toBe(
      ":root{--brand:#c2410c;--brand-filled:var(--brand);--spacing:8px;--inline-only:2px}" +
        ".btn{background:var(--brand-filled);padding:var(--spacing)}",
    );
  });

  it("keeps a property read by Mantine's inline <style> in the page and removes a rule left empty", () => {
    const css = ":root{--a:1}.x{--b:2}.y{width:var(--c)}";
    const html = page('<style data-mantine-styles="true">.z{height:var(--a)}</style><div class="y"></div>');
    expect(withoutUnreadProperties(css, html)).toBe(":root{--a:1}.y{width:var(--c)}");
  });

  it("keeps a property whose only reader is itself read, however deep", () => {
    const css = ":root{--a:var(--b);--b:var(--c);--c:red;--d:var(--c)}.x{color:var(--a)}";
    expect(withoutUnreadProperties(css, page(""))).toBe(
      ":root{--a:var(--b);--b:var(--c);--c:red}.x{color:var(--a)}",
    );
  });
});
