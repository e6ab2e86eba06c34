import type { Page } from "@playwright/test";
import { DEMO_PARTNER } from "../support/accounts.ts";
import { expect, gotoBeforeHydration, holdPageChunk, test } from "../support/fixtures.ts";

// The public pages come from the server as complete HTML and are hydrated by the same components
// (docs/decisions/012-server-rendered-public-pages.md). A hydration mismatch is a console error in
// the browser, so the fixture's console check fails these tests on one.

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page and the pricing page show their content", async ({ page }) => {
    await page.goto("/de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Stammkunden gewinnen – mit der digitalen Stempelkarte",
    );
    await expect(page.getByRole("link", { name: "Anmelden" }).first()).toBeVisible();
    await page.goto("/de/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Faire Preise: Sie zahlen pro Scan");
    await expect(page).toHaveTitle("Preise · Stempla");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/de\/pricing$/);
  });
});

/** Waits until the page's scripts have run and their requests (chunks, texts) have ended. */
async function hydrated(page: Page) {
  await page.waitForLoadState("networkidle");
}

test("a server-rendered page is hydrated in place: no element replaced, no console error", async ({
  page,
}) => {
  // The heading the HTML parser inserts, caught before any script runs, must still be the page's
  // heading after hydration: React adopted the server's DOM instead of rendering it again.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const heading = document.querySelector("h1");
      if (!heading) return;
      (window as unknown as { serverHeading: Element }).serverHeading = heading;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/de/pricing");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Faire Preise: Sie zahlen pro Scan");
  const same = await page.evaluate(() => {
    const server = (window as unknown as { serverHeading?: Element }).serverHeading;
    return server?.isConnected === true && server === document.querySelector("h1");
  });
  expect(same).toBe(true);
  // Hydrated: React answers events (the language switch is a client-side navigation).
  await page.getByRole("group", { name: "Sprache" }).getByRole("link", { name: "EN" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fair pricing: you pay per scan");
});

test("after hydration, links navigate in the page and the language switch works", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/de/pricing");
  await hydrated(page);
  // A client-side navigation keeps the document: this marker survives it, a full load would not.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "Häufige Fragen" }).click();
  await expect(page).toHaveURL(/\/de\/faq$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Häufige Fragen");
  await expect(page).toHaveTitle("Häufige Fragen · Stempla");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  await page.getByRole("group", { name: "Sprache" }).getByRole("link", { name: "EN" }).click();
  await expect(page).toHaveURL(/\/en\/faq$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle("Frequently asked questions · Stempla");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/en\/faq$/);
  await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute("href", /\/de\/faq$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("the server-rendered login form signs in after hydration", async ({ page }) => {
  await page.goto("/de/login");
  await hydrated(page);
  await page.getByLabel("E-Mail-Adresse").fill(DEMO_PARTNER.email);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO_PARTNER.password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/dashboard$/, { timeout: 15_000 });
});

test("what a visitor types before the page is hydrated is what the form sends", async ({ page }) => {
  const release = await holdPageChunk(page, "login-page");
  await gotoBeforeHydration(page, "/de/login");
  // As a visitor or their password manager would, while the page is not live yet.
  await page.getByLabel("E-Mail-Adresse").fill(DEMO_PARTNER.email);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO_PARTNER.password);
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByLabel("E-Mail-Adresse")).toHaveValue(DEMO_PARTNER.email);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/dashboard$/, { timeout: 15_000 });
});

test("a form submitted before the page is hydrated is sent once it is: no reload, nothing typed lost", async ({
  page,
}) => {
  const release = await holdPageChunk(page, "login-page");
  await gotoBeforeHydration(page, "/de/login");
  let loads = 0;
  page.on("load", () => loads++);
  const logins: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/v2/dashboard/login")) {
      logins.push(request.postData() ?? "");
    }
  });
  await page.getByLabel("E-Mail-Adresse").fill(DEMO_PARTNER.email);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO_PARTNER.password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  // Held: the browser did not send the form itself (which would reload /de/login?), and the
  // button shows that the press was taken.
  await expect(page.getByRole("button", { name: "Anmelden", exact: true })).toHaveCSS("cursor", "progress");
  await expect(page.getByLabel("E-Mail-Adresse")).toHaveValue(DEMO_PARTNER.email);
  expect(page.url()).toMatch(/\/de\/login$/);
  release();
  await expect(page).toHaveURL(/\/de\/dashboard$/, { timeout: 15_000 });
  expect(loads).toBe(0);
  expect(logins).toHaveLength(1);
  expect(JSON.parse(logins[0]!)).toMatchObject({ email: DEMO_PARTNER.email });
});

test("the registration form comes with its legal forms: the select works without asking the API for them", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/v2/legalForm")) asked.push(request.url());
  });
  await page.goto("/de/register");
  await expect(page.getByRole("combobox", { name: "Rechtsform" })).toBeEnabled();
  await hydrated(page);
  await page.getByRole("combobox", { name: "Rechtsform" }).click();
  await page.getByRole("option", { name: "GmbH", exact: true }).click();
  await expect(page.getByRole("combobox", { name: "Rechtsform" })).toHaveValue("GmbH");
  expect(asked).toEqual([]);
});

test("a signed-in visitor's public page hydrates signed out, then shows the dashboard button", async ({
  page,
}) => {
  await page.goto("/de/login");
  await page.getByLabel("E-Mail-Adresse").fill(DEMO_PARTNER.email);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO_PARTNER.password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/dashboard$/, { timeout: 15_000 });
  await page.goto("/de/pricing");
  await hydrated(page);
  await expect(page.getByRole("link", { name: "Dashboard" }).first()).toBeVisible();
});
