import type { APIRequestContext, Page } from "@playwright/test";
import {
  adminToken,
  approveAccount,
  confirmedPartner,
  logIn,
  mailedLink,
  uniqueEmail,
} from "../support/accounts.ts";
import { axeAtBothWidths, expect, failedResource, test } from "../support/fixtures.ts";
import { completeSetUp } from "../support/partner-setup.ts";

// The master's /franchisors page and the franchisee's notice (docs/decisions/008-franchise-model.md,
// section 6). Accounts are made through the API; what a person does is done in the browser.

const PASSWORD = "geheim-123";
const clientAddress = () =>
  `10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 250) + 1).join(".")}`;
const ADDRESS = {
  street: "Zeil",
  building: "5",
  postcode: "60313",
  city: "Frankfurt am Main",
  country: "DE",
  phone_number: "69 445566",
  contract_accepted: true,
};

/** A session of the API as this login (bearer token: no Origin header needed). */
async function apiAs(request: APIRequestContext, email: string, password = PASSWORD) {
  const login = await request.post("/api/v2/dashboard/login", { data: { email, password } });
  if (!login.ok()) throw new Error(`login ${email}: ${login.status()} ${await login.text()}`);
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  return async (method: "get" | "post" | "put", path: string, data?: unknown, base = "/api/v2") => {
    const res = await request[method](`${base}${path}`, { headers, data });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()).data;
  };
}

/** Confirms a new login's address with the mailed link. */
async function verifyEmail(request: APIRequestContext, email: string) {
  const token = new URL(await mailedLink(request, email, "login?verify")).searchParams.get("verify")!;
  const res = await request.post("/api/v2/dashboard/verifyEmail", { data: { token } });
  if (!res.ok()) throw new Error(`verifyEmail: ${res.status()} ${await res.text()}`);
}

/** A registered master (franchisor) with a confirmed address. */
async function confirmedMaster(request: APIRequestContext, companyName: string) {
  const email = uniqueEmail("master");
  const res = await request.post("/api/v2/dashboard/register", {
    headers: { "x-forwarded-for": clientAddress() },
    data: {
      ...ADDRESS,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      company_name: companyName,
      legal_form_id: 1,
      type: "master",
      contact_name: "Franz",
      contact_surname: "Zentrale",
    },
  });
  if (res.status() !== 201) throw new Error(`register master: ${res.status()} ${await res.text()}`);
  await verifyEmail(request, email);
  return { email, companyName };
}

/**
 * A franchisee the whole way through the API: the master invites, the team approves, the
 * franchisee completes its registration from the mailed link and confirms its address.
 */
async function registeredFranchisee(request: APIRequestContext, masterEmail: string, companyName: string) {
  const email = uniqueEmail("franchisee");
  const master = await apiAs(request, masterEmail);
  const invitation = await master("post", "/dashboard/invite", {
    company_name: companyName,
    contact_name: "Nina",
    contact_surname: "Nehmer",
    email,
  });
  await approveInvitation(request, invitation.id);
  const token = new URL(await mailedLink(request, email, "register/slave?token")).searchParams.get("token")!;
  const preview = (await (await request.post("/api/v2/invitations/check", { data: { token } })).json()).data;
  const complete = await request.post("/api/v2/dashboard/register/complete", {
    headers: { "x-forwarded-for": clientAddress() },
    data: {
      ...ADDRESS,
      slave_id: preview.slave_id,
      token,
      company_name: companyName,
      legal_form_id: 1,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      contact_name: "Nina",
      contact_surname: "Nehmer",
    },
  });
  if (complete.status() !== 201) throw new Error(`complete: ${complete.status()} ${await complete.text()}`);
  await verifyEmail(request, email);
  return { email, companyName };
}

/** The team approves an invitation through the console's API: the link is mailed. */
async function approveInvitation(request: APIRequestContext, id: number) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const res = await request.post(`/api/admin/invitations/${id}/approve`, { headers });
  if (!res.ok()) throw new Error(`approve invitation: ${res.status()} ${await res.text()}`);
}

async function openFranchisors(page: Page) {
  await page.getByRole("link", { name: "Franchise-Netzwerk" }).first().click();
  await expect(page).toHaveURL(/\/de\/franchisors$/);
  await expect(page.getByRole("heading", { level: 1, name: "Franchise-Netzwerk" })).toBeVisible();
}

