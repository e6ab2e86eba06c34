import { FRANCHISE } from "@stempla/domain";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, franchiseInvitations, mailOutbox, users } from "../../db/schema/index.ts";
import { mailedToken, registration, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { type Partner, signedInAdmin } from "../../test/review.ts";
import { deleteExpiredInvitations } from "./invitations.ts";

// The invitation of a franchisee (docs/decisions/008-franchise-model.md, section 3): a master
// invites, the team checks, the franchisee registers its own company with the single-use link.

let t: TestApp;
let master: Partner;
let otherMaster: Partner;
let partner: Partner;
let team: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: "http://localhost:3000" });
  const contact = { contact_name: "Greta", contact_surname: "Gross" };
  master = await signedInPartner(t, { type: "master", company_name: "Kaffeekette Nord GmbH", ...contact });
  otherMaster = await signedInPartner(t, { type: "master", company_name: "Backwerk Süd", ...contact });
  partner = await signedInPartner(t);
  team = await signedInAdmin(t);
});

let invited = 0;
const invitee = (overrides: Record<string, unknown> = {}) => {
  invited++;
  return {
    company_name: `Café Filiale ${invited}`,
    contact_name: "Jonas",
    contact_surname: "Berger",
    email: `filiale${invited}-${Date.now()}@franchise-test.de`,
    ...overrides,
  };
};

const as = (who: Partner, locale: "de" | "en" = "de") => ({ ...who.headers, "content-language": locale });

async function inviteAs(who: Partner, payload: object = invitee(), locale: "de" | "en" = "de") {
  return t.inject({ method: "POST", url: "/api/v2/dashboard/invite/", payload, headers: as(who, locale) });
}

/** An invitation of `master` the team has approved; returns its id, email and the mailed token. */
async function sentInvitation(locale: "de" | "en" = "de") {
  const payload = invitee();
  const res = await inviteAs(master, payload, locale);
  expect(res.statusCode).toBe(201);
  const id = res.json().data.id as number;
  const approved = await approve(id);
  expect(approved.statusCode).toBe(200);
  return { id, email: payload.email, token: await invitationToken(payload.email) };
}

const approve = (id: number) =>
  t.inject({ method: "POST", url: `/api/admin/invitations/${id}/approve`, headers: team.headers });

async function invitationMails(to: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id));
}

