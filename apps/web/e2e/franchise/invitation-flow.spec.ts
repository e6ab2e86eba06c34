import { translate } from "@stempla/domain";
import { adminToken, logIn, logInToConsole, mailedLink } from "../support/accounts.ts";
import {
  axeAtBothWidths,
  expect,
  failedResource,
  seriousAxeViolations,
  shots,
  test,
} from "../support/fixtures.ts";
import {
  createMaster,
  invitationCard,
  invitationLink,
  invite,
  inviteAndApprove,
  newInvitee,
} from "../support/franchise.ts";

// A master's invitation of a franchisee from the team's check to the franchisee's set-up
// (docs/decisions/008-franchise-model.md, sections 3 and 6).

/** A suffix that keeps this run's company names apart from other tests' in the shared queue. */
const run = () => Date.now().toString(36).slice(-5);

test("the team checks a master's invitations in the console; the franchisee registers from the mailed link, confirms the address and starts its set-up", async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const id = run();
  const master = await createMaster(request, `Backhaus Kette ${id}`);
  const accepted = newInvitee(`Backhaus Nord ${id}`);
  const refused = newInvitee(`Backstube Fremd ${id}`);
  await invite(request, master, accepted);
  await invite(request, master, refused);

  // The console's tab: both waiting, the older first, with who invites whom.
  const team = await browser.newContext();
  const console_ = await team.newPage();
  consoleErrors.watch(console_);
  await logInToConsole(console_);
  await console_.getByRole("tab", { name: "Einladungen" }).click();
  await expect(console_).toHaveURL(/\/de\/admin\?tab=invitations$/);
  const first = invitationCard(console_, accepted.company_name);
  await expect(first).toContainText(`Eingeladen von ${master.companyName}`);
  await expect(first).toContainText("Jana Berger");
  await expect(first).toContainText(accepted.email);
  await expect(first).toContainText("Zu prüfen");
  const names = await console_.getByTestId("invitation-row").allTextContents();
  const position = (name: string) => names.findIndex((text) => text.includes(name));
  expect(position(accepted.company_name)).toBeGreaterThanOrEqual(0);
  expect(position(accepted.company_name)).toBeLessThan(position(refused.company_name));
  await axeAtBothWidths(console_, "invitation-queue");

  // Refusing needs a reason, which is mailed to the master.
  await console_.getByRole("button", { name: `Ablehnen: ${refused.company_name}` }).click();
  const dialog = console_.getByRole("dialog", { name: `Einladung von ${refused.company_name} ablehnen` });
  await expect(dialog).toContainText(`${master.companyName} erhält den Grund per E-Mail.`);
  await dialog.getByRole("button", { name: "Ablehnen" }).click();
  await expect(dialog.getByText("Bitte geben Sie einen Grund für die Ablehnung an.")).toBeVisible();
  expect(await seriousAxeViolations(console_)).toEqual([]);
  if (shots) await console_.screenshot({ path: `${shots}/invitation-refuse-dialog-1280.png` });
  const reason = "Die Backstube gehört nicht zu Ihrem Franchisenetz.";
  await dialog.getByLabel(/^Grund/).fill(reason);
  await dialog.getByRole("button", { name: "Ablehnen" }).click();
  await expect(dialog).toBeHidden();
  await expect(invitationCard(console_, refused.company_name)).toHaveCount(0);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const mails = (
    await (
      await request.get(`/api/admin/mails?search=${encodeURIComponent(master.email)}`, { headers })
    ).json()
  ).data as { id: number }[];
  const texts = await Promise.all(
    mails.map(
      async (m) => (await (await request.get(`/api/admin/mails/${m.id}`, { headers })).json()).data.text,
    ),
  );
  expect(texts.some((text: string) => text.includes(reason))).toBe(true);

  // Approving mails the invited company its link.
  await console_.getByRole("button", { name: `Freigeben: ${accepted.company_name}` }).click();
  await expect(console_.getByText(`${accepted.company_name} ist freigegeben`)).toBeVisible();
  await expect(first).toHaveCount(0);
  await console_.getByRole("combobox", { name: "Status" }).click();
  await console_.getByRole("option", { name: "Link versendet" }).click();
  await expect(first).toContainText("Link versendet");
  await expect(first).toContainText("Link gültig bis");
  await console_.getByRole("combobox", { name: "Status" }).click();
  await console_.getByRole("option", { name: "Abgelehnt" }).click();
  await expect(invitationCard(console_, refused.company_name)).toContainText(reason);
  await team.close();

  // The franchisee opens the mailed link: the master's name, the invitation's data prefilled.
  const { path } = await invitationLink(request, accepted.email);
  expect(path).toMatch(/^\/de\/register\/slave\?token=/);
  await page.goto(path);
  await expect(
    page.getByRole("heading", { level: 1, name: "Als Franchisenehmer registrieren" }),
  ).toBeVisible();
  await expect(
    page.getByText(`Sie wurden von ${master.companyName} eingeladen, Stempla als Franchisenehmer zu nutzen.`),
  ).toBeVisible();
  await expect(page.getByText(/Ihr Einladungslink gilt bis zum/)).toBeVisible();
  await expect(page.getByLabel(/^Firmenname/)).toHaveValue(accepted.company_name);
  await axeAtBothWidths(page, "register-slave-business");
  await page.getByRole("combobox", { name: "Rechtsform" }).click();
  await page.getByRole("option", { name: "GmbH", exact: true }).click();
  await page.getByRole("button", { name: "Weiter" }).click();

  // Login details: the invitation's address, fixed; the contact person is required.
  const email = page.getByLabel(/^E-Mail-Adresse/);
  await expect(email).toHaveValue(accepted.email);
  await expect(email).toHaveAttribute("readonly", "");
  await expect(
    page.getByText(/Die Kontaktperson muss in Ihrem Unternehmen eingetragene Geschäftsführerin/),
  ).toBeVisible();
  await expect(page.getByLabel(/^Vorname/)).toHaveValue("Jana");
  await page.getByLabel(/^Nachname/).fill("");
  await page
    .getByLabel(/^Passwort/)
    .first()
    .fill("geheim-123");
  await page.getByLabel(/^Passwort wiederholen/).fill("geheim-123");
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.getByText("Bitte geben Sie Vor- und Nachnamen der Kontaktperson ein.")).toBeVisible();
  await axeAtBothWidths(page, "register-slave-user");
  await page.getByLabel(/^Nachname/).fill("Berger-Lindholm");
  await page.getByRole("button", { name: "Weiter" }).click();

  await page.getByLabel(/^Straße/).fill("Mönckebergstraße");
  await page.getByLabel(/^Hausnummer/).fill("7");
  await page.getByLabel(/^Postleitzahl/).fill("20095");
  await page.getByLabel(/^Ort/).fill("Hamburg");
  await page.getByLabel(/^Telefon/).fill("40 3330100");
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Kostenpflichtig registrieren" }).click();

  // The same confirmation as every registration; the usual confirmation mail goes out.
  await expect(page.getByRole("dialog", { name: "Fast geschafft!" })).toBeVisible();
  await expect(page.getByText(`Wir haben eine E-Mail an ${accepted.email} gesendet.`)).toBeVisible();
  await axeAtBothWidths(page, "register-slave-done");

  // The link is single-use: opened again, it says what to do.
  consoleErrors.expect(failedResource(404));
  await page.goto(path);
  await expect(
    page.getByRole("heading", { level: 1, name: "Dieser Einladungslink gilt nicht mehr" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Zur Anmeldung" })).toBeVisible();

  // Confirming the address signs the franchisee in, and the set-up wizard starts.
  const verify = new URL(await mailedLink(request, accepted.email, "login?verify"));
  await page.goto(verify.pathname + verify.search);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await expect(
    page.getByRole("heading", { name: "In wenigen Schritten zur digitalen Stempelkarte" }),
  ).toBeVisible();

  // Its location forms say that another legal entity's location does not belong here.
  await page.getByLabel(/^Name des Standorts/).fill("Backhaus Nord Altona");
  await page.getByRole("button", { name: "Weiter", exact: true }).click();
  await page.getByRole("button", { name: "Geschäftsadresse übernehmen" }).click();
  await page.getByRole("button", { name: "Weiter", exact: true }).click();
  await expect(page.getByTestId("location-entity-note")).toContainText(
    "Einen Standort einer anderen juristischen Person können Sie hier nicht hinzufügen",
  );
  await axeAtBothWidths(page, "franchisee-location-confirm");

  // Signed in again from the login page, the franchisee continues its set-up.
  const later = await browser.newContext();
  const again = await later.newPage();
  consoleErrors.watch(again);
  await logIn(again, accepted.email, "geheim-123");
  await expect(again).toHaveURL(/\/de\/dashboard$/);
  await expect(again.getByTestId("location-summary")).toContainText("Backhaus Nord Altona");
  await later.close();
});

test("a refusal of the server lands on its field: the invited address got an account meanwhile", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const id = run();
  const master = await createMaster(request, `Eiskette ${id}`);
  const invitee = newInvitee(`Eisdiele Süd ${id}`);
  const { path } = await inviteAndApprove(request, master, invitee);
  // The invited person registered an ordinary account with the same address in the meantime.
  const own = await request.post("/api/v2/dashboard/register", {
    headers: { "x-forwarded-for": "10.77.1.9" },
    data: {
      type: "partner",
      email: invitee.email,
      password: "geheim-123",
      password_confirmation: "geheim-123",
      company_name: "Eisdiele Eigen",
      legal_form_id: 1,
      street: "Hauptstraße",
      building: "3",
      postcode: "79098",
      city: "Freiburg",
      country: "DE",
      phone_number: "761 123456",
      contract_accepted: true,
    },
  });
  expect(own.status()).toBe(201);

  consoleErrors.expect(failedResource(409));
  await page.goto(path);
  await page.getByRole("combobox", { name: "Rechtsform" }).click();
  await page.getByRole("option", { name: "GmbH", exact: true }).click();
  await page.getByRole("button", { name: "Weiter" }).click();
  await page
    .getByLabel(/^Passwort/)
    .first()
    .fill("geheim-123");
  await page.getByLabel(/^Passwort wiederholen/).fill("geheim-123");
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByLabel(/^Straße/).fill("Bertoldstraße");
  await page.getByLabel(/^Hausnummer/).fill("12");
  await page.getByLabel(/^Postleitzahl/).fill("79098");
  await page.getByLabel(/^Ort/).fill("Freiburg");
  await page.getByLabel(/^Telefon/).fill("761 654321");
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Kostenpflichtig registrieren" }).click();

  // Back on the step with the address, the server's message on the field.
  const email = page.getByLabel(/^E-Mail-Adresse/);
  await expect(email).toHaveValue(invitee.email);
  await expect(email).toHaveAccessibleDescription(new RegExp(translate("franchise.emailTaken", "de")));
  await expect(page.getByText(translate("franchise.emailTaken", "de"))).toBeVisible();
});

