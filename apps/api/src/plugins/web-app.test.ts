import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
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
