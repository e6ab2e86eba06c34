import { ACCOUNT } from "@stempla/domain";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { authTokens, companies, mailOutbox, sessions, users } from "../../db/schema/index.ts";
import { mailedToken, ORIGIN, registration, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";

let t: TestApp;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
});

let requests = 0;
// Requests come from changing client addresses, so per-IP limits do not mix up the tests.
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.inject({
    method: "POST",
    url: `/api/v2/dashboard/${url}`,
    payload,
    headers,
    remoteAddress: `10.2.0.${++requests % 250}`,
  });

describe("email confirmation and login", () => {
  it("a login before confirming shows the hint and mails a new link at most once per 5 minutes", async () => {
    const payload = registration();
    await post("register", payload);
    const mailsBefore = await t.db.$count(mailOutbox, eq(mailOutbox.toAddress, payload.email));

    const first = await post(
      "login",
      { email: payload.email, password: payload.password },
      { "content-language": "en" },
    );
    expect(first.statusCode).toBe(403);
    expect(first.json()).toEqual({
      code: "email_unconfirmed",
      message:
        "We have just sent you a confirmation email. Please check your inbox and confirm your address.",
    });
    // Registration itself just sent one, so the 5-minute window holds the login's resend back …
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.toAddress, payload.email))).toBe(mailsBefore);

    // … until the window has passed.
    await t.db
      .update(users)
      .set({ lastConfirmationSentAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(users.email, payload.email));
    await post("login", { email: payload.email, password: payload.password });
    await post("login", { email: payload.email, password: payload.password });
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.toAddress, payload.email))).toBe(mailsBefore + 1);
  });

  it("the mailed token confirms, logs in, and completes the registration at that first login", async () => {
    const payload = registration();
    await post("register", payload);
    const token = await mailedToken(t.db, payload.email, "login?verify");
    const res = await post("verifyEmail", { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.user).toMatchObject({ email: payload.email, role: "partner" });
    expect(body.data.user.email_verified_at).not.toBeNull();
    expect(body.data.user.company).toMatchObject({
      name: payload.company_name,
      status: "gray",
      legal_form: "GmbH",
    });
    expect(body.data.user.company.registration_completed_at).not.toBeNull();

    const cookies = res.cookies;
    const session = cookies.find((c) => c.name === "session")!;
    expect(session).toMatchObject({
      value: body.data.token,
      httpOnly: true,
      sameSite: "Lax",
      maxAge: 99999,
      path: "/",
    });
    expect(cookies.find((c) => c.name === "signed_in")).toMatchObject({ value: "1", maxAge: 99999 });

    // Only the hash is stored.
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, body.data.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(body.data.token);

    // The link works once.
    const again = await post("verifyEmail", { token });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe("token_invalid");
  });

  it("keeps the confirmation link as long as its mail says (ACCOUNT.confirmationLinkDays)", async () => {
    const payload = registration();
    const before = Date.now();
    expect((await post("register", payload)).statusCode).toBeLessThan(300);
    const after = Date.now();
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, payload.email));
    expect(mail!.text.replace(/\s+/g, " ")).toContain(
      `Der Link ist ${ACCOUNT.confirmationLinkDays} Tage gültig.`,
    );
    const [user] = await t.db.select().from(users).where(eq(users.email, payload.email));
    const [token] = await t.db.select().from(authTokens).where(eq(authTokens.userId, user!.id));
    const valid = ACCOUNT.confirmationLinkDays * 86_400_000;
    expect(token!.purpose).toBe("verify_email");
    expect(token!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + valid - 1000);
    expect(token!.expiresAt.getTime()).toBeLessThanOrEqual(after + valid + 1000);
  });

  it("refuses wrong, expired and malformed confirmation tokens", async () => {
    const payload = registration();
    await post("register", payload);
    const token = await mailedToken(t.db, payload.email, "login?verify");
    await t.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await post("verifyEmail", { token })).statusCode).toBe(422);
    expect((await post("verifyEmail", { token: "a".repeat(43) })).statusCode).toBe(422);
    const malformed = await post("verifyEmail", { token: "<script>" }, { "content-language": "en" });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({
      token: ["This link is invalid or has expired. Please request a new one."],
    });
  });

  it("logs in with the password, any case of the address, and returns the token", async () => {
    const partner = await signedInPartner(t);
    const res = await post("login", { email: partner.email.toUpperCase(), password: partner.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A Bearer token works like the cookie.
    const profile = await t.inject({
      url: "/api/v2/dashboard/profile",
      headers: { authorization: `Bearer ${res.json().data.token}` },
    });
    expect(profile.json().data.email).toBe(partner.email);
  });

  it("says the same for a wrong password and an unknown address", async () => {
    const partner = await signedInPartner(t);
    const wrong = await post("login", { email: partner.email, password: "falsch123" });
    const unknown = await post("login", { email: "niemand@example.org", password: "falsch123" });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: "invalid_credentials",
        message: "Ihre E-Mail-Adresse oder Ihr Passwort ist falsch.",
      });
    }
  });

  it.each([
    [{ email: "x", password: "p" }, "email"],
    [{ email: "a@b.de", password: "" }, "password"],
    [{}, "email"],
  ])("rejects login input %j with 422", async (payload, field) => {
    const res = await post("login", payload);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it("limits login attempts per address", async () => {
    const email = "brute@example.org";
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await post("login", { email, password: `try${i}` })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it("counts only failed attempts per account, so frequent sign-ins are never locked out", async () => {
    const partner = await signedInPartner(t);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push((await post("login", { email: partner.email, password: partner.password })).statusCode);
    }
    expect(codes.every((c) => c === 200)).toBe(true);
    for (let i = 0; i < 10; i++) await post("login", { email: partner.email, password: "falsch-123" });
    expect((await post("login", { email: partner.email, password: partner.password })).statusCode).toBe(429);
  });

  it("concurrent wrong passwords get no more guesses than the limit allows", async () => {
    const partner = await signedInPartner(t);
    const codes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post("login", { email: partner.email, password: `falsch-${i}-x` }).then((r) => r.statusCode),
      ),
    );
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
    expect((await post("login", { email: partner.email, password: partner.password })).statusCode).toBe(429);
  });

  it("concurrent correct sign-ins give their slot back and are never counted", async () => {
    const partner = await signedInPartner(t);
    const codes = await Promise.all(
      Array.from({ length: 8 }, () =>
        post("login", { email: partner.email, password: partner.password }).then((r) => r.statusCode),
      ),
    );
    expect(codes.every((c) => c === 200)).toBe(true);
    const [row] = rowsOf<{ count: number }>(
      await t.db.execute(
        sql`select count from rate_limits where key = ${`login:email:${partner.email.toLowerCase()}`}`,
      ),
    );
    expect(row?.count ?? 0).toBe(0);
  });
});

