import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUserIdentities, appUsers } from "../../db/schema/index.ts";
import { build, type TestApp } from "../../test/build.ts";
import { type LocalOpenIdProvider, startOpenIdProvider } from "../../test/openid-provider.ts";
import { appCustomer } from "../../test/scans.ts";

// Real ID tokens from a real OpenID Connect provider (oidc-provider) on loopback, which the API
// trusts in place of Google, Apple and Facebook.
let provider: LocalOpenIdProvider;
/** A second provider with its own keys and issuer. */
let stranger: LocalOpenIdProvider;
let t: TestApp;
let shortLivedToken: string;

const GOOGLE_IOS = "stempla-ios.apps.googleusercontent.test";
const GOOGLE_ANDROID = "stempla-android.apps.googleusercontent.test";
const APPLE = "de.stempla.app";
const FACEBOOK = "1234567890";
const SHORT_LIVED = "stempla-short-lived";

let subjects = 0;
/** A person at the provider with a fresh subject. */
function person(account: { email?: string; email_verified?: boolean | string; given_name?: string } = {}) {
  subjects++;
  const subject = `subject-${subjects}-${Date.now()}`;
  provider.accounts.set(subject, {
    email: `social${subjects}-${Date.now()}@mail.test`,
    email_verified: true,
    ...account,
  });
  return subject;
}

const signIn = (app: TestApp, path: string, payload: Record<string, unknown>, locale = "en") =>
  app.inject({
    method: "POST",
    url: `/api/app/login/${path}`,
    payload,
    headers: { "content-language": locale },
  });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  provider = await startOpenIdProvider([
    { id: GOOGLE_IOS },
    { id: GOOGLE_ANDROID },
    { id: APPLE },
    { id: "someone-elses-app" },
    { id: SHORT_LIVED, idTokenSeconds: 1 },
  ]);
  stranger = await startOpenIdProvider([{ id: FACEBOOK }, { id: GOOGLE_IOS }]);
  const local = { issuer: provider.issuer, jwksUri: provider.jwksUri };
  t = await build(
    {
      GOOGLE_CLIENT_IDS: ` ${GOOGLE_IOS}, ${GOOGLE_ANDROID} ,${SHORT_LIVED}`,
      APPLE_CLIENT_IDS: APPLE,
      FACEBOOK_APP_IDS: FACEBOOK,
    },
    {
      openIdProviders: {
        google: local,
        apple: local,
        // Facebook's keys, but our provider's issuer: a token of the stranger is signed correctly
        // and still comes from the wrong issuer.
        facebook: { issuer: provider.issuer, jwksUri: stranger.jwksUri },
      },
    },
  );
  // Obtained first, so its one-second life has passed by the time the last test sends it.
  shortLivedToken = await provider.idToken({ clientId: SHORT_LIVED, subject: person() });
});

afterAll(async () => {
  await provider?.close();
  await stranger?.close();
});

const identitiesOf = (appUserId: number) =>
  t.db.select().from(appUserIdentities).where(eq(appUserIdentities.appUserId, appUserId));

