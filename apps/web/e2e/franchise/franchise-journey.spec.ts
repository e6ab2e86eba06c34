import type { APIRequestContext, Page } from "@playwright/test";
import { addDays, addMonths, berlinMonth, FRANCHISE } from "@stempla/domain";
import {
  adminToken,
  approveAccount,
  approveInConsole,
  logIn,
  logInToConsole,
  mailedLink,
} from "../support/accounts.ts";
import { axeAtBothWidths, expect, shots, test } from "../support/fixtures.ts";
import { createMaster, invitationCard, invitationLink, newInvitee } from "../support/franchise.ts";
import { completeSetUp } from "../support/partner-setup.ts";

// The whole franchise journey of issue 14 in the browser (docs/decisions/008-franchise-model.md,
// section 9 item 6): a master invites, the team approves the invitation, the franchisee registers
// from the mailed link and sets up, the team approves it, the master sees the franchisee's location
// and scans in its network statistics, switches collective invoicing off, and the franchisee sees
// the notice and terminates within its 7-day window. What a person does is done in the UI; only
// the master's own start (before the journey) and the customers' scans go through the API.

const PASSWORD = "geheim-123";
const de = new Intl.NumberFormat("de-DE");
/** A calendar day as the dashboard shows it ("30.11.2026"). */
const dayText = (day: string) =>
  new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** A partner's API with a bearer token (no Origin header needed). */
async function apiAs(request: APIRequestContext, email: string) {
  const login = await request.post("/api/v2/dashboard/login", { data: { email, password: PASSWORD } });
  if (!login.ok()) throw new Error(`login ${email}: ${login.status()} ${await login.text()}`);
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  return async (method: "get" | "post" | "put", path: string, data?: unknown) => {
    const res = await request[method](`/api/v2${path}`, { headers, data });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()).data;
  };
}

/** The scan code on the QR poster of a partner's location. */
async function scanCode(request: APIRequestContext, email: string, locationId?: number) {
  const api = await apiAs(request, email);
  const shops = (await api("get", "/dashboard/shop")) as { id: number; name: string; scan_url: string }[];
  const shop = locationId === undefined ? shops[0] : shops.find((s) => s.id === locationId);
  if (!shop) throw new Error(`no location for ${email}`);
  return { id: shop.id, code: shop.scan_url.split("/s/")[1]! };
}

/** A new app customer collects one point at the location with this scan code (the app's API). */
async function scan(request: APIRequestContext, code: string) {
  const register = await request.post("/api/app/register", {
    headers: {
      "x-forwarded-for": `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    data: {
      email: `e2e-kunde-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: "kunden-passwort",
    },
  });
  expect(register.status()).toBe(201);
  const res = await request.post("/api/app/scan", {
    headers: { authorization: `Bearer ${(await register.json()).data.token}` },
    data: { code, method: "nfc" },
  });
  expect(res.status()).toBe(201);
}

/** The texts of the mails sent to an address, newest first, as the provider team reads the outbox. */
async function mailTexts(request: APIRequestContext, to: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const list = (
    await (await request.get(`/api/admin/mails?search=${encodeURIComponent(to)}`, { headers })).json()
  ).data as { id: number }[];
  return Promise.all(
    list.map(
      async (m) => (await (await request.get(`/api/admin/mails/${m.id}`, { headers })).json()).data.text,
    ),
  );
}

const next = (page: Page) => page.getByRole("button", { name: "Weiter", exact: true }).click();

