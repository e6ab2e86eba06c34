import { SETUP_STEPS } from "@stempla/domain";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setupProgress } from "../../db/schema/index.ts";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf, inLocale, LOCATION, type Partner } from "../../test/review.ts";

let t: TestApp;
let alice: Partner;
let bob: Partner;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
});
// Fresh partners for every test: what one test saves, no other reads (docs/architecture.md, Tests).
beforeEach(async () => {
  alice = await signedInPartner(t, { company_name: "Café Alice" });
  bob = await signedInPartner(t, { company_name: "Bäckerei Bob" });
});

const LOCATION_STEPS = ["locationName", "address", "locationConfirm", "phone", "openingHours", "finish"];
const get = (who: Partner) => t.inject({ url: "/api/v2/dashboard/setup", headers: who.headers });
const put = (who: Partner, payload: object, locale: "de" | "en" = "de") =>
  t.inject({ method: "PUT", url: "/api/v2/dashboard/setup", headers: inLocale(who, locale), payload });
const post = (who: Partner, what: "location" | "finish", locale: "de" | "en" = "de") =>
  t.inject({ method: "POST", url: `/api/v2/dashboard/setup/${what}`, headers: inLocale(who, locale) });
const createLocation = async (who: Partner) =>
  (
    await t.inject({ method: "POST", url: "/api/v2/dashboard/shop", headers: who.headers, payload: LOCATION })
  ).json().data.id as number;

