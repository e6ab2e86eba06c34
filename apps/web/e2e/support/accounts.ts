import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** The demo accounts that `npm start` seeds on an empty embedded database (apps/api/src/db/seed/accounts.ts). */
export const DEMO_ADMIN = { email: "admin@demo.stempla.de", password: "Demo-Admin-2026" };
export const DEMO_PARTNER = { email: "partner@demo.stempla.de", password: "Demo-Partner-2026" };

let sequence = 0;
/** A random private client address, one per simulated shop. */
const clientAddress = () =>
  `10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 250) + 1).join(".")}`;
export const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++sequence}@e2e-test.de`;

// One console session per worker: the login rate limit per account is real here too.
let cachedAdminToken: Promise<string> | undefined;
export function adminToken(request: APIRequestContext): Promise<string> {
  cachedAdminToken ??= (async () => {
    const res = await request.post("/api/v2/dashboard/login", { data: DEMO_ADMIN });
    if (!res.ok()) throw new Error(`admin login: ${res.status()} ${await res.text()}`);
    return (await res.json()).data.token as string;
  })();
  return cachedAdminToken;
}

/** The team approves an account through the console's API (yellow or orange to green). */
export async function approveAccount(request: APIRequestContext, companyId: number) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const res = await request.post(`/api/admin/partners/${companyId}/approve`, { headers });
  if (!res.ok()) throw new Error(`approve ${companyId}: ${res.status()} ${await res.text()}`);
}

/** The newest link of a kind mailed to an address, read from the outbox as the provider team can. */
export async function mailedLink(request: APIRequestContext, to: string, path: string): Promise<string> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const list = await (
    await request.get(`/api/admin/mails?search=${encodeURIComponent(to)}`, { headers })
  ).json();
  for (const row of list.data) {
    const mail = (await (await request.get(`/api/admin/mails/${row.id}`, { headers })).json()).data;
    const match = mail.text.match(new RegExp(`https?://\\S+/${path.replace("?", "\\?")}=[A-Za-z0-9_-]+`));
    if (match) return match[0];
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

/** A registered partner whose email is confirmed, made through the API (not the UI). */
export async function confirmedPartner(request: APIRequestContext, companyName = "Bäckerei Morgenrot") {
  const email = uniqueEmail("partner");
  const password = "geheim-123";
  const res = await request.post("/api/v2/dashboard/register", {
    // Each registration comes from its own client address (the e2e server trusts one proxy hop),
    // as partners registering from their own shops would; the per-IP limit is tested in the API.
    headers: { "x-forwarded-for": clientAddress() },
    data: {
      email,
      password,
      password_confirmation: password,
      company_name: companyName,
      legal_form_id: 1,
      street: "Kaiserstraße",
      building: "7",
      postcode: "60311",
      city: "Frankfurt am Main",
      country: "DE",
      phone_number: "69 123456",
      type: "partner",
      contract_accepted: true,
    },
  });
  if (res.status() !== 201) throw new Error(`register: ${res.status()} ${await res.text()}`);
  const link = await mailedLink(request, email, "login?verify");
  const token = new URL(link).searchParams.get("verify")!;
  const verified = await request.post("/api/v2/dashboard/verifyEmail", { data: { token } });
  if (!verified.ok()) throw new Error(`verifyEmail: ${verified.status()} ${await verified.text()}`);
  return { email, password, companyName };
}

/**
 * Signs in through the login page and waits until the sign-in has landed (the page has left the
 * login form), so the next `goto` does not race the session cookie back to the login page.
 * `{ lands: false }` for a sign-in that is meant to fail.
 */
export async function logIn(
  page: Page,
  email: string,
  password: string,
  locale = "de",
  { lands = true }: { lands?: boolean } = {},
) {
  await page.goto(`/${locale}/login`);
  await page.getByLabel(locale === "de" ? "E-Mail-Adresse" : "Email address").fill(email);
  await page.getByLabel(locale === "de" ? "Passwort" : "Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: locale === "de" ? "Anmelden" : "Log in", exact: true }).click();
  if (lands) await expect(page).not.toHaveURL(/\/login(\?|$)/, { timeout: 15_000 });
}

/** Signs in as the demo provider team and waits for the console, which a team sign-in opens. */
export async function logInToConsole(page: Page, locale = "de") {
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, locale);
  await expect(page).toHaveURL(new RegExp(`/${locale}/admin$`));
}

/** In the signed-in console: opens the account from the review queue and approves it (green). */
export async function approveInConsole(page: Page, companyName: string) {
  await page.goto("/de/admin");
  await page
    .getByRole("row", { name: new RegExp(companyName) })
    .getByRole("link", { name: companyName })
    .click();
  await page.getByRole("button", { name: "Freigeben" }).click();
  await expect(page.getByTestId("partner-status")).toHaveAttribute("data-status", "green");
}
