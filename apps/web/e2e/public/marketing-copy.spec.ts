import type { ProviderInfo } from "@stempla/domain";
import { expect, test } from "../support/fixtures.ts";

test("the support cards show the configured phone number and support email, on the home and contact pages", async ({
  page,
  request,
}) => {
  const provider: ProviderInfo = (await (await request.get("/api/v2/provider")).json()).data;
  await page.goto("/de#support-contact");
  const support = page.locator("#support-contact");
  await expect(support.getByRole("link", { name: provider.phone })).toHaveAttribute(
    "href",
    `tel:${provider.phone.replace(/[^\d+]/g, "")}`,
  );
  await expect(support.getByRole("link", { name: provider.support_email })).toHaveAttribute(
    "href",
    `mailto:${provider.support_email}`,
  );
  await expect(support.getByText("Mo–Fr 08:00–18:00 Uhr")).toBeVisible();

  await page.goto("/en/contact-us");
  await expect(page.getByRole("link", { name: provider.phone })).toBeVisible();
  await expect(page.getByRole("link", { name: provider.support_email })).toBeVisible();
});

test("the digital-menu page ends with its own call to action", async ({ page }) => {
  await page.goto("/de/digital-menu");
  await expect(
    page.getByRole("heading", { name: "Die digitale Speisekarte für Ihre Standorte" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Fragen zur Speisekarte" }).click();
  await expect(page).toHaveURL(/\/de\/contact-us\?topic=sales$/);
});

test("the home page says what the minimum per location is, next to 'no base fee'", async ({ page }) => {
  await page.goto("/en");
  await expect(page.getByText("from €6.00 per location and month, 50 scans included")).toBeVisible();
  await page.goto("/de");
  await expect(page.getByText("ab 6,00\u00a0€ je Standort und Monat, 50 Scans inklusive")).toBeVisible();
});

test("after the language switch the texts state the numbers in the new language's format", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/de/pricing");
  await expect(page.getByText("Mindestlaufzeit 12 Monate")).toBeVisible();
  await expect(
    page.getByText("Digitale Speisekarte optional: 36,00\u00a0€ pro Standort und Monat"),
  ).toBeVisible();
  await page.getByText("EN", { exact: true }).click();
  await expect(page).toHaveURL(/\/en\/pricing$/);
  await expect(page.getByText("Digital menu optional: €36.00 per location and month")).toBeVisible();
});