async function invitationToken(to: string): Promise<string> {
  const [mail] = await invitationMails(to);
  const match = mail?.text.match(/\/(?:de|en)\/register\/slave\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no invitation link mailed to ${to}`);
  return match[1]!;
}

async function invitationRow(id: number) {
  const [row] = await t.db.select().from(franchiseInvitations).where(eq(franchiseInvitations.id, id));
  return row!;
}

const check = (token: string) =>
  t.inject({ method: "POST", url: "/api/v2/invitations/check", payload: { token } });

function completion(slaveId: number, token: string, overrides: Record<string, unknown> = {}) {
  const { email: _email, type: _type, ...rest } = registration({ company_name: "Café Filiale Hafen UG" });
  return {
    ...rest,
    slave_id: slaveId,
    token,
    contact_name: "Jonas",
    contact_surname: "Berger",
    ...overrides,
  };
}

const complete = (payload: object, locale: "de" | "en" = "de") =>
  t.inject({
    method: "POST",
    url: "/api/v2/dashboard/register/complete",
    payload,
    headers: { "content-language": locale },
  });

async function expire(id: number) {
  await t.db
    .update(franchiseInvitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(franchiseInvitations.id, id));
}

describe("POST /api/v2/dashboard/invite/", () => {
  it("creates a black franchisee company of the master and an invitation waiting for the team's check", async () => {
    const payload = invitee();
    const res = await inviteAs(master, payload);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      company_name: payload.company_name,
      contact_name: "Jonas",
      contact_surname: "Berger",
      email: payload.email,
      state: "checking",
      expires_at: null,
      refusal_reason: null,
    });
    const row = await invitationRow(data.id);
    const [company] = await t.db.select().from(companies).where(eq(companies.id, row.franchiseeCompanyId!));
    expect(company).toMatchObject({
      type: "slave",
      status: "black",
      masterId: master.user.company.id,
      name: payload.company_name,
    });
    // No login exists until the franchisee completes the registration; no mail before the check.
    expect(await t.db.select().from(users).where(eq(users.companyId, company!.id))).toEqual([]);
    expect(await invitationMails(payload.email)).toEqual([]);

    const list = await t.inject({ method: "GET", url: "/api/v2/dashboard/invite", headers: master.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((i: { id: number }) => i.id)).toContain(data.id);
  });

  it("is for masters only: a partner gets 403 not_a_master, the team 403, nobody 401", async () => {
    const partnerRes = await inviteAs(partner);
    expect(partnerRes.statusCode).toBe(403);
    expect(partnerRes.json()).toMatchObject({
      code: "not_a_master",
      message: "Nur Franchisegeber (Master-Konten) können Franchisenehmer einladen und verwalten.",
    });
    const list = await t.inject({
      method: "GET",
      url: "/api/v2/dashboard/invite",
      headers: as(partner, "en"),
    });
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe("Only franchisors (master accounts) can invite and manage franchisees.");
    const teamRes = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/invite/",
      payload: invitee(),
      headers: team.headers,
    });
    expect(teamRes.statusCode).toBe(403);
    const anonymous = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/invite/",
      payload: invitee(),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers bad fields with 422 and the message on the field, in the caller's language", async () => {
    const de = await inviteAs(
      master,
      invitee({ email: "keine-adresse", company_name: "K", contact_name: "" }),
    );
    expect(de.statusCode).toBe(422);
    expect(de.json().errors).toMatchObject({
      email: ["Bitte geben Sie eine gültige E-Mail-Adresse ein."],
      company_name: ["Der Firmenname muss mindestens 2 Zeichen lang sein."],
      contact_name: ["Bitte geben Sie Ihren Namen ein (mindestens 2 Zeichen)."],
    });
    const en = await inviteAs(master, invitee({ contact_surname: 42 }), "en");
    expect(en.statusCode).toBe(422);
    expect(en.json().errors.contact_surname).toEqual(["Please enter your name (at least 2 characters)."]);
  });

  it("refuses an address that has an account or an open invitation: 409 email_taken on the field", async () => {
    const taken = await inviteAs(master, invitee({ email: partner.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: "email_taken",
      errors: { email: ["Für diese E-Mail-Adresse gibt es bereits ein Konto oder eine offene Einladung."] },
    });
    const payload = invitee();
    expect((await inviteAs(master, payload)).statusCode).toBe(201);
    const again = await inviteAs(otherMaster, { ...invitee(), email: payload.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("email_taken");
  });
});

describe("the console's invitation queue", () => {
  it("lists invitations waiting for the check, oldest first, with the master; partners get 403", async () => {
    const res = await inviteAs(master);
    const id = res.json().data.id;
    const queue = await t.inject({
      method: "GET",
      url: "/api/admin/invitations?per_page=100",
      headers: team.headers,
    });
    expect(queue.statusCode).toBe(200);
    const item = queue.json().data.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({
      state: "checking",
      master_company_id: master.user.company.id,
      master_name: "Kaffeekette Nord GmbH",
      overdue: false,
    });
    const created = queue.json().data.map((i: { created_at: string }) => i.created_at);
    expect(created).toEqual([...created].sort());

    for (const who of [master, partner]) {
      const denied = await t.inject({ method: "GET", url: "/api/admin/invitations", headers: who.headers });
      expect(denied.statusCode).toBe(403);
      const approveDenied = await t.inject({
        method: "POST",
        url: `/api/admin/invitations/${id}/approve`,
        headers: who.headers,
      });
      expect(approveDenied.statusCode).toBe(403);
    }
    expect((await t.inject({ method: "GET", url: "/api/admin/invitations" })).statusCode).toBe(401);
  });

  it(`marks an invitation overdue after FRANCHISE.invitationCheckDays (${FRANCHISE.invitationCheckDays})`, async () => {
    const id = (await inviteAs(master)).json().data.id;
    const days = FRANCHISE.invitationCheckDays + 1;
    await t.db
      .update(franchiseInvitations)
      .set({ createdAt: new Date(Date.now() - days * 24 * 60 * 60 * 1000) })
      .where(eq(franchiseInvitations.id, id));
    const queue = await t.inject({
      method: "GET",
      url: "/api/admin/invitations?per_page=100",
      headers: team.headers,
    });
    expect(queue.json().data[0]).toMatchObject({ id, overdue: true });
  });

  it("approving mails the single-use link in the master's language with its expiry date, once", async () => {
    const payload = invitee();
    const id = (await inviteAs(master, payload, "en")).json().data.id;
    const res = await approve(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, state: "sent" });
    const row = await invitationRow(id);
    expect(row.expiresAt!.getTime() - row.reviewedAt!.getTime()).toBe(
      FRANCHISE.invitationLinkDays * 86_400_000,
    );

    const [mail] = await invitationMails(payload.email);
    expect(mail).toMatchObject({ template: "franchise.invitation", locale: "en" });
    expect(mail!.subject).toBe("Kaffeekette Nord GmbH invites you to Stempla");
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/en\/register\/slave\?token=[A-Za-z0-9_-]{40,}/);
    const expiresOn = row.expiresAt!.toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Europe/Berlin",
    });
    expect(mail!.text).toContain(`valid until ${expiresOn} (${FRANCHISE.invitationLinkDays} days)`);

    const again = await approve(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "invitation_not_open" });
    expect(await invitationMails(payload.email)).toHaveLength(1);
    expect(
      (
        await t.inject({
          method: "POST",
          url: "/api/admin/invitations/999999/approve",
          headers: team.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("refusing needs a reason, mails it to the master and removes the black company", async () => {
    const payload = invitee();
    const id = (await inviteAs(master, payload)).json().data.id;
    const { franchiseeCompanyId } = await invitationRow(id);
    const url = `/api/admin/invitations/${id}/refuse`;
    const blank = await t.inject({ method: "POST", url, payload: { reason: "  " }, headers: team.headers });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.reason).toEqual(["Bitte geben Sie einen Grund für die Ablehnung an."]);

    const reason = "Die Filiale ist bereits als eigener Partner registriert.";
    const res = await t.inject({ method: "POST", url, payload: { reason }, headers: team.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: "refused", refusal_reason: reason });
    expect(await t.db.select().from(companies).where(eq(companies.id, franchiseeCompanyId!))).toEqual([]);
    const [mail] = await invitationMails(master.email);
    expect(mail).toMatchObject({ template: "franchise.invitation_refused" });
    expect(mail!.text).toContain(reason);
    expect(mail!.text).toContain(payload.email);
    expect(await invitationMails(payload.email)).toEqual([]);

    const again = await t.inject({ method: "POST", url, payload: { reason }, headers: team.headers });
    expect(again.statusCode).toBe(409);
    // The address is free again for a new invitation.
    expect((await inviteAs(master, { ...invitee(), email: payload.email })).statusCode).toBe(201);
  });
});

describe("resend and withdraw", () => {
  it("another master, a partner and anonymous can neither see nor act on an invitation", async () => {
    const { id } = await sentInvitation();
    for (const [who, status] of [
      [otherMaster, 404],
      [partner, 403],
    ] as const) {
      const list = await t.inject({ method: "GET", url: "/api/v2/dashboard/invite", headers: who.headers });
      if (status === 404) expect(list.json().data.map((i: { id: number }) => i.id)).not.toContain(id);
      else expect(list.statusCode).toBe(403);
      const resend = await t.inject({
        method: "POST",
        url: `/api/v2/dashboard/invite/${id}/resend`,
        headers: who.headers,
      });
      expect(resend.statusCode).toBe(status);
      const withdraw = await t.inject({
        method: "DELETE",
        url: `/api/v2/dashboard/invite/${id}`,
        headers: who.headers,
      });
      expect(withdraw.statusCode).toBe(status);
    }
    expect((await t.inject({ method: "DELETE", url: `/api/v2/dashboard/invite/${id}` })).statusCode).toBe(
      401,
    );
    expect((await invitationRow(id)).state).toBe("sent");
  });

  it("resending makes a new link: the old one no longer works", async () => {
    const { id, email, token } = await sentInvitation();
    const res = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/invite/${id}/resend`,
      headers: master.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.state).toBe("sent");
    const newToken = await invitationToken(email);
    expect(newToken).not.toBe(token);
    expect((await check(token)).statusCode).toBe(404);
    expect((await check(newToken)).statusCode).toBe(200);
    expect((await invitationRow(id)).sentCount).toBe(2);
  });

  it("an invitation still in the check cannot be resent", async () => {
    const id = (await inviteAs(master)).json().data.id;
    const res = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/invite/${id}/resend`,
      headers: master.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "invitation_not_open",
      message: "Diese Einladung ist nicht mehr offen. Bitte laden Sie die Seite neu.",
    });
  });

  it("withdrawing an open invitation stops its link and removes the black company; twice is 409", async () => {
    const { id, token } = await sentInvitation();
    const { franchiseeCompanyId } = await invitationRow(id);
    const url = `/api/v2/dashboard/invite/${id}`;
    const res = await t.inject({ method: "DELETE", url, headers: master.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.state).toBe("withdrawn");
    expect(await t.db.select().from(companies).where(eq(companies.id, franchiseeCompanyId!))).toEqual([]);
    expect((await check(token)).statusCode).toBe(404);
    const again = await t.inject({ method: "DELETE", url, headers: master.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("invitation_not_open");
  });
});

describe("the invited franchisee's link", () => {
  it("shows the invitation to whoever holds the token; an unknown token is 404", async () => {
    const { id, email, token } = await sentInvitation();
    const res = await check(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      slave_id: (await invitationRow(id)).franchiseeCompanyId,
      contact_name: "Jonas",
      email,
      master_name: "Kaffeekette Nord GmbH",
    });
    const unknown = await t.inject({
      method: "POST",
      url: "/api/v2/invitations/check",
      payload: { token: "x".repeat(43) },
      headers: { "content-language": "en" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: "invitation_invalid",
      message: "This invitation link is invalid or has already been used.",
    });
  });

  it("an expired link answers 410, reads as expired for the master, and works again after a resend", async () => {
    const { id, email, token } = await sentInvitation();
    await expire(id);
    const res = await check(token);
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe("invitation_expired");
    const slaveId = (await invitationRow(id)).franchiseeCompanyId!;
    expect((await complete(completion(slaveId, token))).statusCode).toBe(410);
    const list = await t.inject({
      method: "GET",
      url: "/api/v2/dashboard/invite?per_page=100",
      headers: master.headers,
    });
    expect(list.json().data.find((i: { id: number }) => i.id === id).state).toBe("expired");
    const expiredQueue = await t.inject({
      method: "GET",
      url: "/api/admin/invitations?state=expired&per_page=100",
      headers: team.headers,
    });
    expect(expiredQueue.json().data.map((i: { id: number }) => i.id)).toContain(id);

    const resend = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/invite/${id}/resend`,
      headers: master.headers,
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().data.state).toBe("sent");
    expect((await check(await invitationToken(email))).statusCode).toBe(200);
  });

  it("completing registers the franchisee's own company once; the usual confirmation follows", async () => {
    const { id, email, token } = await sentInvitation();
    const slaveId = (await invitationRow(id)).franchiseeCompanyId!;

    const wrongCompany = await complete(completion(master.user.company.id, token));
    expect(wrongCompany.statusCode).toBe(404);
    const badFields = await complete(
      completion(slaveId, token, { password_confirmation: "anders123", contact_surname: "" }),
      "en",
    );
    expect(badFields.statusCode).toBe(422);
    expect(badFields.json().errors).toMatchObject({
      password_confirmation: ["The passwords must match."],
      contact_surname: ["Please enter the contact person's first name and surname."],
    });
    const noContract = await complete(completion(slaveId, token, { contract_accepted: false }), "en");
    expect(noContract.statusCode).toBe(422);
    expect(noContract.json().errors.contract_accepted).toEqual([
      "Please accept the framework contract to register.",
    ]);

    const res = await complete(completion(slaveId, token), "en");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { email, confirmation_sent: true } });
    const [company] = await t.db.select().from(companies).where(eq(companies.id, slaveId));
    expect(company).toMatchObject({
      type: "slave",
      masterId: master.user.company.id,
      name: "Café Filiale Hafen UG",
      legalFormId: 1,
      status: "black",
      locale: "en",
    });
    expect(company!.franchiseJoinedAt).toBeInstanceOf(Date);
    const [user] = await t.db.select().from(users).where(eq(users.companyId, slaveId));
    expect(user).toMatchObject({
      email,
      role: "partner",
      firstName: "Jonas",
      surname: "Berger",
      emailVerifiedAt: null,
    });
    expect((await invitationRow(id)).state).toBe("accepted");
    expect((await invitationRow(id)).tokenHash).toBeNull();

    // Single use: the link is spent, for the check and for a second completion.
    expect((await check(token)).statusCode).toBe(404);
    const second = await complete(completion(slaveId, token));
    expect(second.statusCode).toBe(404);
    expect(second.json().code).toBe("invitation_invalid");
    const withdraw = await t.inject({
      method: "DELETE",
      url: `/api/v2/dashboard/invite/${id}`,
      headers: master.headers,
    });
    expect(withdraw.statusCode).toBe(409);

    // The usual confirmation: the mailed link confirms the address and the account turns gray.
    const verify = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/verifyEmail",
      payload: { token: await mailedToken(t.db, email, "login?verify") },
    });
    expect(verify.statusCode).toBe(200);
    const [after] = await t.db.select().from(companies).where(eq(companies.id, slaveId));
    expect(after!.status).toBe("gray");
  });

  it("a withdrawn or refused invitation's token and a malformed token never register anything", async () => {
    const { id, token } = await sentInvitation();
    const slaveId = (await invitationRow(id)).franchiseeCompanyId!;
    await t.inject({ method: "DELETE", url: `/api/v2/dashboard/invite/${id}`, headers: master.headers });
    expect((await complete(completion(slaveId, token))).statusCode).toBe(404);
    const malformed = await complete(completion(slaveId, "kurz"));
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.token).toHaveLength(1);
  });
});

