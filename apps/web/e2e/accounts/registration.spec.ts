import { ACCOUNT } from "@stempla/domain";
import { logIn, logInToConsole, uniqueEmail } from "../support/accounts.ts";
import { axeAtBothWidths, expect, failedResource, test } from "../support/fixtures.ts";

test("a partner registers through every step, confirms the email from the console's outbox and logs in and out", async ({
  page,
  browser,
}) => {
  // A long journey with axe at both widths, on a machine that runs other suites too.
  test.setTimeout(90_000);
  const email = uniqueEmail("dolce");
  await page.goto("/de/register");

  // Step 1: business
  await page.getByLabel("Firmenname").fill("Eiscafé Dolce");
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.getByText("Bitte wählen Sie eine Rechtsform aus.")).toBeVisible();
  await page.getByRole("combobox", { name: "Rechtsform" }).click();
  await page.getByRole("option", { name: "GmbH", exact: true }).click();
  await page.getByRole("button", { name: "Weiter" }).click();

  // Step 2: user; the hint states the minimum the validation applies. An address already in the
  // system is refused live.
  await expect(
    page.getByText(`Mindestens ${ACCOUNT.passwordMinChars} Zeichen`, { exact: true }),
  ).toBeVisible();
  await axeAtBothWidths(page, "registration-user");
  await page.getByLabel("E-Mail-Adresse").fill("partner@demo.stempla.de");
  await page
    .getByLabel(/^Passwort/)
    .first()
    .fill("geheim123");
  await page.getByLabel("Passwort wiederholen").fill("geheim124");
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.getByText("Diese E-Mail-Adresse ist bereits im System.")).toBeVisible();
  await expect(page.getByText("Die Passwörter müssen übereinstimmen.")).toBeVisible();
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByLabel("Passwort wiederholen").fill("geheim123");
  await page.getByRole("button", { name: "Weiter" }).click();

  // Step 3: billing address; going back keeps what was typed.
  await page.getByLabel(/^Straße/).fill("Hohe Straße");
  await page.getByLabel(/^Hausnummer/).fill("5");
  await page.getByLabel(/^Postleitzahl/).fill("5066");
  await page.getByLabel(/^Ort/).fill("Köln");
  await page.getByLabel(/^Telefon/).fill("221 445566");
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.getByText("Bitte geben Sie eine gültige Postleitzahl ein.")).toBeVisible();
  await page.getByLabel(/^Postleitzahl/).fill("50667");
  await page.getByRole("button", { name: "Zurück" }).click();
  await expect(page.getByLabel("E-Mail-Adresse")).toHaveValue(email);
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.getByLabel(/^Straße/)).toHaveValue("Hohe Straße");

  // A reload keeps the draft, but never the password.
  await page.reload();
  await expect(page.getByLabel(/^Postleitzahl/)).toHaveValue("50667");
  await page.getByRole("button", { name: "Weiter" }).click();

  // The password was not kept across the reload: submitting opens the step that needs it again.
  await page.getByRole("button", { name: "Kostenpflichtig registrieren" }).click();
  await expect(
    page.getByText(`Das Passwort muss mindestens ${ACCOUNT.passwordMinChars} Zeichen lang sein.`),
  ).toBeVisible();
  await page
    .getByLabel(/^Passwort/)
    .first()
    .fill("geheim123");
  await page.getByLabel("Passwort wiederholen").fill("geheim123");
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByRole("button", { name: "Weiter" }).click();

  // Step 4: the contract; its links go to the terms and the privacy policy.
  const form = page.locator("form");
  await expect(form.getByRole("link", { name: "AGB für Partner" })).toHaveAttribute(
    "href",
    "/de/terms-partners",
  );
  await expect(form.getByRole("link", { name: "Datenschutzerklärung" })).toHaveAttribute(
    "href",
    "/de/privacy",
  );
  await page.getByRole("button", { name: "Kostenpflichtig registrieren" }).click();
  await expect(
    page.getByText("Bitte bestätigen Sie den Rahmenvertrag, um sich zu registrieren."),
  ).toBeVisible();
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Kostenpflichtig registrieren" }).click();

  await expect(page.getByRole("dialog", { name: "Fast geschafft!" })).toBeVisible();
  await expect(page.getByText(`Wir haben eine E-Mail an ${email} gesendet.`)).toBeVisible();

  // The provider team sees the new, unconfirmed partner and the confirmation mail in the console.
  const team = await browser.newContext();
  const console_ = await team.newPage();
  await logInToConsole(console_);
  await console_.getByRole("tab", { name: "Partner", exact: true }).click();
  await console_.getByLabel("Suche").fill(email);
  const row = console_.getByRole("row", { name: /Eiscafé Dolce/ });
  await expect(row).toContainText(email);
  // Unconfirmed: black until the address is confirmed (docs/product.md, "Account status").
  await expect(row).toContainText("Nein");
  await expect(row).toContainText("Schwarz");
  await console_.getByRole("tab", { name: "E-Mails" }).click();
  await console_.getByLabel("Suche").fill(email);
  await console_
    .getByRole("row", { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
    .getByRole("button", { name: "Bitte bestätigen Sie Ihre E-Mail-Adresse" })
    .click();
  const link = await console_.getByTestId("mail-text").getByRole("link").first().getAttribute("href");
  expect(link).toMatch(/\/de\/login\?verify=/);
  await team.close();

  // The link confirms and signs the partner in.
  await page.goto(link!.replace(/^https?:\/\/[^/]+/, ""));
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  // A new partner starts in the set-up wizard.
  await expect(
    page.getByRole("heading", { name: "In wenigen Schritten zur digitalen Stempelkarte" }),
  ).toBeVisible();

  // Logout ends on /de; logging in again works.
  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/de$/);
  await expect(page.getByRole("link", { name: "Anmelden" })).toBeVisible();
  await logIn(page, email, "geheim123");
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await expect(page.getByTestId("account-name")).toHaveText("Eiscafé Dolce");
});

test("a login before confirming the email shows the confirmation hint", async ({
  page,
  request,
  consoleErrors,
}) => {
  // The refused login; the browser logs it.
  consoleErrors.expect(failedResource(403));
  const email = uniqueEmail("unconfirmed");
  const res = await request.post("/api/v2/dashboard/register", {
    data: {
      email,
      password: "geheim123",
      password_confirmation: "geheim123",
      company_name: "Blumen Lilie",
      legal_form_id: 5,
      street: "Marktplatz",
      building: "1",
      postcode: "80331",
      city: "München",
      phone_number: "89 111222",
      contract_accepted: true,
    },
  });
  expect(res.status()).toBe(201);
  await logIn(page, email, "geheim123", "en", { lands: false });
  await expect(
    page.getByText(
      "We have just sent you a confirmation email. Please check your inbox and confirm your address.",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/en\/login$/);
});

test("the master registration asks for the contact person", async ({ page }) => {
  await page.goto("/en/register/master");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Register as a franchisor");
  await page.getByLabel("Company name").fill("Backhaus Gruppe");
  await page.getByRole("combobox", { name: "Legal form" }).click();
  await page.getByRole("option", { name: /^AG/ }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Email address").fill(uniqueEmail("master"));
  await page
    .getByLabel(/^Password/)
    .first()
    .fill("geheim123");
  await page.getByLabel("Repeat password").fill("geheim123");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(
    page.getByText("Please enter the contact person's first name and surname.").first(),
  ).toBeVisible();
  await page.getByLabel(/^First name/).fill("Greta");
  await page.getByLabel(/^Surname/).fill("Becker");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Billing address" })).toBeVisible();
});
