import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { approveAccount, confirmedPartner } from "../support/accounts.ts";
import { DESKTOP, expect, PHONE, seriousAxeViolations, shots, test } from "../support/fixtures.ts";
import { completeSetUp } from "../support/partner-setup.ts";
import { decodePosterQr } from "../support/qr-poster.ts";

// Issue 13, "Done means": a guest scans the printed poster with the phone camera (no app) and lands
// on the partner's card with the ways to collect (docs/product.md, "Scan landing").

const OFFER = "Ein Brötchen gratis";

/** The page fits its width: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test("a guest scans the printed A5 poster with the phone camera and lands on the partner's card with both app stores", async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const name = `Backstube Morgenrot ${Date.now()}`;
  const account = await confirmedPartner(request, name);
  const partner = await completeSetUp(request, account.email, account.password);
  await partner.call("post", `/dashboard/partner/${partner.partnerId}`, { description: OFFER, points: 10 });
  const shop = await partner.call("get", `/dashboard/shop/${partner.shopId}`);
  const code = new URL(shop.scan_url).pathname.split("/").pop()!;

  // Before the approval the printed code says the card is not active yet, and shows nothing of it.
  await page.setViewportSize(PHONE);
  await page.goto(shop.scan_url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Diese Bonuskarte ist gerade nicht aktiv");
  await expect(page.getByText(name)).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/scan-landing-inactive-390.png`, fullPage: true });

  await approveAccount(request, partner.companyId);

  // The partner downloads the poster; what the camera reads from its first page is the scan URL.
  const login = await request.post("/api/v2/dashboard/login", {
    data: { email: account.email, password: account.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const pdf = await request.get(`/api/v2/dashboard/shop/${partner.shopId}/qr/pdf`, { headers });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const poster = decodePosterQr(await pdf.body());
  if (shots) writeFileSync(`${shots}/scan-landing-poster.png`, poster.png);
  expect(poster.url).toBe(shop.scan_url);

  // The phone's browser opens the decoded address (German phone: German page).
  await page.goto(poster.url!);
  await expect(page).toHaveURL(poster.url!);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText(`Jeder 11. Besuch: ${OFFER}`)).toBeVisible();
  await expect(
    page.getByText("Sammeln Sie 10 Punkte: Bei Ihrem 11. Besuch erhalten Sie die Prämie."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Filiale Altstadt" })).toBeVisible();
  await expect(page.getByText("Römerberg 12, 60311 Frankfurt am Main")).toBeVisible();
  await expect(page.getByRole("row", { name: /^Montag.*07:00–18:00$/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /^Sonntag.*geschlossen$/ })).toBeVisible();
  const stores = page.getByRole("group", { name: "Stempla-App herunterladen" });
  await expect(stores.getByRole("link", { name: /App Store/ })).toHaveAttribute(
    "href",
    /^https:\/\/apps\.apple\.com\//,
  );
  await expect(stores.getByRole("link", { name: /Google Play/ })).toHaveAttribute(
    "href",
    /^https:\/\/play\.google\.com\//,
  );
  await expect(page.getByRole("link", { name: "In der App öffnen" })).toHaveAttribute(
    "href",
    `stempla://s/${code}`,
  );
  // Nothing for businesses on the guest's page.
  await expect(page.getByRole("link", { name: /Preise|Registrieren|Anmelden|Produkte/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/scan-landing-390.png`, fullPage: true });

  await page.setViewportSize(DESKTOP);
  await expectNoSidewaysScroll(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/scan-landing-1280.png`, fullPage: true });

  // An English phone gets the English page.
  const english = await browser.newContext({ locale: "en-GB", viewport: PHONE });
  const guest = await english.newPage();
  consoleErrors.watch(guest);
  await guest.goto(poster.url!);
  await expect(guest.locator("html")).toHaveAttribute("lang", "en");
  await expect(guest.getByText("Collect 10 points: the reward is yours on your 11th visit.")).toBeVisible();
  await expect(guest.getByRole("link", { name: "Download on the App Store" })).toBeVisible();
  await expect(guest.getByRole("link", { name: "Get it on Google Play" })).toBeVisible();
  await expect(guest.getByRole("link", { name: "Open in the app" })).toBeVisible();
  if (shots) await guest.screenshot({ path: `${shots}/scan-landing-en-390.png`, fullPage: true });
  await english.close();
});

test("an unknown code is a 404 page in the guest's language", async ({ page, consoleErrors }) => {
  consoleErrors.expect(/Failed to load resource: the server responded with a status of 404/);
  await page.setViewportSize(PHONE);
  const res = await page.goto("/s/unbekannterCode1");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Diesen Code kennen wir nicht");
  await expectNoSidewaysScroll(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/scan-landing-404-390.png`, fullPage: true });
});
