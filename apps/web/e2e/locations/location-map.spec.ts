import { confirmedPartner, logIn } from "../support/accounts.ts";
import { expect, seriousAxeViolations, shots, test } from "../support/fixtures.ts";

// Screenshots for a human look, when SCREENSHOT_DIR is set.

test("a partner places the location's pin on the map, types it, resets it to the address and sees it saved", async ({
  page,
  request,
}) => {
  const partner = await confirmedPartner(request, "Rösterei Kompass");
  await logIn(page, partner.email, partner.password);
  await page.getByRole("link", { name: "Standorte", exact: true }).click();
  await page.getByRole("button", { name: "Standort hinzufügen" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^Name des Standorts/).fill("Rösterei Kompass am Dom");
  await dialog.getByLabel(/^Straße/).fill("Domkloster");
  await dialog.getByLabel(/^Hausnummer/).fill("4");
  await dialog.getByLabel(/^Postleitzahl/).fill("50667");
  await dialog.getByLabel(/^Ort/).fill("Köln");
  // Before saving, the map already shows where the postcode lies.
  await expect(dialog.getByLabel("Breitengrad")).toHaveValue("50,9333");
  await expect(dialog.getByTestId("position-source")).toContainText("Ortsmitte zur Postleitzahl");
  await dialog.getByRole("button", { name: "Standort anlegen" }).click();
  // A new location costs money every month, so it is confirmed first.
  await dialog.getByRole("button", { name: "Ja, Standort anlegen" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Rösterei Kompass am Dom" })).toBeVisible();
  const latitude = page.getByLabel("Breitengrad");
  const longitude = page.getByLabel("Längengrad");
  await expect(latitude).toHaveValue("50,9333");
  await expect(longitude).toHaveValue("6,95");
  await expect(page.getByTestId("position-source")).toHaveText("Gespeicherte Position.");
  const map = page.getByTestId("position-map");
  await expect(map.locator(".pin-map-marker")).toBeVisible();

  // A click on the map puts the pin there: north-east of the centre, so both numbers grow.
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height / 2 - 40);
  await expect(page.getByTestId("position-source")).toContainText("Von Ihnen gesetzt");
  const clicked = {
    latitude: Number((await latitude.inputValue()).replace(",", ".")),
    longitude: Number((await longitude.inputValue()).replace(",", ".")),
  };
  expect(clicked.latitude).toBeGreaterThan(50.9333);
  expect(clicked.longitude).toBeGreaterThan(6.95);
  if (shots) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await map.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/location-map-1280.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Der Standort wurde gespeichert.")).toBeVisible();

  // What the API stored is what the click chose, and a reload shows it.
  const saved = await page.evaluate(async (id) => {
    const res = await fetch(`/api/v2/dashboard/shop/${id}`);
    return (await res.json()).data;
  }, page.url().split("/").pop());
  expect({ latitude: saved.latitude, longitude: saved.longitude }).toEqual(clicked);
  await page.reload();
  await expect(page.getByTestId("position-source")).toHaveText("Gespeicherte Position.");
  await expect(latitude).toHaveValue(String(clicked.latitude).replace(".", ","));

  // Changing the phone keeps the pin.
  await page.getByLabel("Telefon (optional)").fill("221 4711");
  await page.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Der Standort wurde gespeichert.")).toBeVisible();
  await page.reload();
  await expect(latitude).toHaveValue(String(clicked.latitude).replace(".", ","));

  // Typed numbers: a wrong one is named on its field; the German decimal comma is understood.
  await latitude.fill("95");
  await expect(page.getByText("Bitte geben Sie einen Breitengrad zwischen -90 und 90 ein")).toBeVisible();
  await latitude.fill("50,9413");
  await longitude.fill("6,9583");
  await expect(page.getByTestId("position-source")).toContainText("Von Ihnen gesetzt");

  // Reset to the address: back to the postcode's position, and saved as such.
  await page.getByRole("button", { name: "Auf Adresse zurücksetzen" }).click();
  await expect(latitude).toHaveValue("50,9333");
  await expect(longitude).toHaveValue("6,95");
  await page.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Der Standort wurde gespeichert.")).toBeVisible();
  await page.reload();
  await expect(latitude).toHaveValue("50,9333");

  if (shots) {
    await page.setViewportSize({ width: 390, height: 844 });
    await map.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/location-map-390.png`, fullPage: true });
  }
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("the company page's address dialog places the business address anew when it changes, and takes a clicked pin", async ({
  page,
  request,
}) => {
  const partner = await confirmedPartner(request, "Kontor Nordstern");
  await logIn(page, partner.email, partner.password);
  // Signed in once the dashboard opens; going on before that finds no session yet.
  await expect(page).toHaveURL(/\/de\/dashboard/);
  await page.goto("/de/company");
  const companyAddress = () =>
    page.evaluate(async () => (await (await fetch("/api/v2/dashboard/company")).json()).data.address);
  const registered = await companyAddress();

  await page.getByRole("button", { name: "Geschäftsadresse ändern" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("position-source")).toHaveText("Gespeicherte Position.");
  await expect(dialog.getByLabel("Breitengrad")).toHaveValue(String(registered.latitude).replace(".", ","));
  await dialog.getByLabel(/^Postleitzahl/).fill("80331");
  await dialog.getByLabel(/^Ort/).fill("München");
  await expect(dialog.getByTestId("position-source")).toContainText("Ortsmitte zur Postleitzahl");
  await expect(dialog.getByLabel("Breitengrad")).toHaveValue("48,1374");
  if (shots) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/company-address-map-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${shots}/company-address-map-1280.png` });
  }
  await dialog.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  expect(await companyAddress()).toMatchObject({ postcode: "80331", latitude: 48.1374, longitude: 11.5755 });

  // A click on the map wins over the derived position.
  await page.getByRole("button", { name: "Geschäftsadresse ändern" }).click();
  const map = dialog.getByTestId("position-map");
  await expect(map.locator(".pin-map-marker")).toBeVisible();
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 - 50, box.y + box.height / 2 + 30);
  await expect(dialog.getByTestId("position-source")).toContainText("Von Ihnen gesetzt");
  await dialog.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  const pinned = await companyAddress();
  expect(pinned.latitude).toBeLessThan(48.1374);
  expect(pinned.longitude).toBeLessThan(11.5755);
});