describe("profile and logout", () => {
  it("answers 401 without a session, and after logout", async () => {
    expect((await t.inject({ url: "/api/v2/dashboard/profile" })).statusCode).toBe(401);
    const partner = await signedInPartner(t);
    expect((await t.inject({ url: "/api/v2/dashboard/profile", headers: partner.headers })).statusCode).toBe(
      200,
    );
    const out = await post("logout", {}, partner.headers);
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === "session")?.value).toBe("");
    expect((await t.inject({ url: "/api/v2/dashboard/profile", headers: partner.headers })).statusCode).toBe(
      401,
    );
  });

  it("refuses a cookie-authenticated change from another origin", async () => {
    const partner = await signedInPartner(t);
    const res = await post("logout", {}, { cookie: partner.headers.cookie, origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    expect((await t.inject({ url: "/api/v2/dashboard/profile", headers: partner.headers })).statusCode).toBe(
      200,
    );
  });

  it("shows each user only their own profile", async () => {
    const a = await signedInPartner(t);
    const b = await signedInPartner(t);
    const profileA = (await t.inject({ url: "/api/v2/dashboard/profile", headers: a.headers })).json().data;
    const profileB = (await t.inject({ url: "/api/v2/dashboard/profile", headers: b.headers })).json().data;
    expect(profileA.email).toBe(a.email);
    expect(profileB.email).toBe(b.email);
    expect(profileA.company.id).not.toBe(profileB.company.id);
  });
});