describe("set-up wizard progress", () => {
  it("a partner who never started begins at the first step; its steps have no payment preference", async () => {
    const res = await get(alice);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      mode: "account",
      step: "locationName",
      steps: SETUP_STEPS.filter((s) => s !== "payment"),
      draft: {},
      location_id: null,
      active: true,
      account_completed_at: null,
    });
  });

  it("a master's steps include the payment preference (cumulative billing)", async () => {
    const master = await signedInPartner(t, {
      company_name: "Franchise Zentrale",
      type: "master",
      contact_name: "Ina",
      contact_surname: "Roth",
    });
    const data = (await get(master)).json().data;
    expect(data.steps).toEqual([...SETUP_STEPS]);
    expect(data.steps.at(-3)).toBe("payment");
    expect((await put(master, { step: "payment" })).json().data.step).toBe("payment");
  });

  it("remembers step and location draft; the partner continues there after a new login", async () => {
    const saved = await put(alice, {
      step: "address",
      draft: { name: "Café Alice am Markt", street: "Marktplatz", postcode: "50667" },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      step: "address",
      draft: { name: "Café Alice am Markt", street: "Marktplatz", postcode: "50667" },
    });
    // Without a draft the stored one stays.
    await put(alice, { step: "categories" });
    const login = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/login",
      payload: { email: alice.email, password: alice.password },
    });
    const again = await t.inject({
      url: "/api/v2/dashboard/setup",
      headers: { authorization: `Bearer ${login.json().data.token}` },
    });
    expect(again.json().data).toMatchObject({
      step: "categories",
      draft: { name: "Café Alice am Markt", street: "Marktplatz" },
    });
    // Bob's progress is his own.
    expect((await get(bob)).json().data).toMatchObject({ step: "locationName", draft: {} });
  });

  it.each([
    [{ step: "nonsense" }, "step", "Bitte überprüfen Sie Ihre Eingabe.", "Please check your input."],
    [{}, "step", "Bitte überprüfen Sie Ihre Eingabe.", "Please check your input."],
    // Not one of a partner's steps (only masters choose cumulative billing).
    [{ step: "payment" }, "step", "Bitte überprüfen Sie Ihre Eingabe.", "Please check your input."],
    [
      { step: "address", draft: { name: "x".repeat(251) } },
      "draft.name",
      "Dieser Text ist zu lang.",
      "This text is too long.",
    ],
    [
      { step: "address", draft: { city: 5 } },
      "draft.city",
      "Bitte überprüfen Sie Ihre Eingabe.",
      "Please check your input.",
    ],
    [
      { step: "address", location_id: "abc" },
      "location_id",
      "Bitte überprüfen Sie Ihre Eingabe.",
      "Please check your input.",
    ],
    [
      { step: "address", location_id: -1 },
      "location_id",
      "Bitte überprüfen Sie Ihre Eingabe.",
      "Please check your input.",
    ],
  ])("PUT %j: 422 on %s in de and en, nothing saved", async (payload, field, de, en) => {
    const before = (await get(alice)).json().data;
    for (const [locale, text] of [
      ["de", de],
      ["en", en],
    ] as const) {
      const res = await put(alice, payload, locale);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ [field]: [text] });
    }
    expect((await get(alice)).json().data).toEqual(before);
  });

  it("another partner's location answers 404 and is neither stored nor shown", async () => {
    const bobsLocation = await createLocation(bob);
    const before = (await get(alice)).json().data;
    const res = await put(alice, { step: "locationConfirm", location_id: bobsLocation });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Café am Markt");
    expect(res.body).not.toContain(String(bobsLocation));
    expect((await get(alice)).json().data).toEqual(before);
    const [row] = await t.db
      .select()
      .from(setupProgress)
      .where(eq(setupProgress.companyId, companyIdOf(alice)));
    expect(row?.locationId ?? null).toBeNull();
    // A location id that does not exist at all looks the same.
    expect((await put(alice, { step: "locationConfirm", location_id: 99_999_999 })).statusCode).toBe(404);
  });

  it("cannot finish the account set-up before its location exists", async () => {
    for (const [locale, text] of [
      ["de", "Bitte legen Sie zuerst den Standort an."],
      ["en", "Please create the location first."],
    ] as const) {
      const res = await post(alice, "finish", locale);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ step: [text] });
    }
    // A further location is only added after the account set-up.
    expect((await post(alice, "location")).statusCode).toBe(409);
    expect((await get(alice)).json().data).toMatchObject({ mode: "account", active: true });
  });

  it("finishes with its location: account_completed_at is set once and the wizard closes", async () => {
    const locationId = await createLocation(alice);
    const saved = await put(alice, { step: "locationConfirm", location_id: locationId });
    expect(saved.json().data.location_id).toBe(locationId);
    const finished = await post(alice, "finish");
    expect(finished.statusCode).toBe(200);
    const data = finished.json().data;
    expect(data).toMatchObject({ mode: "account", active: false, step: "finish", draft: {} });
    expect(Date.parse(data.account_completed_at)).toBeGreaterThan(Date.now() - 60_000);
    // Finishing again does not move the date.
    const again = (await post(alice, "finish")).json().data;
    expect(again.account_completed_at).toBe(data.account_completed_at);
  });

  it("opens the wizard for a further location with the location steps only, then closes it", async () => {
    // The account set-up finished with its first location.
    const locationId = await createLocation(alice);
    await put(alice, { step: "locationConfirm", location_id: locationId });
    expect((await post(alice, "finish")).statusCode).toBe(200);
    const completedAt = (await get(alice)).json().data.account_completed_at;
    const opened = await post(alice, "location");
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toEqual({
      mode: "location",
      step: "locationName",
      steps: LOCATION_STEPS,
      draft: {},
      location_id: null,
      active: true,
      account_completed_at: completedAt,
    });
    const wrong = await put(alice, { step: "categories" }, "en");
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ step: ["Please check your input."] });
    expect(
      (await put(alice, { step: "phone", draft: { name: "Café Alice Süd" } })).json().data,
    ).toMatchObject({
      mode: "location",
      step: "phone",
    });
    // Closing (or finishing) the location wizard returns to the dashboard; the account stays completed.
    const closed = (await post(alice, "finish")).json().data;
    expect(closed).toMatchObject({ mode: "account", active: false, account_completed_at: completedAt });
  });

  it("is for signed-in partners only", async () => {
    for (const [method, url, payload] of [
      ["GET", "/api/v2/dashboard/setup", undefined],
      ["PUT", "/api/v2/dashboard/setup", { step: "address" }],
      ["POST", "/api/v2/dashboard/setup/location", undefined],
      ["POST", "/api/v2/dashboard/setup/finish", undefined],
    ] as const) {
      const res = await t.inject({ method, url, payload, headers: { origin: ORIGIN } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