test("a master invites a franchisee, the team approves both, the master sees its scans in the network statistics and switches collective invoicing off, and the franchisee terminates within 7 days", async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(300_000);
  const id = Date.now().toString(36).slice(-5);

  // Before the journey: a live master with one own location. It chose collective invoicing while
  // it had never been billed, which applies to the running month at once (decision 008, section 5),
  // then the team approved it. Off is the default, and a switch-off applies only from the next
  // month and opens the franchisees' windows only when the running month was collective, so this
  // is the state in which a master's switch-off matters to its franchisees.
  const master = await createMaster(request, `Backhaus Kette ${id}`);
  const masterApi = await apiAs(request, master.email);
  await masterApi("put", "/dashboard/franchise/collective-invoicing", { enabled: true });
  const ownSetUp = await completeSetUp(request, master.email, PASSWORD);
  await approveAccount(request, master.companyId);
  // The master finished its set-up wizard as its last step does, so its dashboard shows statistics.
  await masterApi("put", "/dashboard/setup", { step: "finish", location_id: ownSetUp.shopId });
  await masterApi("post", "/dashboard/setup/finish", {});
  const own = await scanCode(request, master.email, ownSetUp.shopId);

  // 1. The master invites its franchisee on the franchisors page.
  const invitee = newInvitee(`Backhaus Nord ${id}`);
  await logIn(page, master.email, PASSWORD);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await page.getByRole("link", { name: "Franchise-Netzwerk" }).first().click();
  await expect(page).toHaveURL(/\/de\/franchisors$/);
  await expect(page.getByTestId("collective-current")).toHaveAttribute("data-on", "true");
  await page.getByTestId("invite-open").click();
  const inviteDialog = page.getByRole("dialog", { name: "Franchisenehmer einladen" });
  await inviteDialog.getByLabel("Name des Unternehmens").fill(invitee.company_name);
  await inviteDialog.getByLabel("Vorname des Ansprechpartners").fill(invitee.contact_name);
  await inviteDialog.getByLabel("Nachname des Ansprechpartners").fill(invitee.contact_surname);
  await inviteDialog.getByLabel("E-Mail-Adresse").fill(invitee.email);
  await inviteDialog.getByRole("button", { name: "Einladen" }).click();
  await expect(inviteDialog).toBeHidden();
  const invitationRow = page.getByTestId("invitation").filter({ hasText: invitee.company_name });
  await expect(invitationRow.getByTestId("invitation-state")).toHaveAttribute("data-state", "checking");

  // 2. The team approves the invitation in the console; the link is mailed.
  const team = await browser.newContext({ locale: "de-DE" });
  const console_ = await team.newPage();
  consoleErrors.watch(console_);
  await logInToConsole(console_);
  await console_.getByRole("tab", { name: "Einladungen" }).click();
  const card = invitationCard(console_, invitee.company_name);
  await expect(card).toContainText(`Eingeladen von ${master.companyName}`);
  await console_.getByRole("button", { name: `Freigeben: ${invitee.company_name}` }).click();
  await expect(console_.getByText(`${invitee.company_name} ist freigegeben`)).toBeVisible();
  await page.reload();
  await expect(invitationRow.getByTestId("invitation-state")).toHaveAttribute("data-state", "sent");

  // 3. The franchisee registers from the mailed link, in its own browser.
  const franchiseeContext = await browser.newContext({ locale: "de-DE" });
  const franchisee = await franchiseeContext.newPage();
  consoleErrors.watch(franchisee);
  const { path } = await invitationLink(request, invitee.email);
  await franchisee.goto(path);
  await expect(
    franchisee.getByText(
      `Sie wurden von ${master.companyName} eingeladen, Stempla als Franchisenehmer zu nutzen.`,
    ),
  ).toBeVisible();
  await expect(franchisee.getByLabel(/^Firmenname/)).toHaveValue(invitee.company_name);
  await franchisee.getByRole("combobox", { name: "Rechtsform" }).click();
  await franchisee.getByRole("option", { name: "GmbH", exact: true }).click();
  await franchisee.getByRole("button", { name: "Weiter" }).click();
  await expect(franchisee.getByLabel(/^E-Mail-Adresse/)).toHaveValue(invitee.email);
  await franchisee
    .getByLabel(/^Passwort/)
    .first()
    .fill(PASSWORD);
  await franchisee.getByLabel(/^Passwort wiederholen/).fill(PASSWORD);
  await franchisee.getByRole("button", { name: "Weiter" }).click();
  await franchisee.getByLabel(/^Straße/).fill("Mönckebergstraße");
  await franchisee.getByLabel(/^Hausnummer/).fill("7");
  await franchisee.getByLabel(/^Postleitzahl/).fill("20095");
  await franchisee.getByLabel(/^Ort/).fill("Hamburg");
  await franchisee.getByLabel(/^Telefon/).fill("40 3330100");
  await franchisee.getByRole("button", { name: "Weiter" }).click();
  await franchisee.getByRole("checkbox").check();
  await franchisee.getByRole("button", { name: "Kostenpflichtig registrieren" }).click();
  await expect(franchisee.getByRole("dialog", { name: "Fast geschafft!" })).toBeVisible();

  // It confirms its address from the mail, which signs it in at the start of its set-up.
  const verify = new URL(await mailedLink(request, invitee.email, "login?verify"));
  await franchisee.goto(verify.pathname + verify.search);
  await expect(franchisee).toHaveURL(/\/de\/dashboard$/);
  await expect(
    franchisee.getByRole("heading", { name: "In wenigen Schritten zur digitalen Stempelkarte" }),
  ).toBeVisible();

  // 4. The set-up wizard, step by step (the optional logo is left out).
  const step = franchisee.getByTestId("setup-progress");
  await expect(step).toHaveText("Schritt 1 von 12");
  await franchisee.getByLabel(/^Name des Standorts/).fill(`Backhaus Nord Altona ${id}`);
  await next(franchisee);
  await expect(step).toHaveText("Schritt 2 von 12");
  await franchisee.getByRole("button", { name: "Geschäftsadresse übernehmen" }).click();
  await expect(franchisee.getByLabel(/^Straße/)).toHaveValue("Mönckebergstraße");
  await next(franchisee);
  await expect(step).toHaveText("Schritt 3 von 12");
  await franchisee.getByRole("button", { name: "Ja, Standort anlegen" }).click();
  await expect(step).toHaveText("Schritt 4 von 12");
  await next(franchisee);
  await expect(step).toHaveText("Schritt 5 von 12");
  await franchisee.getByRole("switch", { name: "Montag" }).check();
  await franchisee.getByLabel("Montag, Zeitraum 1: von").fill("0700");
  await next(franchisee);
  await expect(step).toHaveText("Schritt 6 von 12");
  await franchisee.getByRole("combobox", { name: "Hauptkategorie" }).click();
  await franchisee.getByRole("option").first().click();
  await next(franchisee);
  await expect(step).toHaveText("Schritt 7 von 12");
  await next(franchisee);
  await expect(step).toHaveText("Schritt 8 von 12");
  await next(franchisee);
  await expect(step).toHaveText("Schritt 9 von 12");
  await franchisee.getByLabel(/^Ihr Angebot/).fill("Jedes elfte Brötchen ist gratis");
  await next(franchisee);
  await expect(step).toHaveText("Schritt 10 von 12");
  await franchisee.getByText("10 Punkte", { exact: true }).click();
  await next(franchisee);
  await expect(step).toHaveText("Schritt 11 von 12");
  await franchisee.getByLabel(/^Kontoinhaber/).fill(`${invitee.company_name} GmbH`);
  await franchisee.getByLabel(/^IBAN/).fill("DE89370400440532013000");
  await franchisee.getByLabel(/^Ich erteile dieses SEPA-Lastschriftmandat/).check();
  await franchisee.getByRole("button", { name: "Mandat erteilen und weiter" }).click();
  await expect(step).toHaveText("Schritt 12 von 12");
  // The contact person was given at registration, so the last step asks nothing more.
  await franchisee.getByRole("button", { name: "Einrichtung abschließen" }).click();
  const franchiseeStatus = franchisee.getByRole("link", { name: /^Kontostatus/ });
  await expect(franchiseeStatus).toContainText("Gelb");
  await expect(step).toHaveCount(0);

  // 5. The team reviews the set-up and approves the franchisee (green).
  await approveInConsole(console_, invitee.company_name);
  await team.close();
  await franchisee.reload();
  await expect(franchiseeStatus).toContainText("Grün");

  // 6. Customers collect at both locations through the app: 2 scans at the franchisee's, 1 at the
  // master's own.
  const franchise = await scanCode(request, invitee.email);
  await scan(request, franchise.code);
  await scan(request, franchise.code);
  await scan(request, own.code);

  // 7. The master's statistics: own locations by default, the whole network with the franchisee's
  // scans, and the franchisee's location alone.
  await page.goto("/de/dashboard");
  const scope = page.getByRole("radiogroup", { name: "Auswertung" });
  const scans = page.getByTestId("stat-scans");
  await expect(scope.getByRole("radio", { name: "Eigene Standorte" })).toBeChecked();
  await expect(scans).toHaveText(de.format(1));
  await scope.getByText("Gesamtes Netzwerk").click();
  await expect(page).toHaveURL(/scope=network/);
  await expect(scans).toHaveText(de.format(3));
  await expect(page.getByTestId("point-balance-table")).toContainText(invitee.company_name);
  await axeAtBothWidths(page, "journey-master-network-stats");
  const locations = page.getByRole("combobox", { name: "Standorte" });
  await locations.click();
  await locations.fill("Altona");
  const options = page.getByRole("listbox", { name: "Standorte" }).getByRole("option");
  await expect(options).toHaveCount(1);
  await options.first().click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(new RegExp(`location=${franchise.id}(&|$)`));
  await expect(scans).toHaveText(de.format(2));
  await expect(page.getByTestId("stats-toolbar")).toContainText(
    `Backhaus Nord Altona ${id} · ${invitee.company_name}`,
  );
  await axeAtBothWidths(page, "journey-master-franchise-location-stats");

  // 8. The master switches collective invoicing off from next month; the running month stays.
  const offFrom = addMonths(berlinMonth(new Date()), 1);
  await page.getByRole("link", { name: "Franchise-Netzwerk" }).first().click();
  await expect(page).toHaveURL(/\/de\/franchisors$/);
  await expect(page.getByTestId("franchisee").filter({ hasText: invitee.company_name })).toContainText(
    invitee.email,
  );
  const franchiseLocation = page.getByTestId("franchise-location").filter({ hasText: invitee.company_name });
  await expect(franchiseLocation).toContainText(`Backhaus Nord Altona ${id}`);
  // The location's phone as the franchisee entered it, in international format.
  await expect(franchiseLocation).toContainText("+49 40 3330100");
  await expect(page.getByTestId("collective-next")).toHaveAttribute("data-on", "true");
  await page.getByRole("switch", { name: `Sammelabrechnung ab ${dayText(offFrom)}` }).click();
  const switchOff = page.getByTestId("collective-confirm");
  await expect(switchOff).toContainText(
    `innerhalb von ${FRANCHISE.extraordinaryNoticeDays} Tagen außerordentlich kündigen`,
  );
  await switchOff.getByRole("button", { name: "Ausschalten" }).click();
  await expect(switchOff).toBeHidden();
  const done = page.getByRole("alert").filter({
    hasText: `Ab ${dayText(offFrom)} bezahlt jeder Franchisenehmer seine eigene Rechnung.`,
  });
  await expect(done).toBeVisible();
  // Closed, so the screenshots show the page rather than the message over it.
  await done.getByRole("button", { name: "Meldung schließen" }).click();
  await expect(page.getByTestId("collective-next")).toHaveAttribute("data-on", "false");
  await expect(page.getByTestId("collective-current")).toHaveAttribute("data-on", "true");
  await axeAtBothWidths(page, "journey-franchisors-switched-off");
  // The franchisee is told by mail, with the termination it may now give.
  expect(
    (await mailTexts(request, invitee.email)).some((text) =>
      text.includes(`${master.companyName} hat die Sammelabrechnung ab`),
    ),
  ).toBe(true);

  // 9. The franchisee's dashboard: its master, who pays now and from next month, and the window.
  const lastDay = dayText(addDays(offFrom, -1));
  await franchisee.reload();
  const notice = franchisee.getByTestId("franchise-notice-card");
  await expect(notice).toContainText(`Ihr Franchisegeber: ${master.companyName}`);
  await expect(franchisee.getByTestId("franchise-notice-current")).toContainText(
    `über ${master.companyName} abgerechnet`,
  );
  await expect(franchisee.getByTestId("franchise-notice-next")).toContainText(
    `Ab ${dayText(offFrom)}: Sie bezahlen Ihre Rechnung selbst`,
  );
  const termWindow = franchisee.getByTestId("franchise-termination-window");
  await expect(termWindow).toContainText(`innerhalb von ${FRANCHISE.extraordinaryNoticeDays} Tagen`);
  await expect(termWindow).toContainText(`Er endet dann am ${lastDay}`);
  await axeAtBothWidths(franchisee, "journey-franchisee-notice");

  // It uses the window: the contract ends on the last day of the running month, without a fee.
  await franchisee.getByTestId("franchise-terminate").click();
  const terminate = franchisee.getByTestId("franchise-terminate-confirm");
  await expect(terminate).toContainText(`Ihr Vertrag endet dann am ${lastDay}, ohne Gebühr.`);
  await expect(terminate.getByRole("button", { name: "Verbindlich kündigen" })).toBeDisabled();
  await terminate.getByTestId("franchise-terminate-check").check();
  if (shots) await franchisee.screenshot({ path: `${shots}/journey-franchisee-terminate-1280.png` });
  await terminate.getByRole("button", { name: "Verbindlich kündigen" }).click();
  await expect(terminate).toBeHidden();
  const terminated = franchisee.getByRole("alert").filter({
    hasText: `Ihr Vertrag ist zum ${lastDay} gekündigt.`,
  });
  await expect(terminated).toBeVisible();
  await terminated.getByRole("button", { name: "Meldung schließen" }).click();
  await expect(termWindow).toHaveCount(0);
  // The company page's contract card states the extraordinary end, without a fee.
  await franchisee.getByRole("link", { name: "Unternehmen" }).first().click();
  const contract = franchisee.getByTestId("contract-terminated");
  await expect(contract).toContainText(`Gekündigt zum ${lastDay}`);
  await expect(contract).toContainText("Außerordentliche Kündigung");
  await expect(contract).not.toContainText("Gebühr, weil");
  await axeAtBothWidths(franchisee, "journey-franchisee-terminated");
  await franchiseeContext.close();
});
