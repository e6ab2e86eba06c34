import { beforeAll, describe, expect, it } from "vitest";
import { signedInPartner } from "../test/accounts.ts";
import { build, type TestApp } from "../test/build.ts";
import { signedInAdmin } from "../test/review.ts";

// The explorer lists the console's operations: in production only the provider team sees it.

const DOCS = [
  "/api/docs",
  "/api/docs/",
  "/api/docs/json",
  "/api/docs/yaml",
  "/api/docs/static/index.html",
  "/api/docs/static/swagger-initializer.js",
  "/api/docs/static/swagger-ui.css",
  "/api/docs?x=1",
  "/api/docs/json?x=1",
  "//api/docs/json",
  "/api//docs/yaml",
];

describe("the OpenAPI explorer in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ NODE_ENV: "production" });
  });

  it("answers 401 signed out, with the API's error shape", async () => {
    for (const url of DOCS) {
      const res = await t.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code, url).toBe("unauthorized");
      expect(res.body, url).not.toContain("/api/admin");
    }
  });

  it("answers 403 to a partner", async () => {
    const partner = await signedInPartner(t);
    for (const url of DOCS) {
      const res = await t.inject({ url, headers: partner.headers });
      // With doubled slashes the session is not looked up at all (401): refused either way.
      expect(res.statusCode, url).toBe(url.startsWith("//") ? 401 : 403);
      expect(res.body, url).not.toContain("/api/admin");
    }
  });

  it("serves the provider team the explorer and the document", async () => {
    const admin = await signedInAdmin(t);
    const doc = await t.inject({ url: "/api/docs/json", headers: admin.headers });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain("/api/admin/reviews");
    const ui = await t.inject({ url: "/api/docs", headers: admin.headers });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toMatch(/text\/html/);
  });
});

describe("the OpenAPI explorer in development", () => {
  it("is open", async () => {
    const t = await build({ NODE_ENV: "development" });
    expect((await t.inject({ url: "/api/docs/json" })).statusCode).toBe(200);
  });
});

// Issue 12: every operation documents its answer, so /api/docs describes every response.
describe("the OpenAPI document", () => {
  it("has a response schema for every operation", async () => {
    const t = await build();
    const doc = (await t.inject({ url: "/api/docs/json" })).json();
    const offenders: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, OpenApiOperation>>(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!documentsAnAnswer(operation)) offenders.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("shows each company field group's body", async () => {
    const t = await build();
    const doc = (await t.inject({ url: "/api/docs/json" })).json();
    const body =
      doc.paths["/api/v2/dashboard/company/{group}"].patch.requestBody.content["application/json"].schema;
    const groups = body.anyOf.map((g: { title: string; properties: object }) => [
      g.title,
      Object.keys(g.properties),
    ]);
    expect(groups).toEqual([
      ["company_name", ["company_name"]],
      ["legal_form", ["legal_form_id"]],
      ["vat", ["vat"]],
      ["address", expect.arrayContaining(["street", "building", "postcode", "city", "country", "latitude"])],
      ["phone", ["phone_number"]],
      ["contact", ["first_name", "surname", "phone"]],
    ]);
  });
});

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** A 2xx answer with a body schema, or an explicit answer without a body (204, a redirect). */
function documentsAnAnswer(operation: OpenApiOperation): boolean {
  return Object.entries(operation.responses ?? {}).some(([status, response]) => {
    if (status === "204" || status === "302") return true;
    if (!status.startsWith("2")) return false;
    return Object.values(response.content ?? {}).some((media) => media.schema !== undefined);
  });
}
