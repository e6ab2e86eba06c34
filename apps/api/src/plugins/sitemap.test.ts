import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { build, type TestApp } from "../test/build.ts";
import { tempDir } from "../test/temp-dir.ts";

// The sitemaps.org 0.9 structure with the xhtml:link language alternates, to check the answer
// against: urlset of url, each a loc and links with rel, hreflang and an absolute href.
const SITEMAP_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"
  targetNamespace="http://www.sitemaps.org/schemas/sitemap/0.9" elementFormDefault="qualified">
  <xs:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="xhtml-link.xsd"/>
  <xs:element name="urlset">
    <xs:complexType><xs:sequence>
      <xs:element name="url" maxOccurs="unbounded"><xs:complexType><xs:sequence>
        <xs:element name="loc" type="xs:anyURI"/>
        <xs:any namespace="http://www.w3.org/1999/xhtml" processContents="strict" minOccurs="0" maxOccurs="unbounded"/>
      </xs:sequence></xs:complexType></xs:element>
    </xs:sequence></xs:complexType>
  </xs:element>
</xs:schema>`;
const XHTML_LINK_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.w3.org/1999/xhtml"
  elementFormDefault="qualified">
  <xs:element name="link"><xs:complexType>
    <xs:attribute name="rel" type="xs:string" fixed="alternate" use="required"/>
    <xs:attribute name="hreflang" type="xs:string" use="required"/>
    <xs:attribute name="href" type="xs:anyURI" use="required"/>
  </xs:complexType></xs:element>
</xs:schema>`;

interface SitemapUrl {
  loc: string;
  alternates: Record<string, string>;
}

/** Checks the document against the schema above, then reads its urls. */
async function parseSitemap(xml: string): Promise<SitemapUrl[]> {
  const result = await validateXML({
    xml: { fileName: "sitemap.xml", contents: xml },
    schema: { fileName: "sitemap.xsd", contents: SITEMAP_XSD },
    preload: { fileName: "xhtml-link.xsd", contents: XHTML_LINK_XSD },
  });
  expect(result.errors).toEqual([]);
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
    loc: /<loc>([^<]*)<\/loc>/.exec(body!)![1]!,
    alternates: Object.fromEntries(
      [...body!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    ),
  }));
}

const BASE = "https://partner.stempla.example";
const listed = (urls: SitemapUrl[]) => urls.map((u) => u.loc.slice(BASE.length)).sort();

// A built app (as in production), so the sitemap is seen to win over the web build's files.
function fakeDist(): string {
  const dir = tempDir("stempla-dist-");
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html lang="de"><head></head><body>app</body></html>',
  );
  writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
  return dir;
}

describe("sitemap", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ PUBLIC_URL: `${BASE}/`, WEB_DIST_DIR: fakeDist() });
  });

  it("lists every public page in German and English with absolute URLs, alternates and x-default", async () => {
    const res = await t.inject({ url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const urls = await parseSitemap(res.body);
    const pages = [
      "",
      "/products",
      "/digital-menu",
      "/pricing",
      "/faq",
      "/contact-us",
      "/imprint",
      "/privacy",
      "/terms-partners",
      "/terms-app-users",
      "/community-guidelines",
      "/register",
      "/register/master",
    ];
    expect(listed(urls)).toEqual(pages.flatMap((p) => [`/de${p}`, `/en${p}`]).sort());
    for (const { loc, alternates } of urls) {
      const page = loc.slice(BASE.length).replace(/^\/(de|en)/, "");
      expect(alternates).toEqual({
        de: `${BASE}/de${page}`,
        en: `${BASE}/en${page}`,
        "x-default": `${BASE}/de${page}`,
      });
    }
  });

  it("lists no signed-in page, no page with parameters, and neither sign-in nor password reset", async () => {
    const urls = listed(await parseSitemap((await t.inject({ url: "/sitemap.xml" })).body));
    for (const path of [
      "/de/dashboard",
      "/de/locations",
      "/en/invoices",
      "/de/admin",
      "/de/nft",
      "/de/login",
      "/en/password/reset",
      "/de/register/slave",
      "/de/partner-registration",
    ]) {
      expect(urls).not.toContain(path);
    }
    expect(urls.filter((u) => /dashboard|admin|locations|:/.test(u))).toEqual([]);
  });

  it("is named in robots.txt, served instead of the build's file", async () => {
    const res = await t.inject({ url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.body).toContain(`Sitemap: ${BASE}/sitemap.xml\n`);
    expect(res.body).toContain("Disallow: /api/\n");
  });
});

describe("sitemap with MARKETING_SITE_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ PUBLIC_URL: BASE, MARKETING_SITE_URL: "https://www.stempla.example" });
  });

  it("leaves the pages that live on the marketing site to that site's sitemap", async () => {
    const urls = listed(await parseSitemap((await t.inject({ url: "/sitemap.xml" })).body));
    for (const gone of ["/de", "/en", "/de/pricing", "/en/products", "/de/digital-menu"]) {
      expect(urls).not.toContain(gone);
    }
    expect(urls).toContain("/de/faq");
    expect(urls).toContain("/en/register");
    expect(urls).toContain("/de/imprint");
  });
});
