import { readFile } from "node:fs/promises";
import { formatMoney, MINIMUM_MONTHLY_CENTS_PER_LOCATION } from "@stempla/domain";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { confirmedPartner, logIn } from "../support/accounts.ts";
import { axeAtBothWidths, DESKTOP, expect, failedResource, PHONE, shots, test } from "../support/fixtures.ts";

const minimum = formatMoney(MINIMUM_MONTHLY_CENTS_PER_LOCATION, "de");

test("a partner adds a location, sets opening hours and the PIN, and downloads a QR code that decodes to its scan URL", async ({
  page,
  request,
}) => {
  // A long journey (QR downloads decoded, axe at two widths): it ran out of 30 s in CI under load.
  test.setTimeout(90_000);
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
  // The form says what a location costs and that it gets a staff PIN before anything is created.
  await expect(dialog.getByTestId("location-cost-note")).toHaveText(
    `Jeder Standort kostet mindestens ${minimum} im Monat zzgl. MwSt., auch in Monaten mit wenigen Scans.`,
  );
  await expect(dialog.getByTestId("location-pin-note")).toContainText("eigene Mitarbeiter-PIN");
  if (shots) {
    await page.screenshot({ path: `${shots}/location-add-form-1280.png` });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${shots}/location-add-form-390.png` });
    await page.setViewportSize(DESKTOP);
  }
  await dialog.getByRole("button", { name: "Standort anlegen" }).click();

  // Creating it is confirmed with the monthly minimum; "back" keeps the answers.
  const confirmation = dialog.getByTestId("location-cost-confirmation");
  await expect(confirmation).toContainText(
    `Mit dem Anlegen von „Eisdiele Frost Altstadt“ erhöht sich Ihre Monatsrechnung um mindestens ${minimum} zzgl. MwSt.`,
  );
  await expect(dialog.getByText("Standort kostenpflichtig anlegen?")).toBeVisible();
  if (shots) {
    await page.screenshot({ path: `${shots}/location-add-confirm-1280.png` });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${shots}/location-add-confirm-390.png` });
    await page.setViewportSize(DESKTOP);
  }
  await dialog.getByRole("button", { name: "Zurück zum Formular" }).click();
  await expect(dialog.getByLabel(/^Name des Standorts/)).toHaveValue("Eisdiele Frost Altstadt");
  await dialog.getByRole("button", { name: "Standort anlegen" }).click();
  await dialog.getByRole("button", { name: "Ja, Standort anlegen" }).click();

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

  // The three printables, each a PDF named after the location and the size.
  for (const [label, file] of [
    ["A5-Aushang", "qr-eisdiele-frost-altstadt.pdf"],
    ["A6-Tischaufsteller", "qr-eisdiele-frost-altstadt-a6-tent.pdf"],
    ["Runder Aufkleber", "qr-eisdiele-frost-altstadt-sticker.pdf"],
  ]) {
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: `${label} als PDF herunterladen` }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(file);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe("%PDF-");
  }

  await axeAtBothWidths(page, "location-detail");

  // The list shows the location with its state and limit.
  await page.getByRole("link", { name: "← Alle Standorte" }).click();
  const card = page.getByRole("link", { name: /Eisdiele Frost Altstadt/ });
  await expect(card).toContainText("Vorübergehend geschlossen");
  await expect(card).toContainText("3× in 12 Std.");
});

test.describe("in a browser set to American English", () => {
  // The native time input would show 7:00 PM here; the hours are typed and shown as 19:00.
  test.use({ locale: "en-US" });

  test("opening hours are typed in 24-hour form, checked at the field and copied to every day", async ({
    page,
    request,
  }) => {
    const partner = await confirmedPartner(request, "Bäckerei Korn");
    const login = await request.post("/api/v2/dashboard/login", {
      data: { email: partner.email, password: partner.password },
    });
    const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
    const created = await request.post("/api/v2/dashboard/shop", {
      headers,
      data: {
        name: "Bäckerei Korn Markt",
        street: "Markt",
        building: "3",
        postcode: "60311",
        city: "Frankfurt am Main",
      },
    });
    const id = (await created.json()).data.id as number;
    await logIn(page, partner.email, partner.password);
    await expect(page.getByRole("link", { name: "Standorte", exact: true })).toBeVisible();
    await page.goto(`/de/locations/${id}`);

    await page.getByRole("switch", { name: "Montag" }).check();
    const from = page.getByLabel("Montag, Zeitraum 1: von");
    const to = page.getByLabel("Montag, Zeitraum 1: bis");
    await expect(from).toHaveValue("09:00");
    await expect(from).toHaveAttribute("inputmode", "numeric");
    // Typed on a number pad: the colon comes by itself, a lone hour is completed on leaving.
    await from.fill("");
    await from.pressSequentially("7");
    await from.press("Tab");
    await expect(from).toHaveValue("07:00");
    await to.fill("");
    await to.pressSequentially("1930");
    await expect(to).toHaveValue("19:30");
    await to.press("ArrowUp");
    await expect(to).toHaveValue("19:45");

    // A time that is none is named at the field as soon as it is left.
    await from.fill("25:00");
    await from.press("Tab");
    await expect(page.getByText("Bitte geben Sie Uhrzeiten im Format HH:MM ein.")).toBeVisible();
    await from.fill("0700");
    await expect(page.getByText("Bitte geben Sie Uhrzeiten im Format HH:MM ein.")).toHaveCount(0);

    // Monday's hours for the working week, then for every day.
    await page.getByRole("button", { name: "Zeiten übertragen (Montag)" }).click();
    await page.getByRole("menuitem", { name: "Auf Montag bis Freitag" }).click();
    await expect(page.getByText("Die Zeiten von Montag gelten jetzt für Montag bis Freitag.")).toBeVisible();
    await expect(page.getByLabel("Freitag, Zeitraum 1: bis")).toHaveValue("19:45");
    await expect(page.getByRole("switch", { name: "Samstag" })).not.toBeChecked();
    await page.getByRole("button", { name: "Zeiten übertragen (Montag)" }).click();
    await page.getByRole("menuitem", { name: "Auf alle Tage" }).click();
    await expect(page.getByRole("switch", { name: "Sonntag" })).toBeChecked();
    await expect(page.getByLabel("Sonntag, Zeitraum 1: von")).toHaveValue("07:00");
    await page.getByLabel("Sonntag, Zeitraum 1: bis").fill("24");
    await page.getByLabel("Sonntag, Zeitraum 1: bis").press("Tab");
    await expect(page.getByLabel("Sonntag, Zeitraum 1: bis")).toHaveValue("24:00");
    await axeAtBothWidths(page, "location-hours");

    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    await expect(page.getByText("Der Standort wurde gespeichert.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Mittwoch, Zeitraum 1: von")).toHaveValue("07:00");
    await expect(page.getByLabel("Sonntag, Zeitraum 1: bis")).toHaveValue("24:00");
    const saved = await request.get(`/api/v2/dashboard/shop/${id}`, { headers });
    expect((await saved.json()).data.working_hours).toMatchObject({
      mon: [{ from: "07:00", to: "19:45" }],
      sat: [{ from: "07:00", to: "19:45" }],
      sun: [{ from: "07:00", to: "24:00" }],
    });
  });
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
  // The sign-in must have landed before the next navigation, or that one goes to the login page.
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/de/locations/${id}`);
  await expect(
    page.getByText("Diesen Standort gibt es nicht oder er gehört nicht zu Ihrem Konto."),
  ).toBeVisible();
  await expect(page.getByText("Geheimer Laden")).toHaveCount(0);
});
