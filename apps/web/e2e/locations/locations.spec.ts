import { readFile } from "node:fs/promises";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { confirmedPartner, logIn } from "../support/accounts.ts";
import { expect, failedResource, seriousAxeViolations, test } from "../support/fixtures.ts";

test("a partner adds a location, sets opening hours and the PIN, and downloads a QR code that decodes to its scan URL", async ({
  page,
  request,
}) => {
  const partner = await confirmedPartner(request, "Eisdiele Frost");
  await logIn(page, partner.email, partner.password);
  await page.getByRole("link", { name: "Standorte", exact: true }).click();
  await expect(page.getByText("Noch keine Standorte")).toBeVisible();

  await page.getByRole("button", { name: "Standort hinzufügen" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^Name des Standorts/).fill("Eisdiele Frost Altstadt");
  await dialog.getByLabel(/^Straße/).fill("Altmarkt");
  await dialog.getByLabel(/^Hausnummer/).fill("2");
  await dialog.getByLabel(/^Postleitzahl/).fill("0106");
  await dialog.getByLabel(/^Ort/).fill("Dresden");
  await dialog.getByRole("button", { name: "Standort anlegen" }).click();
  await expect(dialog.getByText("Bitte geben Sie eine gültige Postleitzahl ein.")).toBeVisible();
  await dialog.getByLabel(/^Postleitzahl/).fill("01067");
  await dialog.getByRole("button", { name: "Standort anlegen" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Eisdiele Frost Altstadt" })).toBeVisible();
  await expect(page.getByText("Altmarkt 2, 01067 Dresden")).toBeVisible();

  // Opening hours: Monday with two ranges; an overlap is refused, then fixed.
  await page.getByRole("switch", { name: "Montag" }).check();
  await page.getByRole("button", { name: "+ Weiteren Zeitraum hinzufügen" }).click();
  await page.getByLabel("Montag, Zeitraum 1: bis").fill("14:00");
  await page.getByLabel("Montag, Zeitraum 2: von").fill("13:00");
  await page.getByLabel("Montag, Zeitraum 2: bis").fill("20:00");
  await page.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Die Zeiten eines Tages dürfen sich nicht überschneiden.")).toBeVisible();
  await page.getByLabel("Montag, Zeitraum 1: bis").fill("12:30");
  await page.getByRole("switch", { name: "Vorübergehend geschlossen" }).check();
  await page.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Der Standort wurde gespeichert.")).toBeVisible();

  // PIN and limit.
  await page.getByLabel(/^Mitarbeiter-PIN/).fill("12a4");
  await page.getByRole("button", { name: "PIN und Limit speichern" }).click();
  await expect(page.getByText("Die PIN besteht aus genau 4 Ziffern.")).toBeVisible();
  await page.getByLabel(/^Mitarbeiter-PIN/).fill("4711");
  await page.getByLabel("Sammlungen pro Kundin/Kunde").fill("3");
  await page.getByLabel("innerhalb von Stunden").fill("12");
  await expect(page.getByTestId("pin-rule")).toHaveText(
    "Pro Kundin oder Kunde sind 3 Sammlungen innerhalb von 12 Stunden ohne PIN möglich.",
  );
  await page.getByRole("button", { name: "PIN und Limit speichern" }).click();
  await expect(page.getByText("PIN und Limit wurden gespeichert.")).toBeVisible();

  // The saved state is what a reload shows.
  await page.reload();
  await expect(page.getByLabel("Montag, Zeitraum 2: von")).toHaveValue("13:00");
  await expect(page.getByRole("switch", { name: "Vorübergehend geschlossen" })).toBeChecked();
  await expect(page.getByLabel("Sammlungen pro Kundin/Kunde")).toHaveValue("3");

  // The QR code as PNG decodes to the scan URL the page shows.
  const scanUrl = await page.getByRole("link", { name: /\/s\// }).textContent();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "PNG" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("qr-eisdiele-frost-altstadt.png");
  const png = PNG.sync.read(await readFile((await download.path())!));
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(scanUrl);

  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "A5-Aushang (PDF)" }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe("qr-eisdiele-frost-altstadt.pdf");
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe("%PDF-");

  expect(await seriousAxeViolations(page)).toEqual([]);

  // The list shows the location with its state and limit.
  await page.getByRole("link", { name: "← Alle Standorte" }).click();
  const card = page.getByRole("link", { name: /Eisdiele Frost Altstadt/ });
  await expect(card).toContainText("Vorübergehend geschlossen");
  await expect(card).toContainText("3× in 12 Std.");
});

test("another partner's location is not found", async ({ page, request, consoleErrors }) => {
  // The request for the location answers 404 (once: a refusal is not asked again); the browser
  // logs it.
  consoleErrors.expect(failedResource(404));
  const owner = await confirmedPartner(request, "Owner GmbH");
  const ownerLogin = await request.post("/api/v2/dashboard/login", {
    data: { email: owner.email, password: owner.password },
  });
  const token = (await ownerLogin.json()).data.token;
  const created = await request.post("/api/v2/dashboard/shop", {
    headers: { authorization: `Bearer ${token}` },
    data: { name: "Geheimer Laden", street: "Weg", building: "1", postcode: "10115", city: "Berlin" },
  });
  const id = (await created.json()).data.id;

  const other = await confirmedPartner(request, "Neugier KG");
  await logIn(page, other.email, other.password);
  await page.goto(`/de/locations/${id}`);
  await expect(
    page.getByText("Diesen Standort gibt es nicht oder er gehört nicht zu Ihrem Konto."),
  ).toBeVisible();
  await expect(page.getByText("Geheimer Laden")).toHaveCount(0);
});
