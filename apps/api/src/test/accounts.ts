import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { mailOutbox } from "../db/schema/index.ts";
import type { TestApp } from "./build.ts";

export const ORIGIN = "http://localhost:3000";

let counter = 0;
/** A complete, valid registration payload with a unique email. */
export function registration(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    email: `owner${counter}-${Date.now()}@baeckerei-test.de`,
    password: "geheim123",
    password_confirmation: "geheim123",
    company_name: `Bäckerei Korn ${counter}`,
    legal_form_id: 1,
    street: "Lindenallee",
    building: "12a",
    postcode: "50968",
    city: "Köln",
    country: "DE",
    phone_number: "0221 987654",
    type: "partner",
    contract_accepted: true,
    ...overrides,
  };
}

/** The token of the newest link of this kind mailed to this address. */
export async function mailedToken(
  db: Database,
  to: string,
  path: "login?verify" | "password/reset?token",
): Promise<string> {
  const mails = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.id));
  for (const mail of mails) {
    const match = mail.text.match(new RegExp(`/(?:de|en)/${path.replace("?", "\\?")}=([A-Za-z0-9_-]+)`));
    if (match) return match[1]!;
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

/** Registers, confirms and returns a signed-in partner's session cookie and ids. */
export async function signedInPartner(t: TestApp, overrides: Record<string, unknown> = {}) {
  const payload = registration(overrides);
  // Each test partner registers and confirms from its own address, as real ones do, so the per-IP
  // limits hold however many partners a test file makes.
  const remoteAddress = `10.1.${counter >> 8}.${counter & 255}`;
  const reg = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/register",
    payload,
    remoteAddress,
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const token = await mailedToken(t.db, payload.email, "login?verify");
  const res = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/verifyEmail",
    payload: { token },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`verifyEmail failed: ${res.body}`);
  const body = res.json();
  return {
    email: payload.email,
    password: payload.password,
    token: body.data.token as string,
    user: body.data.user,
    headers: { cookie: `session=${body.data.token}`, origin: ORIGIN },
  };
}
