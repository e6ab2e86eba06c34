import { expect, failedResource, test } from "../support/fixtures.ts";

test("the language switch keeps the page, and the choice is remembered", async ({ page, context }) => {
  await page.goto("/de/pricing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Faire Preise: Sie zahlen pro Scan");
  // The product's numbers come with the server-rendered page in its language, and follow a switch.
  await expect(page.getByText("Digitale Speisekarte optional: 36,00 € pro Standort und Monat")).toBeVisible();
  await page.getByText("EN", { exact: true }).click();
  await expect(page).toHaveURL(/\/en\/pricing$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fair pricing: you pay per scan");
  await expect(page.getByText("Digital menu optional: €36.00 per location and month")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  const cookie = (await context.cookies()).find((c) => c.name === "locale");
  expect(cookie?.value).toBe("en");
  // 365 days, give or take the test's own run time.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

  await page.goto("/");
  await expect(page).toHaveURL(/\/en$/);
  await page.goto("/faq");
  await expect(page).toHaveURL(/\/en\/faq$/);
});

test("without a cookie, a path without locale follows the browser's language", async ({ browser }) => {
  const english = await browser.newContext({ locale: "en-GB" });
  const page = await english.newPage();
  await page.goto("/contact-us");
  await expect(page).toHaveURL(/\/en\/contact-us$/);
  await english.close();

  const french = await browser.newContext({ locale: "fr-FR" });
  const other = await french.newPage();
  await other.goto("/");
  await expect(other).toHaveURL(/\/de$/);
  await french.close();
});

test("an unknown path shows the 404 page with status 404", async ({ page, consoleErrors }) => {
  const response = await page.goto("/de/diese-seite-gibt-es-nicht");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Diese Seite konnte nicht gefunden werden",
  );
  await expect(page.getByText("404", { exact: true })).toBeVisible();

  const english = await page.goto("/en/no/such/page");
  expect(english?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");

  // The browser reports the 404 document itself; nothing else may fail.
  consoleErrors.expect(failedResource(404), 2);
});

test("a page whose parameter fails validation is the 404 page with status 404", async ({
  page,
  consoleErrors,
}) => {
  for (const path of ["/de/locations/abc", "/de/admin/partners/0"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Diese Seite konnte nicht gefunden werden",
    );
    // Signed out, the page is not sent to the login either: there is no such page.
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  consoleErrors.expect(failedResource(404), 2);
});

test("a page reached by a link that does not exist also shows the 404 page", async ({ page }) => {
  await page.goto("/de");
  await page.evaluate(() => {
    window.history.pushState({}, "", "/de/nicht-da");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Diese Seite konnte nicht gefunden werden",
  );
});
