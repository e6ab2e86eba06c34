import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { FAQ_PLACEHOLDER_NAMES, faqPlaceholderValue, type Locale } from "@stempla/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { faqEntries } from "../db/schema/faq.ts";
import { build, type TestApp } from "../test/build.ts";
import { tempDir } from "../test/temp-dir.ts";
import { acceptsBrotli } from "./web-app.ts";

// A minimal built app: the server's routing does not depend on what the bundle contains.
function fakeDist(): string {
  const dir = tempDir("stempla-dist-");
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html lang="de"><head><meta name="marketing-site-url" content=""></head><body>app</body></html>',
  );
  writeFileSync(
    path.join(dir, "assets", "index-abc123.js"),
    `console.log(${JSON.stringify("x".repeat(5000))})`,
  );
  return dir;
}

describe("serving the web app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ WEB_DIST_DIR: fakeDist() });
  });

  it.each([
    "/de",
    "/en/",
    "/de/pricing",
    "/en/pricing/",
    "/de/terms-partners",
    "/en/contact-us",
    "/de/locations/12",
  ])("serves %s with status 200", async (url) => {
    const res = await t.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("sets the page language on the html element", async () => {
    expect((await t.inject({ url: "/en/faq" })).body).toContain('<html lang="en"');
    expect((await t.inject({ url: "/de/faq" })).body).toContain('<html lang="de"');
  });

  it.each([
    "/de/no-such-page",
    "/en/pricing/extra",
    "/fr/pricing",
    "/no-such-page",
    "/de/locations/abc",
    "/en/admin/partners/0",
  ])("answers %s with the app and status 404", async (url) => {
    const res = await t.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("text/html");
  });

  it("sends paths without a locale to the cookie's locale, else the browser's, else de", async () => {
    expect((await t.inject({ url: "/" })).headers.location).toBe("/de");
    expect((await t.inject({ url: "/pricing?x=1" })).headers.location).toBe("/de/pricing?x=1");
    const byBrowser = await t.inject({ url: "/faq", headers: { "accept-language": "en-US,en;q=0.9" } });
    expect(byBrowser.statusCode).toBe(302);
    expect(byBrowser.headers.location).toBe("/en/faq");
    const byCookie = await t.inject({
      url: "/faq",
      headers: { "accept-language": "en-US", cookie: "locale=de" },
    });
    expect(byCookie.headers.location).toBe("/de/faq");
    expect((await t.inject({ url: "/", headers: { "accept-language": "fr" } })).headers.location).toBe("/de");
  });

  it("serves hashed assets with a long cache lifetime, compressed", async () => {
    const res = await t.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("keeps unknown API paths JSON", async () => {
    const res = await t.inject({ url: "/api/v2/unknown" });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("not_found");
  });
});

describe("acceptsBrotli", () => {
  it.each([
    ["gzip, deflate, br, zstd", true],
    ["br", true],
    ["*", true],
    ["gzip;q=1, *;q=0.1", true],
    ["BR;q=0.5", true],
    ["gzip, br;q=0", false],
    ["br; q=0.0", false],
    ["gzip, deflate", false],
    ["brotli", false],
    [undefined, false],
  ])("%s: %s", (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });
});

describe("with MARKETING_SITE_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ WEB_DIST_DIR: fakeDist(), MARKETING_SITE_URL: "https://www.stempla.example/" });
  });

  it.each([
    ["/", "https://www.stempla.example/de/"],
    ["/en/", "https://www.stempla.example/en/"],
    ["/de/pricing/", "https://www.stempla.example/de/pricing"],
    ["/en/products", "https://www.stempla.example/en/stamp-card"],
    ["/de/digital-menu", "https://www.stempla.example/de/digital-menu"],
  ])("redirects %s to the marketing site", async (url, location) => {
    const res = await t.inject({ url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it("keeps every other page and tells the app where the marketing site is", async () => {
    const res = await t.inject({ url: "/de/faq" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="marketing-site-url" content="https://www.stempla.example"');
  });
});

// The real build (`npm run build`: the client in apps/web/dist, the server bundle in
// apps/web/dist-server); without it these tests are skipped, as the server then renders nothing.
const webDist = path.resolve(import.meta.dirname, "../../../web/dist");
const built = existsSync(path.join(webDist, "..", "dist-server", "entry-server.js"));

describe.skipIf(!built)("server-rendered public pages (decision 012)", () => {
  let t: TestApp;
  const publicUrl = "https://partner.stempla.example";
  beforeAll(async () => {
    t = await build({
      WEB_DIST_DIR: webDist,
      PUBLIC_URL: publicUrl,
      PROVIDER_NAME: "Musterfirma Stempelwerk GmbH",
    });
    const entry = {
      topic: "getting-started",
      answerDe: "Antwort.",
      answerEn: "Answer.",
      audience: "public" as const,
    };
    await t.db.insert(faqEntries).values([
      {
        ...entry,
        slug: "ssr-published",
        sortOrder: 900,
        published: true,
        questionDe: "Wird diese Frage gerendert?",
        questionEn: "Is this question rendered?",
      },
      {
        ...entry,
        slug: "ssr-draft",
        sortOrder: 901,
        published: false,
        questionDe: "Entwurf, nicht veröffentlicht?",
        questionEn: "A draft, unpublished?",
      },
    ]);
  });

  const root = (html: string) =>
    html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));

  it.each<[Locale, string, string, string]>([
    [
      "de",
      "Faire Preise: Sie zahlen pro Scan",
      "Preise · Stempla",
      "Keine Grundgebühr, keine Einrichtungskosten",
    ],
    ["en", "Fair pricing: you pay per scan", "Pricing · Stempla", "No base fee, no set-up costs"],
  ])(
    "renders /%s/pricing with its heading, language and head",
    async (locale, heading, title, description) => {
      const res = await t.inject({ url: `/${locale}/pricing` });
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain(`<html lang="${locale}" data-mantine-color-scheme="light"`);
      expect(root(html)).toContain(`<h1`);
      expect(root(html)).toContain(heading);
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toMatch(new RegExp(`<meta name="description" content="${description}[^"]+"`));
      expect(html).toContain(`<link rel="canonical" href="${publicUrl}/${locale}/pricing">`);
      expect(html).toContain(`<link rel="alternate" hreflang="de" href="${publicUrl}/de/pricing">`);
      expect(html).toContain(`<link rel="alternate" hreflang="en" href="${publicUrl}/en/pricing">`);
      expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${publicUrl}/de/pricing">`);
      // Paint first: the critical CSS follows the title, no stylesheet is linked but in the
      // <noscript>, and the only script is the boot script, at low priority, which then requests
      // the locale files, the full stylesheets, the entry and the page's own chunk.
      expect(html).toMatch(
        /<\/title>\s*<style data-critical>[\s\S]+?<\/style>\s*<noscript>(<link rel="stylesheet"[^>]*>)+<\/noscript>/,
      );
      expect(html.replace(/<noscript>[\s\S]*?<\/noscript>/, "")).not.toContain('rel="stylesheet"');
      const boot = html.match(
        /<script type="module" fetchpriority="low" src="\/assets\/boot-[^"]+\.js" data-entry="([^"]+)" data-fetch="([^"]+)" data-styles="([^"]+)" data-preload="([^"]+)"><\/script>/,
      );
      expect(boot?.[1]).toMatch(/^\/assets\/index-[^"]+\.js$/);
      expect((boot?.[3] ?? "").split(",")).toContainEqual(
        expect.stringMatching(/^\/assets\/index-[^,]+\.css$/),
      );
      expect((boot?.[4] ?? "").split(",")).toContainEqual(
        expect.stringMatching(/^\/assets\/pricing-page-[^,]+\.js$/),
      );
      expect(html.match(/<script type="module"/g)).toHaveLength(1);
      expect(html).not.toContain('rel="modulepreload"');
      // The hydration state is a JSON data block, not a script; it names the locale files the
      // page was rendered with, which the boot script fetches (data-fetch) and the server serves.
      const state = html.match(/<script type="application\/json" id="server-state">([^<]*)<\/script>/);
      const parsed = JSON.parse(state![1]!) as {
        locale: string;
        textFiles: Record<string, string>;
        numbers: Record<string, string>;
      };
      expect(parsed.locale).toBe(locale);
      // The product's numbers as this page's texts state them, for the browser's first render.
      expect(parsed.numbers).toEqual(
        Object.fromEntries(FAQ_PLACEHOLDER_NAMES.map((name) => [name, faqPlaceholderValue(name, locale)])),
      );
      expect(root(html)).toContain(parsed.numbers.minimum_per_location);
      expect(Object.keys(parsed.textFiles).sort()).toEqual(["common", "pricing"]);
      expect(boot?.[2]?.split(",").sort()).toEqual(Object.values(parsed.textFiles).sort());
      const texts = await t.inject({ url: parsed.textFiles.pricing! });
      expect(texts.statusCode).toBe(200);
      expect(JSON.stringify(texts.json())).toContain(heading);
    },
  );

  it("inlines the rules of the page's stylesheets that its HTML uses, and only those", async () => {
    const html = (await t.inject({ url: "/de/pricing" })).body;
    const critical = html.match(/<style data-critical>([\s\S]+?)<\/style>/)![1]!;
    const index = html.match(/data-styles="[^"]*?(\/assets\/index-[^",]+\.css)/)![1]!;
    const full = (await t.inject({ url: index })).body;
    const classes = new Set([...full.matchAll(/\.(m_[0-9a-f]{8})\b/g)].map((m) => m[1]!));
    const used = [...classes].filter((c) => new RegExp(`class="[^"]*\\b${c}\\b`).test(html));
    const unused = [...classes].filter((c) => !html.includes(c));
    // Mantine's classes: those on the page are styled from the first paint, the others wait.
    expect(used.length).toBeGreaterThan(5);
    expect(unused.length).toBeGreaterThan(50);
    for (const c of used) expect(critical).toContain(`.${c}`);
    for (const c of unused) expect(critical).not.toContain(`.${c}`);
    expect(critical.length).toBeLessThan(full.length / 5);
  });

  it("sends a page kept in memory compressed with brotli to a browser that accepts it", async () => {
    const plain = await t.inject({ url: "/de/login" });
    const br = await t.inject({
      url: "/de/login",
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);
    const refused = await t.inject({ url: "/de/login", headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(refused.rawPayload).toString("utf8")).toBe(plain.body);
  });

  it("renders the FAQ with the published questions from the database, not the drafts", async () => {
    const de = await t.inject({ url: "/de/faq" });
    expect(root(de.body)).toContain("Wird diese Frage gerendert?");
    expect(de.body).not.toContain("Entwurf, nicht veröffentlicht?");
    const en = await t.inject({ url: "/en/faq" });
    expect(root(en.body)).toContain("Is this question rendered?");
    // The entries reach the browser's query cache, so it shows them without asking again.
    expect(en.body).toMatch(/"queryKey":\["faq","public","en"\]/);
  });

  it("renders the registration form with its legal forms, not a disabled select waiting for them", async () => {
    const legalForms = (await t.inject({ url: "/api/v2/legalForm", headers: { "content-language": "en" } }))
      .json()
      .data.map((form: { id: number; name: string }) => ({ id: form.id, name: form.name }));
    expect(legalForms.length).toBeGreaterThan(3);
    const html = (await t.inject({ url: "/en/register" })).body;
    const select = root(html).match(/<input[^>]*aria-haspopup="listbox"[^>]*>/)?.[0];
    expect(select).toBeDefined();
    expect(select).not.toContain("disabled");
    // The browser's first render has them in its query cache and asks for them no more.
    const state = JSON.parse(html.match(/id="server-state">([^<]*)<\/script>/)![1]!);
    const cached = state.queries.queries.find(
      (query: { queryKey: unknown[] }) => JSON.stringify(query.queryKey) === '["legal-forms","en"]',
    );
    expect(
      cached.state.data.map((form: { id: number; name: string }) => ({ id: form.id, name: form.name })),
    ).toEqual(legalForms);
  });

  it("renders the imprint with the provider's name from the configuration", async () => {
    const res = await t.inject({ url: "/de/imprint" });
    expect(root(res.body)).toContain("Musterfirma Stempelwerk GmbH");
    expect(res.body).toContain("<title>Impressum · Stempla</title>");
  });

  it("renders the home page with the support phone and email from the configuration", async () => {
    const html = (await t.inject({ url: "/de" })).body;
    const provider = (await t.inject({ url: "/api/v2/provider" })).json().data;
    expect(root(html)).toContain(`>${provider.phone}</a>`);
    expect(root(html)).toContain(`href="mailto:${provider.support_email}"`);
    // The browser's first render has them too, from the page's state.
    const state = JSON.parse(html.match(/id="server-state">([^<]*)<\/script>/)![1]!);
    expect(state.provider).toEqual(provider);
  });

  it("renders the 404 page with status 404, out of search indexes", async () => {
    const res = await t.inject({ url: "/en/no-such-page" });
    expect(res.statusCode).toBe(404);
    expect(root(res.body)).toContain("404");
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).toContain("<title>Page not found · Stempla</title>");
    expect(res.body).not.toContain('rel="canonical"');
  });

  it.each(["/de/dashboard", "/en/locations/12", "/de/locations/abc", "/de/admin"])(
    "leaves %s to the browser (an empty root)",
    async (url) => {
      const res = await t.inject({ url });
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('id="server-state"');
    },
  );

  it("answers a page from its cache with the same HTML", async () => {
    const first = await t.inject({ url: "/de/products" });
    const second = await t.inject({ url: "/de/products" });
    expect(second.body).toBe(first.body);
    expect(root(second.body)).toContain("Die digitale Stempelkarte für Ihr Unternehmen");
  });
});