describe("the daily clean-up of expired invitations", () => {
  it(`deletes an invitation expired for FRANCHISE.expiredInvitationKeepDays (${FRANCHISE.expiredInvitationKeepDays}) and its black company, nothing younger`, async () => {
    const old = await sentInvitation();
    const recent = await sentInvitation();
    const oldCompany = (await invitationRow(old.id)).franchiseeCompanyId!;
    const day = 86_400_000;
    const keep = FRANCHISE.expiredInvitationKeepDays;
    await t.db
      .update(franchiseInvitations)
      .set({ expiresAt: new Date(Date.now() - (keep + 1) * day) })
      .where(eq(franchiseInvitations.id, old.id));
    await t.db
      .update(franchiseInvitations)
      .set({ expiresAt: new Date(Date.now() - (keep - 1) * day) })
      .where(eq(franchiseInvitations.id, recent.id));

    expect(await deleteExpiredInvitations(t.db, new Date())).toBe(1);
    expect(await t.db.select().from(franchiseInvitations).where(eq(franchiseInvitations.id, old.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(companies).where(eq(companies.id, oldCompany))).toEqual([]);
    expect((await invitationRow(recent.id)).state).toBe("sent");
    expect(await deleteExpiredInvitations(t.db, new Date())).toBe(0);
  });
});
