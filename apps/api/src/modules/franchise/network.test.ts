import { addMonths, berlinMonth } from "@stempla/domain";
import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  collectiveInvoicingPeriods,
  franchiseInvitations,
  franchiseTerminationWindows,
  mailOutbox,
} from "../../db/schema/index.ts";
import { mailedToken, ORIGIN, registration, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { LOCATION, type Partner, signedInAdmin } from "../../test/review.ts";

// What a master sees of its network (docs/decisions/008-franchise-model.md, section 2): its own
// registered franchisees and their locations, never another master's, never a PIN or scan code.

let t: TestApp;
let master: Partner;
let otherMaster: Partner;
let partner: Partner;
let team: Awaited<ReturnType<typeof signedInAdmin>>;
let franchisee: { companyId: number; headers: Record<string, string>; email: string };
let foreign: { companyId: number; headers: Record<string, string> };
let invitedOnlyCompanyId: number;

let n = 0;
/** Invites, approves, completes and confirms a franchisee of `of`; returns its session and company. */
async function joinedFranchisee(of: Partner, companyName: string) {
  n++;
  const email = `franchisee${n}-${Date.now()}@network-test.de`;
  const invite = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/invite",
    payload: { company_name: companyName, contact_name: "Jonas", contact_surname: "Berger", email },
    headers: of.headers,
  });
  const id = invite.json().data.id;
  await t.inject({ method: "POST", url: `/api/admin/invitations/${id}/approve`, headers: team.headers });
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id));
  const token = mail!.text.match(/register\/slave\?token=([A-Za-z0-9_-]+)/)![1]!;
  const preview = await t.inject({ method: "POST", url: "/api/v2/invitations/check", payload: { token } });
  const { email: _e, type: _t, ...rest } = registration({ company_name: companyName });
  const slaveId = preview.json().data.slave_id as number;
  const done = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/register/complete",
    payload: { ...rest, slave_id: slaveId, token, contact_name: "Jonas", contact_surname: "Berger" },
    remoteAddress: `10.7.0.${n}`,
  });
  if (done.statusCode !== 201) throw new Error(`complete failed: ${done.body}`);
  const verify = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/verifyEmail",
    payload: { token: await mailedToken(t.db, email, "login?verify") },
  });
  const headers = { cookie: `session=${verify.json().data.token}`, origin: ORIGIN };
  const shop = await t.inject({ method: "POST", url: "/api/v2/dashboard/shop", payload: LOCATION, headers });
  if (shop.statusCode !== 201) throw new Error(`shop failed: ${shop.body}`);
  return { companyId: slaveId, headers, email };
}

beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  const contact = { contact_name: "Greta", contact_surname: "Gross" };
  master = await signedInPartner(t, { type: "master", company_name: "Kaffeekette Nord", ...contact });
  otherMaster = await signedInPartner(t, { type: "master", company_name: "Backwerk Süd", ...contact });
  partner = await signedInPartner(t);
  team = await signedInAdmin(t);
  franchisee = await joinedFranchisee(master, "Filiale Hafen");
  foreign = await joinedFranchisee(otherMaster, "Filiale Fremd");
  const invited = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/invite",
    payload: {
      company_name: "Filiale Neu",
      contact_name: "Ida",
      contact_surname: "Neu",
      email: "neu@network-test.de",
    },
    headers: master.headers,
  });
  const [row] = await t.db
    .select()
    .from(franchiseInvitations)
    .where(eq(franchiseInvitations.id, invited.json().data.id));
  invitedOnlyCompanyId = row!.franchiseeCompanyId!;
});

const get = (url: string, headers?: Record<string, string>) => t.inject({ method: "GET", url, headers });

describe("GET /api/v2/dashboard/franchisees", () => {
  it("lists the master's registered franchisees with contact, status and locations; no one else's", async () => {
    const res = await get("/api/v2/dashboard/franchisees", master.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          company_id: franchisee.companyId,
          name: "Filiale Hafen",
          legal_form: expect.any(String),
          contact_name: "Jonas",
          contact_surname: "Berger",
          email: franchisee.email,
          status: "gray",
          locations: 1,
        },
      ],
      meta: { page: 1, per_page: 20, total: 1 },
    });
    const other = await get("/api/v2/dashboard/franchisees", otherMaster.headers);
    expect(other.json().data.map((f: { company_id: number }) => f.company_id)).toEqual([foreign.companyId]);
  });

  it("shows one franchisee to its master only: every other id is 404", async () => {
    const own = await get(`/api/v2/dashboard/franchisees/${franchisee.companyId}`, master.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.company_id).toBe(franchisee.companyId);
    for (const id of [
      foreign.companyId,
      partner.user.company.id,
      master.user.company.id,
      invitedOnlyCompanyId,
      999_999,
    ]) {
      expect((await get(`/api/v2/dashboard/franchisees/${id}`, master.headers)).statusCode, String(id)).toBe(
        404,
      );
    }
    expect(
      (await get(`/api/v2/dashboard/franchisees/${franchisee.companyId}`, otherMaster.headers)).statusCode,
    ).toBe(404);
  });

  it("is for masters only: franchisees and partners 403 not_a_master, the team 403, nobody 401", async () => {
    for (const url of [
      "/api/v2/dashboard/franchisees",
      `/api/v2/dashboard/franchisees/${franchisee.companyId}`,
      "/api/v2/dashboard/franchise/shops",
    ]) {
      for (const headers of [franchisee.headers, foreign.headers, partner.headers]) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe("not_a_master");
      }
      expect((await get(url, team.headers)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
    }
  });
});

