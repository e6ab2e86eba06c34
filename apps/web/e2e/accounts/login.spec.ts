import { confirmedPartner, DEMO_ADMIN, DEMO_PARTNER, logIn, mailedLink } from "../support/accounts.ts";
import { expect, failedResource, seriousAxeViolations, test } from "../support/fixtures.ts";

test("a wrong password shows the message", async ({ page, consoleErrors }) => {
  // The refused login; the browser logs it.
  consoleErrors.expect(failedResource(401));
  await logIn(page, DEMO_PARTNER.email, "falsches-passwort", "de", { lands: false });
  await expect(page.getByText("Ihre E-Mail-Adresse oder Ihr Passwort ist falsch.")).toBeVisible();
  await expect(page).toHaveURL(/\/de\/login$/);
});

test("the dashboard sends a signed-out visitor to login and back afterwards", async ({ page }) => {
  await page.goto("/de/dashboard");
  await expect(page).toHaveURL(/\/de\/login\?redirect=%2Fde%2Fdashboard$/);
  await page.getByLabel("E-Mail-Adresse").fill(DEMO_PARTNER.email);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO_PARTNER.password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Willkommen, Café Sonnenschein" })).toBeVisible();
  // The public header now offers the dashboard and logout.
  await page.goto("/de/pricing");
  await expect(page.getByRole("link", { name: "Dashboard" })).toBeVisible();
});

test("a session that the server no longer knows logs out and goes to login", async ({
  page,
  context,
  consoleErrors,
}) => {
  // The request with the unknown session; the browser logs it.
  consoleErrors.expect(failedResource(401));
  await logIn(page, DEMO_PARTNER.email, DEMO_PARTNER.password);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  // Off the dashboard before the session changes: its own requests still on the way would meet the
  // unknown session too, and add 401s of their own to the console (seen once in CI).
  await page.goto("about:blank");
  const cookies = await context.cookies();
  await context.clearCookies();
  await context.addCookies(cookies.map((c) => (c.name === "session" ? { ...c, value: "x".repeat(43) } : c)));
  await page.goto("/de/dashboard");
  await expect(page).toHaveURL(/\/de\/login\?redirect=/);
  expect((await context.cookies()).find((c) => c.name === "signed_in")).toBeUndefined();
});

test("password reset end to end", async ({ page, request, consoleErrors }) => {
  // The used link (422) and the old password (401) are refused; the browser logs both.
  consoleErrors.expect(failedResource(422));
  consoleErrors.expect(failedResource(401));
  const partner = await confirmedPartner(request, "Metzgerei Huber");
  await page.goto("/de/login");
  await page.getByRole("link", { name: "Passwort vergessen?" }).click();
  await expect(page.getByRole("heading", { name: "Passwort zurücksetzen" })).toBeVisible();
  await page.getByLabel("E-Mail-Adresse").fill(partner.email);
  await page.getByRole("button", { name: "Link senden" }).click();
  await expect(page.getByRole("heading", { name: "E-Mail ist unterwegs" })).toBeVisible();

  const link = await mailedLink(request, partner.email, "password/reset?token");
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await page.getByLabel(/^Neues Passwort/).fill("ganz-neu-1");
  await page.getByLabel("Passwort wiederholen").fill("ganz-neu-2");
  await page.getByRole("button", { name: "Passwort speichern und anmelden" }).click();
  await expect(page.getByText("Die Passwörter müssen übereinstimmen.")).toBeVisible();
  await page.getByLabel("Passwort wiederholen").fill("ganz-neu-1");
  await page.getByRole("button", { name: "Passwort speichern und anmelden" }).click();
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  // A new partner starts in the set-up wizard.
  await expect(
    page.getByRole("heading", { name: "In wenigen Schritten zur digitalen Stempelkarte" }),
  ).toBeVisible();

  // The link worked once; the old password is gone, the new one works.
  await page.getByRole("button", { name: "Abmelden" }).click();
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await page.getByLabel(/^Neues Passwort/).fill("drittes-pw");
  await page.getByLabel("Passwort wiederholen").fill("drittes-pw");
  await page.getByRole("button", { name: "Passwort speichern und anmelden" }).click();
  await expect(
    page.getByText("Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an."),
  ).toBeVisible();
  await logIn(page, partner.email, partner.password, "de", { lands: false });
  await expect(page.getByText("Ihre E-Mail-Adresse oder Ihr Passwort ist falsch.")).toBeVisible();
  await logIn(page, partner.email, "ganz-neu-1");
  await expect(page).toHaveURL(/\/de\/dashboard$/);
});

test("a partner who opens the console gets no access", async ({ page }) => {
  await logIn(page, DEMO_PARTNER.email, DEMO_PARTNER.password);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await page.goto("/de/admin");
  await expect(page.getByRole("heading", { name: "Kein Zugriff" })).toBeVisible();
  await expect(page.getByText("Café Sonnenschein")).toHaveCount(0);
});

test("the partner changes the password on the company page", async ({ page, request, consoleErrors }) => {
  // The wrong current password is refused; the browser logs it.
  consoleErrors.expect(failedResource(422));
  const partner = await confirmedPartner(request, "Kiosk Eck");
  await logIn(page, partner.email, partner.password, "en");
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await page.getByRole("link", { name: "Company" }).click();
  await page.getByLabel("Current password").fill("wrong-one");
  await page.getByLabel("New password", { exact: true }).fill("brand-new-1");
  await page.getByLabel("Repeat new password").fill("brand-new-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is not correct.")).toBeVisible();
  await page.getByLabel("Current password").fill(partner.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password was changed.", { exact: false })).toBeVisible();
});

for (const width of [1280, 390]) {
  test(`the dashboard has no serious accessibility problems at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, DEMO_PARTNER.email, DEMO_PARTNER.password);
    await expect(page.getByRole("heading", { name: "Willkommen, Café Sonnenschein" })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test(`the console has no serious accessibility problems at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page.getByRole("tab", { name: "Prüfung", selected: true })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole("tab", { name: "Partner", exact: true }).click();
    await expect(page.getByRole("row", { name: /Café Sonnenschein/ })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole("tab", { name: "E-Mails" }).click();
    await expect(page.getByRole("columnheader", { name: "Betreff" })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
