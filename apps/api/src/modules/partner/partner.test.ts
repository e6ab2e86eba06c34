import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, statusEvents } from "../../db/schema/index.ts";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInPartner>>;
let bob: Awaited<ReturnType<typeof signedInPartner>>;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  alice = await signedInPartner(t, { company_name: "Café Alice" });
  bob = await signedInPartner(t, { company_name: "Bäckerei Bob" });
});

const card = { description: "Jeder 10. Kaffee gratis", points: 10, minimum_spend_cents: 250 };

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
      minimum_spend_cents: 250,
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
    // No transition happened, so no status mail and no log entry.
    expect(await t.db.$count(statusEvents, eq(statusEvents.companyId, id))).toBe(0);
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.template, "account.status_changed"))).toBe(0);
    expect((await t.inject({ url: "/api/v2/dashboard/status" })).statusCode).toBe(401);
  });
});