describe("signing in with an ID token", () => {
  it("a first sign-in creates a customer with a wallet; the next one signs into the same customer", async () => {
    const subject = person({ given_name: "Greta" });
    const idToken = await provider.idToken({ clientId: GOOGLE_IOS, subject });
    const first = await signIn(t, "google", { id_token: idToken, locale: "en" });
    expect(first.statusCode).toBe(201);
    const { token, user } = first.json().data;
    expect(user).toMatchObject({
      email: provider.accounts.get(subject)!.email,
      first_name: "Greta",
      wallet_address: t.app.wallet.addressFor(user.id),
      locale: "en",
    });
    const me = await t.inject({ url: "/api/app/me", headers: { authorization: `Bearer ${token}` } });
    expect(me.json().data.wallet_address).toBe(user.wallet_address);
    expect(await identitiesOf(user.id)).toMatchObject([{ provider: "google", subject }]);

    // Later, from the Android app (another accepted client id of the same provider).
    const again = await signIn(t, "google", {
      id_token: await provider.idToken({ clientId: GOOGLE_ANDROID, subject }),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user).toMatchObject({ id: user.id, wallet_address: user.wallet_address });
    expect(again.json().data.token).not.toBe(token);
    expect(await identitiesOf(user.id)).toHaveLength(1);

    // A social-only account has no password to log in with.
    const password = await t.inject({
      method: "POST",
      url: "/api/app/login",
      payload: { email: user.email, password: "irgendein-passwort" },
    });
    expect(password.statusCode).toBe(401);
  });

  it("links a verified email to the customer who registered with it (Apple sends email_verified as a string)", async () => {
    const kim = await appCustomer(t);
    const subject = person({ email: kim.email.toUpperCase(), email_verified: "true" });
    const res = await signIn(t, "apple", {
      id_token: await provider.idToken({ clientId: APPLE, subject, nonce: "n-0815" }),
      nonce: "n-0815",
      first_name: "Nicht Kim",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: kim.id, wallet_address: kim.wallet, first_name: "Kim" });
    expect(await identitiesOf(kim.id)).toMatchObject([{ provider: "apple", subject }]);
    // Email and password still work for that customer.
    const password = await t.inject({
      method: "POST",
      url: "/api/app/login",
      payload: { email: kim.email, password: kim.password },
    });
    expect(password.json().data.user.id).toBe(kim.id);
  });

  it("never links an unverified email; with a new email it creates its own account", async () => {
    const kim = await appCustomer(t);
    const subject = person({ email: kim.email, email_verified: false });
    const refused = await signIn(t, "google", {
      id_token: await provider.idToken({ clientId: GOOGLE_IOS, subject }),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "social_email_unverified" });
    expect(refused.json().message).toMatch(/already an account/);
    const german = await signIn(
      t,
      "google",
      { id_token: await provider.idToken({ clientId: GOOGLE_IOS, subject }) },
      "de",
    );
    expect(german.json().message).toMatch(/bereits ein Konto/);
    expect(await identitiesOf(kim.id)).toHaveLength(0);
    const [identity] = await t.db
      .select()
      .from(appUserIdentities)
      .where(eq(appUserIdentities.subject, subject));
    expect(identity).toBeUndefined();

    // A Facebook-like token without email_verified counts as unverified too; a new address is fine.
    const newcomer = person({ email_verified: undefined });
    const created = await signIn(t, "google", {
      id_token: await provider.idToken({ clientId: GOOGLE_IOS, subject: newcomer }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.user.id).not.toBe(kim.id);
  });

  it("without an email from the provider there is no account to create", async () => {
    const subject = person({ email: undefined });
    const res = await signIn(t, "google", {
      id_token: await provider.idToken({ clientId: GOOGLE_IOS, subject }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "social_email_missing" });
    expect(res.json().message).toMatch(/email address/);
  });

  it("first sign-ins at the same moment make one customer", async () => {
    const subject = person();
    const tokens = await Promise.all(
      [GOOGLE_IOS, GOOGLE_ANDROID, GOOGLE_IOS, GOOGLE_ANDROID].map((clientId) =>
        provider.idToken({ clientId, subject }),
      ),
    );
    const results = await Promise.all(tokens.map((id_token) => signIn(t, "google", { id_token })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(results.map((r) => r.json().data.user.id));
    expect(ids.size).toBe(1);
    const users = await t.db
      .select()
      .from(appUsers)
      .where(eq(appUsers.email, provider.accounts.get(subject)!.email!));
    expect(users).toHaveLength(1);
    expect(await identitiesOf([...ids][0])).toHaveLength(1);
  });
});

describe("refused ID tokens", () => {
  const expectRefused = (res: Awaited<ReturnType<typeof signIn>>, code = "id_token_invalid") => {
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(code);
    expect(res.json().message).toMatch(/sign-in/i);
  };

  it("a token for another app (audience) is refused", async () => {
    const idToken = await provider.idToken({ clientId: "someone-elses-app", subject: person() });
    expectRefused(await signIn(t, "google", { id_token: idToken }));
  });

  it("a token whose payload was changed fails its signature", async () => {
    const idToken = await provider.idToken({ clientId: GOOGLE_IOS, subject: person() });
    const [header, , signature] = idToken.split(".");
    const claims = { ...decodeJwt(idToken), email: "someone-else@mail.test", email_verified: true };
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    expectRefused(await signIn(t, "google", { id_token: forged }));
  });

  it("a token signed with keys the provider does not publish is refused", async () => {
    stranger.accounts.set("intruder", { email: "intruder@mail.test", email_verified: true });
    const idToken = await stranger.idToken({ clientId: GOOGLE_IOS, subject: "intruder" });
    expectRefused(await signIn(t, "google", { id_token: idToken }));
  });

  it("a correctly signed token from another issuer is refused", async () => {
    stranger.accounts.set("other-issuer", { email: "other-issuer@mail.test", email_verified: true });
    const idToken = await stranger.idToken({ clientId: FACEBOOK, subject: "other-issuer" });
    expectRefused(await signIn(t, "facebook", { id_token: idToken }));
  });

  it("a nonce that differs from the token's is refused", async () => {
    const subject = person();
    const withNonce = await provider.idToken({ clientId: APPLE, subject, nonce: "the-apps-nonce" });
    expectRefused(await signIn(t, "apple", { id_token: withNonce, nonce: "another-nonce" }));
    const without = await provider.idToken({ clientId: APPLE, subject });
    expectRefused(await signIn(t, "apple", { id_token: without, nonce: "the-apps-nonce" }));
  });

  it("something that is no token is refused; a missing one is a field error", async () => {
    expectRefused(await signIn(t, "google", { id_token: "not-a-token" }));
    expectRefused(await signIn(t, "google", { id_token: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0." }));
    const missing = await signIn(t, "google", {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.id_token).toHaveLength(1);
    const unknown = await signIn(t, "myspace", { id_token: "x" });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.provider).toHaveLength(1);
  });

  // Last: the token was obtained in beforeAll with a lifetime of one second.
  it("an expired token is refused as expired", async () => {
    const { exp } = decodeJwt(shortLivedToken);
    const wait = (exp! + 6) * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const res = await signIn(t, "google", { id_token: shortLivedToken });
    expectRefused(res, "id_token_expired");
    expect(res.json().message).toMatch(/expired/);
  }, 15_000);
});

describe("providers that are not set up or not reachable", () => {
  it("answers 404 for a provider without client ids and 503 when its keys cannot be fetched", async () => {
    const closed = `http://127.0.0.1:${await freePort()}/jwks`;
    const other = await build(
      { FACEBOOK_APP_IDS: FACEBOOK },
      { openIdProviders: { facebook: { issuer: stranger.issuer, jwksUri: closed } } },
    );
    const idToken = await provider.idToken({ clientId: GOOGLE_IOS, subject: person() });
    for (const name of ["google", "apple"]) {
      const res = await signIn(other, name, { id_token: idToken });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "provider_not_configured" });
      expect(res.json().message).toMatch(/not available/);
    }
    stranger.accounts.set("fb-user", { email: "fb-user@mail.test" });
    const unreachable = await signIn(other, "facebook", {
      id_token: await stranger.idToken({ clientId: FACEBOOK, subject: "fb-user" }),
    });
    expect(unreachable.statusCode).toBe(503);
    expect(unreachable.json()).toMatchObject({ code: "provider_unavailable" });
    expect(unreachable.json().message).toMatch(/cannot be reached/);
  });
});

describe("the contract", () => {
  it("is in the OpenAPI document: the provider in the path, the token in the body, both answers", async () => {
    const doc = (await t.inject({ url: "/api/docs/json" })).json();
    const route = doc.paths["/api/app/login/{provider}"].post;
    expect(route.parameters).toEqual([
      expect.objectContaining({
        in: "path",
        name: "provider",
        schema: expect.objectContaining({ enum: ["google", "apple", "facebook"] }),
      }),
    ]);
    const body = route.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(["id_token"]);
    expect(Object.keys(body.properties)).toEqual(["id_token", "nonce", "first_name", "surname", "locale"]);
    expect(Object.keys(route.responses)).toEqual(["200", "201"]);
    expect(route.description).toMatch(/provider_not_configured/);
  });
});
