import { beforeAll, describe, expect, it } from "vitest";
import { build, type TestApp } from "../../test/build.ts";

let t: TestApp;
beforeAll(async () => {
  t = await build();
});

describe("GET /api/v2/health", () => {
  it("answers ok when the database answers", async () => {
    const res = await t.inject({ url: "/api/v2/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "ok", database: "ok" });
  });
});

describe("API errors", () => {
  it("answers an unknown API path with a JSON 404 in the request's language", async () => {
    const de = await t.inject({ url: "/api/v2/does-not-exist" });
    expect(de.statusCode).toBe(404);
    expect(de.json()).toEqual({ code: "not_found", message: "Diese Seite konnte nicht gefunden werden." });
    const en = await t.inject({ url: "/api/v2/does-not-exist", headers: { "content-language": "en-GB" } });
    expect(en.json().message).toBe("This page could not be found.");
  });

  it("prefers the Content-Language header to the locale cookie, and the cookie to the default", async () => {
    const both = await t.inject({
      url: "/api/nope",
      headers: { "content-language": "de", cookie: "locale=en" },
    });
    expect(both.json().message).toBe("Diese Seite konnte nicht gefunden werden.");
    const cookie = await t.inject({ url: "/api/nope", headers: { cookie: "locale=en" } });
    expect(cookie.json().message).toBe("This page could not be found.");
    const unknown = await t.inject({ url: "/api/nope", headers: { "content-language": "fr" } });
    expect(unknown.json().message).toBe("Diese Seite konnte nicht gefunden werden.");
  });

  it("answers malformed JSON with 400, a wrong content type with 415 and a huge body with 413", async () => {
    const malformed = await t.inject({
      method: "POST",
      url: "/api/v2/contact",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe("bad_request");

    const wrongType = await t.inject({
      method: "POST",
      url: "/api/v2/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "a=b",
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().code).toBe("unsupported_media_type");

    const huge = await t.inject({
      method: "POST",
      url: "/api/v2/contact",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ message: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe("payload_too_large");
  });

  it("sends security headers and serves the OpenAPI document", async () => {
    const res = await t.inject({ url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/v2/health",
        "/api/v2/legalForm",
        "/api/v2/categories",
        "/api/v2/contact",
      ]),
    );
    const health = await t.inject({ url: "/api/v2/health" });
    expect(health.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(health.headers["x-content-type-options"]).toBe("nosniff");
  });
});
