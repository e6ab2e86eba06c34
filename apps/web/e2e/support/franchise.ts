import type { APIRequestContext, Page } from "@playwright/test";
import { adminToken, mailedLink, uniqueEmail } from "./accounts.ts";
import { expect } from "./fixtures.ts";

// The franchise journey's steps through the API, for specs that need a master, an invitation or
// a registered franchisee before what they test (docs/decisions/008-franchise-model.md, §3).

const PASSWORD = "geheim-123";

/** A private client address per registration (the e2e server trusts one proxy hop; see accounts.ts). */
const clientAddress = () =>
  `10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 250) + 1).join(".")}`;

/** A signed-in partner's API (bearer token, so no Origin header is needed). */
export interface PartnerSession {
  email: string;
  password: string;
  companyName: string;
  companyId: number;
  headers: Record<string, string>;
}

async function session(
  request: APIRequestContext,
  email: string,
  password: string,
  companyName: string,
): Promise<PartnerSession> {
  const login = await request.post("/api/v2/dashboard/login", { data: { email, password } });
  if (!login.ok()) throw new Error(`login ${email}: ${login.status()} ${await login.text()}`);
  const body = (await login.json()).data;
  return {
    email,
    password,
    companyName,
    companyId: body.user.company.id,
    headers: { authorization: `Bearer ${body.token}` },
  };
}

/** Confirms an address with the newest confirmation link mailed to it. */
export async function confirmEmail(request: APIRequestContext, email: string) {
  const link = await mailedLink(request, email, "login?verify");
  const token = new URL(link).searchParams.get("verify")!;
  const verified = await request.post("/api/v2/dashboard/verifyEmail", { data: { token } });
  if (!verified.ok()) throw new Error(`verifyEmail: ${verified.status()} ${await verified.text()}`);
}

/** A registered master (franchisor) whose email is confirmed, signed in through the API. */
export async function createMaster(
  request: APIRequestContext,
  companyName = "Backhaus Kette",
): Promise<PartnerSession> {
  const email = uniqueEmail("master");
  const res = await request.post("/api/v2/dashboard/register", {
    headers: { "x-forwarded-for": clientAddress() },
    data: {
      type: "master",
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      company_name: companyName,
      legal_form_id: 1,
      contact_name: "Frieda",
      contact_surname: "Haupt",
      street: "Zeil",
      building: "10",
      postcode: "60313",
      city: "Frankfurt am Main",
      country: "DE",
      phone_number: "69 5550100",
      contract_accepted: true,
    },
  });
  if (res.status() !== 201) throw new Error(`register master: ${res.status()} ${await res.text()}`);
  await confirmEmail(request, email);
  return session(request, email, PASSWORD, companyName);
}

export interface Invitee {
  company_name: string;
  contact_name: string;
  contact_surname: string;
  email: string;
}

/** An invited company with a fresh address. */
export const newInvitee = (companyName: string): Invitee => ({
  company_name: companyName,
  contact_name: "Jana",
  contact_surname: "Berger",
  email: uniqueEmail("franchisee"),
});

/** The master invites a franchisee (waiting for the team's check); the mail goes out in `locale`. */
export async function invite(
  request: APIRequestContext,
  master: PartnerSession,
  invitee: Invitee,
  locale: "de" | "en" = "de",
): Promise<{ id: number; state: string }> {
  const res = await request.post("/api/v2/dashboard/invite", {
    headers: { ...master.headers, "content-language": locale },
    data: invitee,
  });
  if (res.status() !== 201) throw new Error(`invite: ${res.status()} ${await res.text()}`);
  return (await res.json()).data;
}

/** The team approves an invitation through the console's API: the link is mailed. */
export async function approveInvitation(request: APIRequestContext, invitationId: number) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const res = await request.post(`/api/admin/invitations/${invitationId}/approve`, { headers });
  if (!res.ok()) throw new Error(`approve invitation: ${res.status()} ${await res.text()}`);
}

/** The registration link mailed to an invited company (the newest one). */
export async function invitationLink(request: APIRequestContext, email: string) {
  const link = await mailedLink(request, email, "register/slave?token");
  return {
    link,
    path: new URL(link).pathname + new URL(link).search,
    token: new URL(link).searchParams.get("token")!,
  };
}

/** The master invites, the team approves: the invited company's mailed link. */
export async function inviteAndApprove(
  request: APIRequestContext,
  master: PartnerSession,
  invitee: Invitee,
  locale: "de" | "en" = "de",
) {
  const invitation = await invite(request, master, invitee, locale);
  await approveInvitation(request, invitation.id);
  return { invitationId: invitation.id, ...(await invitationLink(request, invitee.email)) };
}

/**
 * The franchisee completes its registration with the mailed token through the API, confirms its
 * address and signs in: a gray franchisee at the start of its set-up.
 */
export async function completeFranchiseeRegistration(
  request: APIRequestContext,
  token: string,
  invitee: Invitee,
): Promise<PartnerSession> {
  const check = await request.post("/api/v2/invitations/check", { data: { token } });
  if (!check.ok()) throw new Error(`invitation check: ${check.status()} ${await check.text()}`);
  const { slave_id } = (await check.json()).data;
  const res = await request.post("/api/v2/dashboard/register/complete", {
    headers: { "x-forwarded-for": clientAddress() },
    data: {
      slave_id,
      token,
      company_name: invitee.company_name,
      legal_form_id: 1,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      contact_name: invitee.contact_name,
      contact_surname: invitee.contact_surname,
      street: "Mönckebergstraße",
      building: "7",
      postcode: "20095",
      city: "Hamburg",
      country: "DE",
      phone_number: "40 3330100",
      contract_accepted: true,
    },
  });
  if (res.status() !== 201) throw new Error(`register/complete: ${res.status()} ${await res.text()}`);
  await confirmEmail(request, invitee.email);
  return session(request, invitee.email, PASSWORD, invitee.company_name);
}

/** In the signed-in console: the invitation tab's card of an invited company. */
export async function openInvitationQueue(page: Page) {
  await page.goto("/de/admin?tab=invitations");
  await expect(page.getByRole("tab", { name: "Einladungen" })).toHaveAttribute("aria-selected", "true");
}

export const invitationCard = (page: Page, companyName: string) =>
  page.getByTestId("invitation-row").filter({ hasText: companyName });
