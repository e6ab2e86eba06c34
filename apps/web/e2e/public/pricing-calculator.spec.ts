import { expect, test } from "../support/fixtures.ts";

test("the calculator prices 2 locations and 102 scans at 12,08 € net", async ({ page }) => {
  await page.goto("/de/pricing");
  await page.getByLabel("Anzahl Standorte").fill("2");
  await page.getByLabel("Scans pro Monat (alle Standorte)").fill("102");
  await expect(page.getByTestId("price-net")).toHaveText("12,08\u00a0€");
  await expect(page.getByTestId("price-vat")).toHaveText("2,30\u00a0€");
  await expect(page.getByTestId("price-gross")).toHaveText("14,38\u00a0€");
  await expect(page.getByText("2 weitere Scans × 0,04\u00a0€")).toBeVisible();
});

test("the digital menu adds 36 € per location, in English too", async ({ page }) => {
  await page.goto("/en/pricing");
  await page.getByLabel("Number of locations").fill("3");
  await page.getByLabel("Scans per month (all locations)").fill("100");
  await expect(page.getByTestId("price-net")).toHaveText("€18.00");
  await page.getByLabel("Add the digital menu").check();
  await page.getByLabel("Locations with a menu").fill("2");
  await expect(page.getByTestId("price-net")).toHaveText("€90.00");
  await expect(page.getByTestId("price-gross")).toHaveText("€107.10");
});

test("the calculator refuses 0 locations on the field and keeps the last price", async ({ page }) => {
  await page.goto("/de/pricing");
  const locations = page.getByLabel("Anzahl Standorte");
  await locations.fill("2");
  await page.getByLabel("Scans pro Monat (alle Standorte)").fill("102");
  await expect(page.getByTestId("price-net")).toHaveText("12,08\u00a0€");
  await locations.fill("0");
  await expect(locations).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Bitte geben Sie mindestens einen Standort an.")).toBeVisible();
  await expect(page.getByTestId("price-net")).toHaveText("12,08\u00a0€");
  await locations.fill("1");
  await expect(page.getByText("Bitte geben Sie mindestens einen Standort an.")).toBeHidden();
});

test("the pricing page ends in the registration, in English too", async ({ page }) => {
  await page.goto("/en/pricing");
  await page.getByRole("link", { name: "Register now" }).click();
  await expect(page).toHaveURL(/\/en\/register$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
