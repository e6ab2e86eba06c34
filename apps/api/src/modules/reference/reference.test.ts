import { beforeAll, describe, expect, it } from "vitest";
import { build, type TestApp } from "../../test/build.ts";

let t: TestApp;
beforeAll(async () => {
  t = await build();
});

describe("GET /api/v2/legalForm", () => {
  it("lists the German legal forms with names in the request's language", async () => {
    const de = await t.inject({ url: "/api/v2/legalForm" });
    expect(de.statusCode).toBe(200);
    const names = de.json().data.map((f: { name: string }) => f.name);
    for (const form of [
      "GmbH",
      "UG (haftungsbeschränkt)",
      "AG",
      "GbR",
      "OHG",
      "KG",
      "GmbH & Co. KG",
      "Einzelunternehmen",
    ]) {
      expect(names).toContain(form);
    }
    const en = await t.inject({ url: "/api/v2/legalForm", headers: { "content-language": "en" } });
    expect(en.headers["content-language"]).toBe("en");
    expect(en.json().data.find((f: { key: string }) => f.key === "einzelunternehmen").name).toBe(
      "Sole proprietorship",
    );
  });
});

describe("GET /api/v2/categories", () => {
  it("lists about 30 categories in order, with both names", async () => {
    const res = await t.inject({ url: "/api/v2/categories?limit=500", headers: { cookie: "locale=en" } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.length).toBeGreaterThanOrEqual(30);
    expect(body.meta).toEqual({ page: 1, per_page: 500, total: body.data.length });
    const cafe = body.data[0];
    expect(cafe).toMatchObject({ key: "cafe", name_de: "Café", name_en: "Café" });
    const ice = body.data.find((c: { key: string }) => c.key === "ice_cream");
    expect(ice).toMatchObject({ name: "Ice-cream parlour", name_de: "Eiscafé" });
  });

  it("pages with limit and page", async () => {
    const first = (await t.inject({ url: "/api/v2/categories?limit=5&page=1" })).json();
    const second = (await t.inject({ url: "/api/v2/categories?limit=5&page=2" })).json();
    expect(first.data).toHaveLength(5);
    expect(second.data).toHaveLength(5);
    expect(second.data[0].id).not.toBe(first.data[0].id);
    expect(second.meta.page).toBe(2);
  });

  it.each([
    ["limit=0", "limit", "Der Wert ist zu klein."],
    ["limit=501", "limit", "Der Wert ist zu groß."],
    ["limit=abc", "limit", "Bitte geben Sie eine ganze Zahl ein."],
    ["limit=2.5", "limit", "Bitte geben Sie eine ganze Zahl ein."],
    ["page=-1", "page", "Der Wert ist zu klein."],
  ])("rejects %s with 422 on the field", async (query, field, message) => {
    const res = await t.inject({ url: `/api/v2/categories?${query}` });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: "validation_failed",
      message: "Bitte überprüfen Sie die markierten Felder.",
      errors: { [field]: [message] },
    });
  });
});