describe("GET /api/v2/dashboard/franchise/shops", () => {
  it("lists the franchisees' locations as kind franchise, without PIN, scan code or limits", async () => {
    const res = await get("/api/v2/dashboard/franchise/shops", master.headers);
    expect(res.statusCode).toBe(200);
    const [shop] = res.json().data;
    expect(res.json().data).toHaveLength(1);
    expect(shop).toMatchObject({
      kind: "franchise",
      company_id: franchisee.companyId,
      company_name: "Filiale Hafen",
      name: LOCATION.name,
      city: LOCATION.city,
      is_closed: false,
    });
    for (const secret of ["pin", "scan_url", "scan_code", "limit_count", "limit_hours"]) {
      expect(shop).not.toHaveProperty(secret);
    }
    const filtered = await get(
      `/api/v2/dashboard/franchise/shops?franchisee=${franchisee.companyId}`,
      master.headers,
    );
    expect(filtered.json().meta.total).toBe(1);
    const other = await get("/api/v2/dashboard/franchise/shops", otherMaster.headers);
    expect(other.json().data.map((s: { company_id: number }) => s.company_id)).toEqual([foreign.companyId]);
  });

  it("answers 404 for a franchisee filter the master may not see", async () => {
    for (const id of [foreign.companyId, partner.user.company.id, 999_999]) {
      const res = await get(`/api/v2/dashboard/franchise/shops?franchisee=${id}`, master.headers);
      expect(res.statusCode, String(id)).toBe(404);
    }
    const bad = await get("/api/v2/dashboard/franchise/shops?franchisee=abc", master.headers);
    expect(bad.statusCode).toBe(422);
  });
});

describe("GET /api/v2/dashboard/franchise", () => {
  it("tells each caller its own place: master, franchisee of its master, or none", async () => {
    const next = addMonths(berlinMonth(new Date()), 1);
    const own = await get("/api/v2/dashboard/franchise", master.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual({
      role: "master",
      collective_invoicing: { current: false, next: false, next_effective_from: next },
      franchisees: 1,
      open_invitations: 1,
    });
    const mine = await get("/api/v2/dashboard/franchise", franchisee.headers);
    expect(mine.json().data).toEqual({
      role: "franchisee",
      master: { name: "Kaffeekette Nord", status: "gray" },
      pays: { current: "self", next: "self" },
      next_effective_from: next,
      termination_window: null,
    });
    const theirs = await get("/api/v2/dashboard/franchise", foreign.headers);
    expect(theirs.json().data.master.name).toBe("Backwerk Süd");
    expect((await get("/api/v2/dashboard/franchise", partner.headers)).json().data).toEqual({ role: "none" });
    expect((await get("/api/v2/dashboard/franchise", team.headers)).statusCode).toBe(403);
    expect((await get("/api/v2/dashboard/franchise")).statusCode).toBe(401);
  });

  it("reads the collective invoicing of this and next month and an open termination window", async () => {
    // A network of its own, so the other tests' networks keep their defaults whatever the order.
    const islandMaster = await signedInPartner(t, {
      type: "master",
      company_name: "Inselkette",
      contact_name: "Greta",
      contact_surname: "Gross",
    });
    const islandFranchisee = await joinedFranchisee(islandMaster, "Filiale Insel");
    // A live master: only a billable master pays for its franchisees.
    await t.db.execute(
      sql`update companies set live_since = now() - interval '40 days' where id = ${islandMaster.user.company.id}`,
    );
    const next = addMonths(berlinMonth(new Date()), 1);
    await t.db
      .insert(collectiveInvoicingPeriods)
      .values({ masterCompanyId: islandMaster.user.company.id, effectiveFrom: next, enabled: true });
    const closesAt = new Date(Date.now() + 86_400_000);
    await t.db.insert(franchiseTerminationWindows).values({
      franchiseeCompanyId: islandFranchisee.companyId,
      effectiveFrom: next,
      opensAt: new Date(Date.now() - 1000),
      closesAt,
    });
    const own = await get("/api/v2/dashboard/franchise", islandMaster.headers);
    expect(own.json().data.collective_invoicing).toEqual({
      current: false,
      next: true,
      next_effective_from: next,
    });
    const mine = await get("/api/v2/dashboard/franchise", islandFranchisee.headers);
    expect(mine.json().data).toMatchObject({
      pays: { current: "self", next: "master" },
      termination_window: { closes_at: closesAt.toISOString() },
    });
    // Another network is untouched.
    expect((await get("/api/v2/dashboard/franchise", franchisee.headers)).json().data.pays).toEqual({
      current: "self",
      next: "self",
    });
  });
});
