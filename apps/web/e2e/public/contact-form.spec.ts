import { expect, failedResource, gotoBeforeHydration, holdPageChunk, test } from "../support/fixtures.ts";

test("the contact form shows field messages and sends a valid message", async ({ page }) => {
  await page.goto("/de/contact-us?topic=sales");
  await page.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page.getByText("Bitte geben Sie Ihren Namen ein (mindestens 2 Zeichen).")).toBeVisible();
  await expect(page.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.")).toBeVisible();
  await expect(page.getByText("Bitte stimmen Sie der Verarbeitung Ihrer Angaben zu.")).toBeVisible();

  await page.getByLabel("Ihr Name").fill("Jana Berger");
  await page.getByLabel("E-Mail-Adresse").fill("jana@baeckerei-berger.de");
  await page
    .getByLabel("Ihre Nachricht")
    .fill("Wir haben drei Filialen und interessieren uns für die Stempelkarte.");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Nachricht senden" }).click();

  await expect(page.getByText("Vielen Dank für Ihre Nachricht!")).toBeVisible();
  await expect(page.getByText(/unter der Nummer #\d+ bei uns eingegangen/)).toBeVisible();
});

test("the server's field messages appear on the field", async ({ page, consoleErrors }) => {
  // The browser's checks pass; the server still refuses a number it cannot read as a phone (the
  // browser logs the 422).
  consoleErrors.expect(failedResource(422));
  await page.route("**/api/v2/contact", (route) =>
    route.fulfill({
      status: 422,
      contentType: "application/json",
      body: JSON.stringify({
        code: "validation_failed",
        message: "Please check the highlighted fields.",
        errors: { email: ["This email address is already in the system."] },
      }),
    }),
  );
  await page.goto("/en/contact-us");
  await page.getByLabel("Your name").fill("Tom Baker");
  await page.getByLabel("Email address").fill("tom@example.com");
  await page.getByRole("combobox", { name: "Topic" }).click();
  await page.getByRole("option", { name: "Press" }).click();
  await page.getByLabel("Your message").fill("Could we write about your product?");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("This email address is already in the system.")).toBeVisible();
});

test("a message typed and ticked before the page is hydrated is sent as it shows", async ({ page }) => {
  const release = await holdPageChunk(page, "contact-page");
  await gotoBeforeHydration(page, "/de/contact-us?topic=sales");
  await page.getByLabel("Ihr Name").fill("Jana Berger");
  await page.getByLabel("E-Mail-Adresse").fill("jana@baeckerei-berger.de");
  await page.getByLabel("Ihre Nachricht").fill("Wir möchten die Stempelkarte in zwei Filialen nutzen.");
  await page.getByRole("checkbox").check();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("checkbox")).toBeChecked();
  await page.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page.getByText("Vielen Dank für Ihre Nachricht!")).toBeVisible();
});