test("links that do not open the registration each say what to do, in German and English", async ({
  page,
  consoleErrors,
}) => {
  // Cut short: no valid code in the link, so nothing is asked of the server.
  await page.goto("/de/register/slave?token=abc");
  await expect(
    page.getByRole("heading", { level: 1, name: "Dieser Einladungslink ist unvollständig" }),
  ).toBeVisible();
  await expect(
    page.getByText("Öffnen Sie den Link bitte direkt aus der Einladungs-E-Mail.", { exact: false }),
  ).toBeVisible();
  await axeAtBothWidths(page, "register-slave-incomplete");

  // Unknown (or used, or replaced by a newer link): the server answers 404.
  consoleErrors.expect(failedResource(404));
  await page.goto(`/en/register/slave?token=${"x".repeat(43)}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "This invitation link is no longer valid" }),
  ).toBeVisible();
  await expect(page.getByText(/ask your franchisor to send you the invitation again/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to login" })).toHaveAttribute("href", "/en/login");
  await axeAtBothWidths(page, "register-slave-invalid-en");

  // Expired: a link's 14-day expiry cannot pass in a browser test, so the server's 410 answer
  // (as modules/franchise/invitation.test.ts asserts it) is played back for this page.
  consoleErrors.expect(/status of 410/);
  await page.route("**/api/v2/invitations/check", (route) =>
    route.fulfill({
      status: 410,
      contentType: "application/json",
      body: JSON.stringify({ code: "invitation_expired", message: translate("invitation.expired", "de") }),
    }),
  );
  await page.goto(`/de/register/slave?token=${"y".repeat(43)}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Dieser Einladungslink ist abgelaufen" }),
  ).toBeVisible();
  await expect(
    page.getByText(/Bitten Sie Ihren Franchisegeber, Ihnen die Einladung erneut zu senden/),
  ).toBeVisible();
  await axeAtBothWidths(page, "register-slave-expired");
});
