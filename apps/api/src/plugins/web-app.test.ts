import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { faqEntries } from "../db/schema/faq.ts";
import { build, type TestApp } from "../test/build.ts";

// A minimal built app: the server's routing does not depend on what the bundle contains.
function fakeDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "stempla-dist-"));
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

  it.each([
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
      // Paint first: the stylesheets follow the title, and the only script before the first
      // paint is the boot script, which then requests the entry and the page's own chunk.
      const styles = html.match(/<\/title>((?:\s*<link rel="stylesheet"[^>]*>)+)/)?.[1];
      expect(styles).toMatch(/href="\/assets\/index-[^"]+\.css"/);
      const boot = html.match(
        /<script type="module" src="\/assets\/boot-[^"]+\.js" data-entry="([^"]+)" data-preload="([^"]+)"><\/script>/,
      );
      expect(boot?.[1]).toMatch(/^\/assets\/index-[^"]+\.js$/);
      expect((boot?.[2] ?? "").split(",")).toContainEqual(
        expect.stringMatching(/^\/assets\/pricing-page-[^,]+\.js$/),
      );
      expect(html.match(/<script type="module"/g)).toHaveLength(1);
      expect(html).not.toContain('rel="modulepreload"');
      // The hydration state is a JSON data block, not a script.
      const state = html.match(/<script type="application\/json" id="server-state">([^<]*)<\/script>/);
      expect(JSON.parse(state![1]!)).toMatchObject({ locale, texts: { common: {}, pricing: {} } });
      expect(html).not.toContain("<noscript>");
    },
  );

  it("renders the FAQ with the published questions from the database, not the drafts", async () => {
    const de = await t.inject({ url: "/de/faq" });
    expect(root(de.body)).toContain("Wird diese Frage gerendert?");
    expect(de.body).not.toContain("Entwurf, nicht veröffentlicht?");
    const en = await t.inject({ url: "/en/faq" });
    expect(root(en.body)).toContain("Is this question rendered?");
    // The entries reach the browser's query cache, so it shows them without asking again.
    expect(en.body).toMatch(/"queryKey":\["faq","public","en"\]/);
  });

  it("renders the imprint with the provider's name from the configuration", async () => {
    const res = await t.inject({ url: "/de/imprint" });
    expect(root(res.body)).toContain("Musterfirma Stempelwerk GmbH");
    expect(res.body).toContain("<title>Impressum · Stempla</title>");
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