test("a master invites a franchisee, sees the invitation being checked and withdraws it", async ({
  page,
  request,
  consoleErrors,
}) => {
  const master = await confirmedMaster(request, "Kaffeehaus Zentrale");
  await logIn(page, master.email, PASSWORD);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await openFranchisors(page);
  await expect(page.getByTestId("invitation-check-note")).toContainText("innerhalb von bis zu 3 Tagen");
  await expect(page.getByTestId("invitation-check-note")).toContainText("14 Tage gültig");
  await expect(page.getByTestId("collective-invoicing")).toBeVisible();

  // Empty fields are refused in the browser with the server's messages; a taken email by the server.
  await page.getByTestId("invite-open").click();
  const dialog = page.getByRole("dialog", { name: "Franchisenehmer einladen" });
  await dialog.getByRole("button", { name: "Einladen" }).click();
  await expect(dialog.getByLabel("Name des Unternehmens")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Name des Unternehmens").fill("Kaffeehaus Am Markt");
  await dialog.getByLabel("Vorname des Ansprechpartners").fill("Nina");
  await dialog.getByLabel("Nachname des Ansprechpartners").fill("Nehmer");
  await dialog.getByLabel("E-Mail-Adresse").fill(master.email);
  consoleErrors.expect(failedResource(409));
  await dialog.getByRole("button", { name: "Einladen" }).click();
  await expect(dialog.getByLabel("E-Mail-Adresse")).toHaveAttribute("aria-invalid", "true");
  const invited = uniqueEmail("invited");
  await dialog.getByLabel("E-Mail-Adresse").fill(invited);
  await dialog.getByRole("button", { name: "Einladen" }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId("invitation").filter({ hasText: "Kaffeehaus Am Markt" });
  await expect(row.getByTestId("invitation-state")).toHaveAttribute("data-state", "checking");
  await expect(row).toContainText("In Prüfung");
  await expect(row).toContainText(invited);
  await expect(page.getByTestId("network-counts")).toContainText("1 offene Einladung");
  await axeAtBothWidths(page, "franchisors-invited");

  await row.getByRole("button", { name: "Zurückziehen: Einladung an Kaffeehaus Am Markt" }).click();
  await page.getByTestId("withdraw-confirm").getByRole("button", { name: "Zurückziehen" }).click();
  await expect(row.getByTestId("invitation-state")).toHaveAttribute("data-state", "withdrawn");
  await expect(row.getByRole("button", { name: /Zurückziehen/ })).toHaveCount(0);
  await expect(page.getByTestId("network-counts")).toContainText("0 offene Einladungen");

  // An invitation the team approved: its link's expiry, and a new link on request.
  const master2 = await apiAs(request, master.email);
  const sent = await master2("post", "/dashboard/invite", {
    company_name: "Kaffeehaus Am Hafen",
    contact_name: "Hanna",
    contact_surname: "Hafen",
    email: uniqueEmail("invited"),
  });
  await approveInvitation(request, sent.id);
  await page.reload();
  const sentRow = page.getByTestId("invitation").filter({ hasText: "Kaffeehaus Am Hafen" });
  await expect(sentRow.getByTestId("invitation-state")).toHaveAttribute("data-state", "sent");
  await expect(sentRow).toContainText("Link gültig bis");
  await sentRow.getByRole("button", { name: "Erneut senden: Einladung an Kaffeehaus Am Hafen" }).click();
  await expect(page.getByText(/Ein neuer Link ist an .* unterwegs; er gilt bis/)).toBeVisible();
  await expect(sentRow.getByTestId("invitation-state")).toHaveAttribute("data-state", "sent");

  // The same page in English.
  await page.goto("/en/franchisors");
  await expect(page.getByRole("heading", { level: 1, name: "Franchise network" })).toBeVisible();
  await expect(row.getByTestId("invitation-state")).toHaveText("Withdrawn");
  await expect(page.getByTestId("invitation-check-note")).toContainText("valid for 14 days");
  await axeAtBothWidths(page, "franchisors-en");
});

test("a single partner is told how to become a franchisor instead of an error", async ({ page, request }) => {
  const partner = await confirmedPartner(request, "Eisdiele Solo");
  await logIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  // No menu entry: the page is reached by its address only.
  await expect(page.getByRole("link", { name: "Franchise-Netzwerk" })).toHaveCount(0);
  await page.goto("/de/franchisors");
  await expect(page.getByTestId("franchise-not-master")).toContainText("Sie möchten Franchisegeber werden?");
  await expect(page.getByRole("link", { name: "Support kontaktieren" })).toBeVisible();
  await axeAtBothWidths(page, "franchisors-not-master");
});

test("the master sees its franchisee and its location, switches collective invoicing off, and the franchisee may terminate extraordinarily", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const master = await confirmedMaster(request, "Backstube Zentrale");
  const franchisee = await registeredFranchisee(request, master.email, "Backstube Nord");
  await completeSetUp(request, franchisee.email, PASSWORD);
  const franchiseeApi = await apiAs(request, franchisee.email);
  await approveAccount(request, (await franchiseeApi("get", "/dashboard/profile")).company.id);
  // Before its first invoice a master's switch applies to this month at once; once live, the next
  // month's switch-off then opens the franchisees' windows (decision 008, section 5).
  const masterApi = await apiAs(request, master.email);
  await masterApi("put", "/dashboard/franchise/collective-invoicing", { enabled: true });
  await completeSetUp(request, master.email, PASSWORD);
  await approveAccount(request, (await masterApi("get", "/dashboard/profile")).company.id);

  await logIn(page, master.email, PASSWORD);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await openFranchisors(page);
  const franchiseeRow = page.getByTestId("franchisee").filter({ hasText: "Backstube Nord" });
  // The contact person is the franchisee's login, as its set-up left it.
  await expect(franchiseeRow).toContainText("Marta Korn");
  await expect(franchiseeRow).toContainText(franchisee.email);
  await expect(page.getByTestId("franchise-location").filter({ hasText: "Backstube Nord" })).toContainText(
    "Filiale Altstadt",
  );
  await expect(page.getByTestId("collective-current")).toHaveAttribute("data-on", "true");
  await expect(page.getByTestId("collective-next")).toHaveAttribute("data-on", "true");

  await page.getByRole("switch", { name: /Sammelabrechnung ab/ }).click();
  const confirm = page.getByTestId("collective-confirm");
  await expect(confirm).toContainText("innerhalb von 7 Tagen außerordentlich kündigen");
  await confirm.getByRole("button", { name: "Ausschalten" }).click();
  await expect(page.getByTestId("collective-next")).toHaveAttribute("data-on", "false");
  await expect(page.getByTestId("collective-current")).toHaveAttribute("data-on", "true");
  await axeAtBothWidths(page, "franchisors-network");

  // The locations page: own and franchise locations apart.
  await page.getByRole("link", { name: "Standorte", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Eigene Standorte" })).toBeVisible();
  await expect(page.getByTestId("franchise-locations")).toContainText("Backstube Nord");
  await axeAtBothWidths(page, "locations-master");

  // The franchisee: its master, who pays, and the termination window on the dashboard.
  await page.getByRole("button", { name: "Abmelden" }).click();
  await logIn(page, franchisee.email, PASSWORD);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  const notice = page.getByTestId("franchise-notice-card");
  await expect(notice).toContainText("Ihr Franchisegeber: Backstube Zentrale");
  await expect(page.getByTestId("franchise-notice-current")).toContainText(
    "über Backstube Zentrale abgerechnet",
  );
  await expect(page.getByTestId("franchise-notice-next")).toContainText("Sie bezahlen Ihre Rechnung selbst");
  await expect(page.getByTestId("franchise-termination-window")).toContainText("innerhalb von 7 Tagen");
  await axeAtBothWidths(page, "dashboard-franchisee");
  // The master's network is not the franchisee's: no menu entry, and the page explains.
  await expect(page.getByRole("link", { name: "Franchise-Netzwerk" })).toHaveCount(0);

  await page.getByTestId("franchise-terminate").click();
  const terminate = page.getByTestId("franchise-terminate-confirm");
  await terminate.getByTestId("franchise-terminate-check").check();
  await terminate.getByRole("button", { name: "Verbindlich kündigen" }).click();
  await expect(terminate).toBeHidden();
  await expect(page.getByTestId("franchise-termination-window")).toHaveCount(0);

  await page.getByRole("link", { name: "Unternehmen" }).click();
  await expect(page.getByTestId("contract-terminated")).toBeVisible();
  await expect(page.getByTestId("contract-card")).toContainText("Ihr Franchisegeber: Backstube Zentrale");
  await expect(page.getByTestId("contract-terminated")).toContainText("es fällt keine Gebühr an");
  // The contract ends before the next period: nobody pays in it.
  await expect(page.getByTestId("contract-card").getByTestId("franchise-notice-next")).toContainText(
    "Ihr Vertrag endet am",
  );
  await axeAtBothWidths(page, "company-franchisee");
});
