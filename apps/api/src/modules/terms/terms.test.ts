import { addDays, berlinDay, CONTRACT, earliestTermsEffectiveDay } from "@stempla/domain";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox, termsAcceptances, users } from "../../db/schema/index.ts";
import { ensureAdmin } from "../../db/seed/accounts.ts";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { announceTerms, applyDueTermsChanges, objectToTerms } from "./service.ts";

let t: TestApp;
let admin: Record<string, string>;
let adminId: number;
let objector: Awaited<ReturnType<typeof signedInPartner>>;
let silent: Awaited<ReturnType<typeof signedInPartner>>;
const today = berlinDay(new Date());
const effective = earliestTermsEffectiveDay(today);

/** Early on `day` in Germany (00:30 in winter, 01:30 in summer). */
const earlyOn = (day: string) => new Date(`${day}T00:30:00+01:00`);

const termsOf = async (headers: Record<string, string>) =>
  (await t.inject({ url: "/api/v2/dashboard/terms", headers })).json().data;

const SUMMARY = {
  summary_de: "Die Hardwarepreise steigen.\nDie Kündigungsfrist bleibt gleich.",
  summary_en: "Hardware prices go up.\nThe notice period stays the same.",
};

/** The team announces version 2027-01 for the earliest possible day; its id. */
async function announce(): Promise<number> {
  const res = await t.inject({
    method: "POST",
    url: "/api/admin/terms/versions",
    headers: admin,
    payload: { version: "2027-01", valid_from: effective, ...SUMMARY },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const OBJECTION_REASON = "Wir sind mit den neuen Preisen nicht einverstanden.";

/** The objector objects to the announced version. */
async function object(id: number) {
  const res = await t.inject({
    method: "POST",
    url: `/api/v2/dashboard/terms/${id}/objection`,
    headers: objector.headers,
    payload: { reason: OBJECTION_REASON },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

// Versions and the job are global to the database (one pending change at a time, the job switches
// every partner), so each test gets a database of its own with the team, a German partner that
// will object and an English one that stays silent: a test runs alone and in any order
// (docs/architecture.md, Tests).
beforeEach(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  await ensureAdmin(t.db, { email: "team@stempla.test", password: "sehr-geheim-1" });
  const res = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/login",
    payload: { email: "team@stempla.test", password: "sehr-geheim-1" },
  });
  admin = { authorization: `Bearer ${res.json().data.token}`, origin: ORIGIN };
  adminId = res.json().data.user.id;
  objector = await signedInPartner(t, { company_name: "Café Einspruch" });
  silent = await signedInPartner(t, { company_name: "Corner Shop" });
  await t.db.update(users).set({ locale: "en" }).where(eq(users.email, silent.email));
});
afterEach(() => t.close());

describe("partner terms", () => {
  it("records the version in force and the time at registration", async () => {
    const before = Date.now();
    const partner = await signedInPartner(t);
    const data = await termsOf(partner.headers);
    expect(data.accepted).toMatchObject({
      version: CONTRACT.termsInitialVersion,
      valid_from: CONTRACT.termsValidSince,
      method: "registration",
    });
    expect(Date.parse(data.accepted.accepted_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(data.accepted.accepted_at)).toBeLessThanOrEqual(Date.now());
    expect(data.change).toBeNull();
  });

  it("refuses an effective date inside the objection period and bad input, on the field", async () => {
    const tooEarly = await t.inject({
      method: "POST",
      url: "/api/admin/terms/versions",
      headers: admin,
      payload: {
        version: "2027-01",
        valid_from: addDays(effective, -1),
        summary_de: "Neue Preise für Hardware.",
        summary_en: "New hardware prices.",
      },
    });
    expect(tooEarly.statusCode).toBe(422);
    expect(tooEarly.json().errors.valid_from[0]).toContain(`${CONTRACT.termsChangeObjectionWeeks} Wochen`);
    const bad = await t.inject({
      method: "POST",
      url: "/api/admin/terms/versions",
      headers: { ...admin, "content-language": "en" },
      payload: { version: "", valid_from: "2027-02-31", summary_de: "kurz", summary_en: 5 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      "summary_de",
      "summary_en",
      "valid_from",
      "version",
    ]);
  });

  it("announces a change: every partner is mailed in its language, with the date and how to object", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/admin/terms/versions",
      headers: admin,
      payload: { version: "2027-01", valid_from: effective, ...SUMMARY },
    });
    expect(res.statusCode).toBe(201);
    // Every partner login, not the team.
    expect(res.json().data.mailed).toBe(2);

    const [de] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, objector.email), eq(mailOutbox.template, "terms_change")));
    expect(de!.locale).toBe("de");
    const [y, m, d] = effective.split("-");
    expect(de!.subject).toBe(`Änderung unserer AGB für Partner zum ${d}.${m}.${y}`);
    expect(de!.text).toContain("Die Hardwarepreise steigen.");
    expect(de!.text).toContain("Widersprechen Sie nicht bis zum");
    expect(de!.text).toContain(`${ORIGIN}/de/dashboard`);
    const [en] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, silent.email), eq(mailOutbox.template, "terms_change")));
    expect(en!.locale).toBe("en");
    expect(en!.text).toContain("Hardware prices go up.");
    expect(en!.text).toContain("unless you object by");

    const again = await t.inject({
      method: "POST",
      url: "/api/admin/terms/versions",
      headers: admin,
      payload: {
        version: "2027-02",
        valid_from: effective,
        summary_de: "Noch eine Änderung.",
        summary_en: "Yet another change.",
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("bereits eine AGB-Änderung angekündigt");
  });

  it("shows the change to the partner and records an objection once, with its reason", async () => {
    const versionId = await announce();
    const shown = await termsOf(silent.headers);
    expect(shown.change).toMatchObject({
      id: versionId,
      version: "2027-01",
      valid_from: effective,
      objection: null,
    });
    const first = await object(versionId);
    expect(first.reason).toBe(OBJECTION_REASON);
    const twice = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/terms/${versionId}/objection`,
      headers: objector.headers,
      payload: {},
    });
    expect(twice.json().data).toEqual(first);
    expect((await termsOf(objector.headers)).change.objection).toEqual(first);
    // The initial version was never announced, an unknown one does not exist.
    for (const id of [1, 999999]) {
      const other = await t.inject({
        method: "POST",
        url: `/api/v2/dashboard/terms/${id}/objection`,
        headers: objector.headers,
        payload: {},
      });
      expect(other.statusCode, String(id)).toBe(404);
    }
    const badReason = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/terms/${versionId}/objection`,
      headers: objector.headers,
      payload: { reason: "x".repeat(2001) },
    });
    expect(badReason.statusCode).toBe(422);
    expect(badReason.json().errors.reason).toBeDefined();
  });

  it("switches partners who did not object on the effective day, not before, once; objectors stay", async () => {
    const versionId = await announce();
    await object(versionId);
    expect(await applyDueTermsChanges(t.db, earlyOn(addDays(effective, -1)))).toBe(0);
    expect((await termsOf(silent.headers)).accepted.version).toBe(CONTRACT.termsInitialVersion);

    const at = earlyOn(effective);
    // The silent partner; the objector keeps its version.
    expect(await applyDueTermsChanges(t.db, at)).toBe(1);
    expect(await applyDueTermsChanges(t.db, new Date(at.getTime() + 3_600_000))).toBe(0);

    const silentTerms = await t.db
      .select()
      .from(termsAcceptances)
      .where(eq(termsAcceptances.termsVersionId, versionId));
    expect(silentTerms.every((a) => a.method === "silence" && a.acceptedAt.getTime() === at.getTime())).toBe(
      true,
    );
    expect((await termsOf(silent.headers)).accepted).toMatchObject({
      version: "2027-01",
      method: "silence",
      accepted_at: at.toISOString(),
    });
    expect((await termsOf(objector.headers)).accepted.version).toBe(CONTRACT.termsInitialVersion);

    // From that day on, no objection is taken.
    await expect(objectToTerms(t.db, 1, 1, versionId, undefined, at)).rejects.toMatchObject({
      statusCode: 409,
      messageKey: "terms.objectionClosed",
    });
    // A label is used once.
    await expect(
      announceTerms(
        t.db,
        {
          version: "2027-01",
          valid_from: addDays(effective, 60),
          summary_de: "Wiederholt.",
          summary_en: "Repeated.",
        },
        { userId: adminId, publicUrl: ORIGIN, supportEmail: "support@stempla.test", now: at },
      ),
    ).rejects.toMatchObject({ statusCode: 422, fields: { version: ["terms.versionTaken"] } });
  });

  it("lists objections for the team, who mark them handled with a note", async () => {
    await object(await announce());
    const open = await t.inject({ url: "/api/admin/terms/objections?open=true", headers: admin });
    expect(open.statusCode).toBe(200);
    expect(open.json().data).toHaveLength(1);
    const row = open.json().data[0];
    expect(row).toMatchObject({
      company_name: "Café Einspruch",
      version: "2027-01",
      objected_by: objector.email,
      reason: "Wir sind mit den neuen Preisen nicht einverstanden.",
      handled_at: null,
    });
    const url = `/api/admin/terms/objections/${row.id}/handled`;
    const empty = await t.inject({ method: "POST", url, headers: admin, payload: { note: " " } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.note[0]).toContain("wie der Widerspruch bearbeitet wurde");
    const done = await t.inject({
      method: "POST",
      url,
      headers: admin,
      payload: { note: "Telefonisch geklärt; Kündigung zum Quartalsende vereinbart." },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      handled_by: "team@stempla.test",
      handled_note: "Telefonisch geklärt; Kündigung zum Quartalsende vereinbart.",
    });
    expect(
      (await t.inject({ method: "POST", url, headers: admin, payload: { note: "nochmal" } })).statusCode,
    ).toBe(409);
    const unknown = await t.inject({
      method: "POST",
      url: "/api/admin/terms/objections/999999/handled",
      headers: admin,
      payload: { note: "gibt es nicht" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.inject({ url: "/api/admin/terms/objections?open=true", headers: admin })).json().data,
    ).toEqual([]);

    // The console's partner page shows the version and the objection.
    const detail = (await t.inject({ url: `/api/admin/partners/${row.company_id}`, headers: admin })).json()
      .data;
    expect(detail.terms.accepted).toMatchObject({
      version: CONTRACT.termsInitialVersion,
      method: "registration",
    });
    expect(detail.terms.objections).toHaveLength(1);
    const versions = (await t.inject({ url: "/api/admin/terms/versions", headers: admin })).json().data;
    expect(versions.map((v: { version: string }) => v.version)).toEqual([
      "2027-01",
      CONTRACT.termsInitialVersion,
    ]);
    expect(versions[0].objections).toBe(1);
  });

  it("is closed to visitors (401) and to partners on the console (403)", async () => {
    const versionId = await announce();
    const partner = objector.headers;
    const calls: [string, string][] = [
      ["GET", "/api/admin/terms/versions"],
      ["POST", "/api/admin/terms/versions"],
      ["GET", "/api/admin/terms/objections"],
      ["POST", "/api/admin/terms/objections/1/handled"],
      ["GET", "/api/admin/account-deletions"],
    ];
    for (const [method, url] of calls) {
      const m = method as "GET" | "POST";
      expect((await t.inject({ method: m, url, headers: partner, payload: {} })).statusCode, url).toBe(403);
      expect((await t.inject({ method: m, url, payload: {} })).statusCode, url).toBe(401);
    }
    expect((await t.inject({ url: "/api/v2/dashboard/terms" })).statusCode).toBe(401);
    const anonymous = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/terms/${versionId}/objection`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    // The team has no partner terms of its own.
    expect((await t.inject({ url: "/api/v2/dashboard/terms", headers: admin })).statusCode).toBe(403);
  });
});
