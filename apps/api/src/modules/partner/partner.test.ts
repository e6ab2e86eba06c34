import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox, statusEvents } from "../../db/schema/index.ts";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInPartner>>;
let bob: Awaited<ReturnType<typeof signedInPartner>>;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
});
// Fresh partners for every test: what one test saves, no other reads (docs/architecture.md, Tests).
beforeEach(async () => {
  alice = await signedInPartner(t, { company_name: "Café Alice" });
  bob = await signedInPartner(t, { company_name: "Bäckerei Bob" });
});

const card = { description: "Jeder 10. Kaffee gratis", points: 10, conditions: { minimum_spend_cents: 250 } };

describe("bonus card", () => {
  it("GET /dashboard/partner lists the partner with an empty card, POST saves it", async () => {
    const before = (await t.inject({ url: "/api/v2/dashboard/partner", headers: alice.headers })).json().data;
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({
      company_name: "Café Alice",
      description: null,
      points: null,
      socials: [],
      status: "gray",
    });
    const id = before[0].id;
    const saved = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${id}`,
      headers: alice.headers,
      payload: card,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      description: "Jeder 10. Kaffee gratis",
      points: 10,
      conditions: { excluded_products: [], time_limits: null, minimum_spend_cents: 250, note: null },
    });
  });

  it("refuses more than 20 words and points outside 2 to 20", async () => {
    const id = (await t.inject({ url: "/api/v2/dashboard/partner", headers: alice.headers })).json().data[0]
      .id;
    const res = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${id}`,
      headers: alice.headers,
      payload: { description: Array(21).fill("Wort").join(" "), points: 25 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      description: ["Die Beschreibung darf höchstens 20 Wörter haben."],
      points: ["Bitte wählen Sie zwischen 2 und 20 Punkten."],
    });
  });

  it("answers 404 for another partner's id", async () => {
    const bobId = (await t.inject({ url: "/api/v2/dashboard/partner", headers: bob.headers })).json().data[0]
      .id;
    const res = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${bobId}`,
      headers: alice.headers,
      payload: card,
    });
    expect(res.statusCode).toBe(404);
    const bobs = (await t.inject({ url: "/api/v2/dashboard/partner", headers: bob.headers })).json().data[0];
    expect(bobs.description).toBeNull();
  });
});

describe("partnerSocials", () => {
  it("adds, changes and removes links, one of each kind, only the partner's own", async () => {
    const created = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/partnerSocials",
      headers: alice.headers,
      payload: { type: "instagram", url: "https://instagram.com/cafealice" },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const dup = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/partnerSocials",
      headers: alice.headers,
      payload: { type: "instagram", url: "https://instagram.com/other" },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ type: ["Diese Art von Link haben Sie bereits angelegt."] });
    const bad = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/partnerSocials",
      headers: alice.headers,
      payload: { type: "website", url: "javascript:alert(1)" },
    });
    expect(bad.statusCode).toBe(422);

    for (const call of [
      {
        method: "POST" as const,
        url: `/api/v2/dashboard/partnerSocials/${id}`,
        payload: { type: "website", url: "https://evil.example" },
      },
      { method: "DELETE" as const, url: `/api/v2/dashboard/partnerSocials/${id}` },
    ]) {
      expect((await t.inject({ ...call, headers: bob.headers })).statusCode).toBe(404);
    }
    const changed = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partnerSocials/${id}`,
      headers: alice.headers,
      payload: { type: "tiktok", url: "https://tiktok.com/@cafealice" },
    });
    expect(changed.json().data).toMatchObject({ type: "tiktok" });
    expect(
      (
        await t.inject({
          method: "DELETE",
          url: `/api/v2/dashboard/partnerSocials/${id}`,
          headers: alice.headers,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe("GET /dashboard/status", () => {
  it("shows gray and the checklist of what is missing, from the partner's real data", async () => {
    const fresh = await signedInPartner(t, { company_name: "Kiosk Neu" });
    const before = (await t.inject({ url: "/api/v2/dashboard/status", headers: fresh.headers })).json().data;
    expect(before).toMatchObject({
      status: "gray",
      missing: ["contact", "location", "card", "sepa"],
      approved_at: null,
      reason: null,
    });
    expect(Date.parse(before.since)).not.toBeNaN();

    const id = (await t.inject({ url: "/api/v2/dashboard/partner", headers: fresh.headers })).json().data[0]
      .id;
    await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${id}`,
      headers: fresh.headers,
      payload: card,
    });
    await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/shop",
      headers: fresh.headers,
      payload: { name: "Kiosk Neu Mitte", street: "Weg", building: "1", postcode: "10115", city: "Berlin" },
    });
    const after = (await t.inject({ url: "/api/v2/dashboard/status", headers: fresh.headers })).json().data;
    expect(after).toMatchObject({ status: "gray", missing: ["contact", "sepa"] });
    // No transition happened since the address was confirmed, so no status mail and no other log entry.
    expect(await t.db.$count(statusEvents, eq(statusEvents.companyId, id))).toBe(1);
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.template, "account.status_changed"))).toBe(0);
    expect((await t.inject({ url: "/api/v2/dashboard/status" })).statusCode).toBe(401);
  });
});

describe("partner-level fields: public name, categories, cumulative billing (partial updates)", () => {
  let ids: number[];
  let aliceId: number;
  const save = (who: { headers: Record<string, string> }, id: number, payload: unknown, locale = "de") =>
    t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${id}`,
      headers: { ...who.headers, "content-language": locale },
      payload: payload as object,
    });
  const partnerOf = async (who: { headers: Record<string, string> }) =>
    (await t.inject({ url: "/api/v2/dashboard/partner", headers: who.headers })).json().data[0];

  beforeAll(async () => {
    ids = (await t.inject({ url: "/api/v2/categories?limit=500" }))
      .json()
      .data.map((c: { id: number }) => c.id);
  });
  beforeEach(async () => {
    aliceId = (await partnerOf(alice)).id;
  });

  it("saves public name and categories; fields not sent are kept", async () => {
    const before = await partnerOf(alice);
    const res = await save(alice, aliceId, {
      public_name: "  Café Alice am Markt ",
      categories: { primary: ids[1], secondary: [ids[0], ids[3]] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      public_name: "Café Alice am Markt",
      categories: { primary: ids[1], secondary: [ids[0], ids[3]] },
      description: before.description,
      points: before.points,
      conditions: before.conditions,
      company_name: "Café Alice",
    });
    // Only the public name: the categories stay.
    const renamed = await save(alice, aliceId, { public_name: "Alice" });
    expect(renamed.json().data).toMatchObject({
      public_name: "Alice",
      categories: { primary: ids[1], secondary: [ids[0], ids[3]] },
    });
    // New categories replace the old ones, in the order given.
    const recategorised = await save(alice, aliceId, { categories: { primary: ids[2] } });
    expect(recategorised.json().data.categories).toEqual({ primary: ids[2], secondary: [] });
    const company = (await t.inject({ url: "/api/v2/dashboard/company", headers: alice.headers })).json()
      .data;
    expect(company).toMatchObject({ public_name: "Alice", categories: { primary: ids[2], secondary: [] } });
  });

  it("conditions are replaced whole; a save without them keeps theirs", async () => {
    await save(alice, aliceId, {
      conditions: { excluded_products: ["Zeitschriften"], note: "Mo–Fr", minimum_spend_cents: 500 },
    });
    const kept = await save(alice, aliceId, { public_name: "Alice" });
    expect(kept.json().data.conditions).toMatchObject({
      excluded_products: ["Zeitschriften"],
      note: "Mo–Fr",
    });
    const cleared = await save(alice, aliceId, { conditions: { note: "Mo–Fr" } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({
      conditions: { excluded_products: [], minimum_spend_cents: null, time_limits: null, note: "Mo–Fr" },
      public_name: "Alice",
    });
  });

  it.each([
    [{}, "_", "Bitte überprüfen Sie Ihre Eingabe.", "Please check your input."],
    [{ unknown: true }, "_", "Bitte überprüfen Sie Ihre Eingabe.", "Please check your input."],
    [
      { public_name: "A" },
      "public_name",
      "Der öffentliche Name muss mindestens 2 Zeichen lang sein.",
      "The public name must be at least 2 characters long.",
    ],
    [
      { public_name: null },
      "public_name",
      "Der öffentliche Name muss mindestens 2 Zeichen lang sein.",
      "The public name must be at least 2 characters long.",
    ],
    [
      { public_name: "x".repeat(51) },
      "public_name",
      "Der öffentliche Name darf höchstens 50 Zeichen lang sein.",
      "The public name may be up to 50 characters long.",
    ],
    [
      { categories: { secondary: [1] } },
      "categories.primary",
      "Bitte wählen Sie eine Hauptkategorie.",
      "Please choose a main category.",
    ],
    [
      { categories: { primary: 1, secondary: [2, 3, 4] } },
      "categories.secondary",
      "Sie können höchstens zwei weitere Kategorien wählen.",
      "You can choose at most two further categories.",
    ],
    [
      { categories: { primary: 1, secondary: [1] } },
      "categories.secondary",
      "Bitte wählen Sie jede Kategorie nur einmal.",
      "Please choose each category only once.",
    ],
    [
      { categories: { primary: 1, secondary: ["x"] } },
      "categories.secondary.0",
      "Bitte wählen Sie Kategorien aus der Liste.",
      "Please choose categories from the list.",
    ],
    [
      { categories: { primary: 99_999 } },
      "categories",
      "Bitte wählen Sie Kategorien aus der Liste.",
      "Please choose categories from the list.",
    ],
    [
      { cumulative_billing: true },
      "cumulative_billing",
      "Bitte überprüfen Sie Ihre Eingabe.",
      "Please check your input.",
    ],
    [
      { cumulative_billing: "ja" },
      "cumulative_billing",
      "Bitte überprüfen Sie Ihre Eingabe.",
      "Please check your input.",
    ],
  ])("%j: 422 on %s in de and en, nothing saved", async (payload, field, de, en) => {
    const before = await partnerOf(alice);
    for (const [locale, text] of [
      ["de", de],
      ["en", en],
    ] as const) {
      const res = await save(alice, aliceId, payload, locale);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ [field]: [text] });
    }
    expect(await partnerOf(alice)).toEqual(before);
  });

  it("cumulative billing is a franchisor's (master's) choice", async () => {
    const master = await signedInPartner(t, {
      company_name: "Franchise Zentrale",
      type: "master",
      contact_name: "Ina",
      contact_surname: "Roth",
    });
    const id = (await partnerOf(master)).id;
    expect((await partnerOf(master)).cumulative_billing).toBe(false);
    const on = await save(master, id, { cumulative_billing: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.cumulative_billing).toBe(true);
    const company = (await t.inject({ url: "/api/v2/dashboard/company", headers: master.headers })).json()
      .data;
    expect(company.cumulative_billing).toBe(true);
    expect((await save(master, id, { cumulative_billing: false })).json().data.cumulative_billing).toBe(
      false,
    );
    expect((await partnerOf(alice)).cumulative_billing).toBe(false);
  });

  it("another partner's id answers 404 and changes nothing of theirs; signed out 401; a malformed id 422", async () => {
    const bobBefore = await partnerOf(bob);
    const res = await save(alice, bobBefore.id, { public_name: "Gekapert", categories: { primary: ids[0] } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Bäckerei Bob");
    expect(await partnerOf(bob)).toEqual(bobBefore);
    const anonymous = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${aliceId}`,
      headers: { origin: ORIGIN },
      payload: { public_name: "Niemand" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await save(alice, "abc" as unknown as number, { public_name: "Alice" })).statusCode).toBe(422);
  });
});