describe("password reset", () => {
  it("answers the same whether or not the address exists, and mails only real accounts", async () => {
    const partner = await signedInPartner(t);
    const known = await post("restore", { email: partner.email });
    const unknown = await post("restore", { email: "unbekannt@example.org" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.toAddress, "unbekannt@example.org"))).toBe(0);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "account.password_reset"));
    expect(mail!.subject).toBe("Passwort zurücksetzen");
  });

  it("sets the new password once with the token, logs in and ends other sessions", async () => {
    const partner = await signedInPartner(t);
    await post("restore", { email: partner.email });
    const token = await mailedToken(t.db, partner.email, "password/reset?token");

    const mismatch = await post("restoreEmail", {
      token,
      password: "neues-pw-1",
      password_confirmation: "neues-pw-2",
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({
      password_confirmation: ["Die Passwörter müssen übereinstimmen."],
    });

    const res = await post("restoreEmail", {
      token,
      password: "neues-pw-1",
      password_confirmation: "neues-pw-1",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(partner.email);
    // The old session is gone, the old password no longer works, the new one does.
    expect((await t.inject({ url: "/api/v2/dashboard/profile", headers: partner.headers })).statusCode).toBe(
      401,
    );
    expect((await post("login", { email: partner.email, password: partner.password })).statusCode).toBe(401);
    expect((await post("login", { email: partner.email, password: "neues-pw-1" })).statusCode).toBe(200);
    // The token works once.
    const again = await post("restoreEmail", {
      token,
      password: "drittes-pw",
      password_confirmation: "drittes-pw",
    });
    expect(again.statusCode).toBe(422);
  });

  it("refuses a reset token after one hour", async () => {
    const partner = await signedInPartner(t);
    await post("restore", { email: partner.email });
    const token = await mailedToken(t.db, partner.email, "password/reset?token");
    const [user] = await t.db.select().from(users).where(eq(users.email, partner.email));
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authTokens.userId, user!.id));
    const res = await post("restoreEmail", {
      token,
      password: "neues-pw-1",
      password_confirmation: "neues-pw-1",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("token_invalid");
  });
});

describe("POST /api/v2/dashboard/changePassword", () => {
  it("needs the current password, keeps this session and ends the others", async () => {
    const partner = await signedInPartner(t);
    const other = (await post("login", { email: partner.email, password: partner.password })).json().data
      .token;

    const wrong = await post(
      "changePassword",
      { current_password: "falsch", password: "neu-123456", password_confirmation: "neu-123456" },
      partner.headers,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ["Das aktuelle Passwort ist nicht richtig."] });

    const ok = await post(
      "changePassword",
      { current_password: partner.password, password: "neu-123456", password_confirmation: "neu-123456" },
      partner.headers,
    );
    expect(ok.statusCode).toBe(200);
    expect((await t.inject({ url: "/api/v2/dashboard/profile", headers: partner.headers })).statusCode).toBe(
      200,
    );
    const otherProfile = await t.inject({
      url: "/api/v2/dashboard/profile",
      headers: { authorization: `Bearer ${other}` },
    });
    expect(otherProfile.statusCode).toBe(401);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.template, "account.password_changed"), eq(mailOutbox.toAddress, partner.email)),
      );
    expect(mails).toHaveLength(1);
  });

  it("answers 401 when signed out and 422 for a short new password", async () => {
    const body = { current_password: "x", password: "neu-123456", password_confirmation: "neu-123456" };
    expect((await post("changePassword", body)).statusCode).toBe(401);
    const partner = await signedInPartner(t);
    const short = await post(
      "changePassword",
      { ...body, password: "kurz", password_confirmation: "kurz" },
      partner.headers,
    );
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(["Das Passwort muss mindestens 6 Zeichen lang sein."]);
  });
});

describe("the company record", () => {
  it("is gray for a new partner once the address is confirmed, black before, without a status mail", async () => {
    const partner = await signedInPartner(t);
    const [company] = await t.db.select().from(companies).where(eq(companies.id, partner.user.company.id));
    expect(company!.status).toBe("gray");
    expect(partner.user.company.status).toBe("gray");
    const events = rowsOf<{ from_status: string; to_status: string; event: string }>(
      await t.db.execute(
        sql`select from_status, to_status, event from status_events where company_id = ${company!.id}`,
      ),
    );
    expect(events).toEqual([{ from_status: "black", to_status: "gray", event: "email_confirmed" }]);
    const statusMails = rowsOf(
      await t.db.execute(
        sql`select 1 from mail_outbox where to_address = ${partner.email} and template = 'account.status_changed'`,
      ),
    );
    expect(statusMails).toEqual([]);
  });

  it("a password reset link confirms the address too, and moves the registration on", async () => {
    const email = `reset-black-${Date.now()}@example.test`;
    const reg = await post("register", registration({ email }));
    expect(reg.statusCode).toBe(201);
    const status = async () =>
      rowsOf<{ status: string }>(
        await t.db.execute(
          sql`select c.status from companies c join users u on u.company_id = c.id where u.email = ${email}`,
        ),
      )[0]?.status;
    expect(await status()).toBe("black");
    // Signing in before confirming does not move it.
    const early = await post("login", { email, password: registration().password });
    expect(early.statusCode).toBe(403);
    expect(await status()).toBe("black");
    await post("restore", { email });
    const token = await mailedToken(t.db, email, "password/reset?token");
    const reset = await post("restoreEmail", {
      token,
      password: "neu-123456",
      password_confirmation: "neu-123456",
    });
    expect(reset.statusCode).toBe(200);
    expect(await status()).toBe("gray");
  });
});

describe("the Origin check", () => {
  it("applies to changes made with the session cookie, not to requests that do not use it", async () => {
    const partner = await signedInPartner(t);
    const foreign = { cookie: partner.headers.cookie, origin: "https://evil.example" };
    const change = await post(
      "changePassword",
      { current_password: partner.password, password: "neu-123456", password_confirmation: "neu-123456" },
      foreign,
    );
    expect(change.statusCode).toBe(403);
    // A login from a client that happens to carry a session cookie is not a use of that session.
    const login = await post(
      "login",
      { email: partner.email, password: partner.password },
      { cookie: partner.headers.cookie },
    );
    expect(login.statusCode).toBe(200);
    // Bearer clients send no Origin at all.
    const bearer = await post(
      "changePassword",
      { current_password: partner.password, password: "neu-123456", password_confirmation: "neu-123456" },
      { authorization: `Bearer ${partner.token}` },
    );
    expect(bearer.statusCode).toBe(200);
  });
});
