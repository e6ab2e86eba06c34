import type { Page } from "@playwright/test";
import { PNG } from "pngjs";
import { axeAtBothWidths, expect, failedResource, PHONE, shots, test } from "../support/fixtures.ts";
import { liveSignedInPartner } from "../support/partner-setup.ts";

// Issue 15's journey: a live partner builds a location's menu on the editor page
// (docs/decisions/009-digital-menu.md, section 6), and the guest page at phone width shows exactly
// the visible items in order, with and without JavaScript.

/** A 1000x750 PNG (the recommended size) made here, so the server's check by content sees a real image. */
function photoPng(): Buffer {
  const png = new PNG({ width: 1000, height: 750 });
  for (let i = 0; i < png.data.length; i += 4) {
    const x = (i / 4) % 1000;
    png.data[i] = 200;
    png.data[i + 1] = Math.floor((x / 1000) * 160);
    png.data[i + 2] = 60;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

/** "HH:00", `hours` from now in Berlin (the location's time zone). */
function berlinHourFromNow(hours: number): string {
  const hour = Number(
    new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: "Europe/Berlin" }).format(
      new Date(),
    ),
  );
  return `${String((hour + hours) % 24).padStart(2, "0")}:00`;
}

async function addItem(page: Page, kind: string) {
  await page.getByRole("button", { name: "Feld hinzufügen" }).click();
  await page.getByRole("menuitem", { name: kind, exact: true }).click();
  return page.getByRole("dialog");
}

async function pickOptions(page: Page, label: string, options: string[]) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox", { name: label }).click();
  for (const option of options) await page.getByRole("option", { name: option, exact: true }).click();
  // Leaves the picker by clicking the dialog's heading (Escape would close the dialog).
  await dialog.getByRole("heading").click();
}

const titles = (page: Page) => page.getByTestId("menu-item-title");

test("a partner builds a location's menu on the phone-first editor and the guest page shows exactly what is visible, also without JavaScript", async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  // The wrong link address and the file that is no image, both refused by the server on purpose.
  consoleErrors.expect(failedResource(422), 2);
  const partner = await liveSignedInPartner(page, request, `Gasthaus Lindenhof ${Date.now()}`);

  // From the location to its menu.
  await page.goto(`/de/locations/${partner.shopId}`);
  await page.getByRole("link", { name: "Digitale Speisekarte" }).click();
  await expect(page).toHaveURL(`/de/digital-menu/${partner.shopId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Digitale Speisekarte" })).toBeVisible();

  // The fee stands beside the switch before it is turned on, and again in the confirmation.
  const fee =
    "Die digitale Speisekarte kostet 36,00 € pro Monat und Standort und wird ab diesem Monat berechnet.";
  await expect(page.getByText(fee)).toBeVisible();
  const toggle = page.getByRole("switch", { name: "Speisekarte für Gäste eingeschaltet" });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  const confirm = page.getByRole("dialog", { name: "Speisekarte einschalten?" });
  await expect(confirm.getByText(fee)).toBeVisible();
  await confirm.getByRole("button", { name: "Kostenpflichtig einschalten" }).click();
  await expect(confirm).toBeHidden();
  await expect(toggle).toBeChecked();
  await expect(page.getByRole("link", { name: "Vorschau für Gäste öffnen" })).toHaveAttribute(
    "href",
    `/dm/${partner.shopId}`,
  );

  // A section and two dishes with allergens.
  let dialog = await addItem(page, "Abschnitt");
  await dialog.getByLabel("Überschrift (Deutsch)").fill("Hauptgerichte");
  await dialog.getByLabel("Überschrift (Englisch)").fill("Main courses");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();
  await expect(titles(page)).toHaveText(["Hauptgerichte"]);

  dialog = await addItem(page, "Gericht");
  await dialog.getByLabel("Name des Gerichts (Deutsch)").fill("Schnitzel Wiener Art");
  await dialog.getByLabel("Beschreibung (Deutsch)").fill("Vom Kalb, mit Kartoffelsalat");
  await dialog.getByLabel("Preis in €").fill("18,50");
  await pickOptions(page, "Allergene", ["Glutenhaltiges Getreide", "Eier"]);
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();

  dialog = await addItem(page, "Gericht");
  await dialog.getByLabel("Name des Gerichts (Deutsch)").fill("Käsespätzle");
  await dialog.getByLabel("Preis in €").fill("14");
  await pickOptions(page, "Allergene", ["Milch (einschließlich Laktose)", "Eier"]);
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();

  // A link: a wrong address gets the server's message on the field.
  dialog = await addItem(page, "Link");
  await dialog.getByLabel("Titel (Deutsch)").fill("Unsere Weinkarte");
  await dialog.getByLabel("Adresse des Links").fill("javascript:alert(1)");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(
    dialog.getByText("Bitte geben Sie eine vollständige Adresse ein, die mit https:// oder http:// beginnt."),
  ).toBeVisible();
  await dialog.getByLabel("Adresse des Links").fill("https://example.com/weinkarte");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();

  // A photo: a file that is no image is refused with the server's 422 message on the file field.
  dialog = await addItem(page, "Foto");
  await dialog.getByLabel("Titel (Deutsch)").fill("Unser Gastraum");
  const fileInput = dialog.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: "gastraum.png",
    mimeType: "image/png",
    buffer: Buffer.from("kein Bild"),
  });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Bitte laden Sie ein Bild als PNG, JPG oder WebP hoch.")).toBeVisible();
  await expect(dialog).toBeVisible();
  await fileInput.setInputFiles({ name: "gastraum.png", mimeType: "image/png", buffer: photoPng() });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  // A scheduled item: every day, in an hour that starts two hours from now (so not now).
  dialog = await addItem(page, "Text");
  await dialog.getByLabel("Titel (Deutsch)").fill("Mittagstisch-Angebot");
  await dialog.getByLabel("Text (Deutsch)").fill("Suppe und Hauptgang");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Zeiten für „Mittagstisch-Angebot“" }).click();
  dialog = page.getByRole("dialog", { name: "Anzeigezeiten" });
  await dialog.getByText("Sa", { exact: true }).click();
  await dialog.getByText("So", { exact: true }).click();
  await dialog.getByRole("textbox", { name: "Beginn von Zeitraum 1" }).fill(berlinHourFromNow(2));
  await dialog.getByRole("textbox", { name: "Ende von Zeitraum 1" }).fill(berlinHourFromNow(3));
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();

  await expect(titles(page)).toHaveText([
    "Hauptgerichte",
    "Schnitzel Wiener Art",
    "Käsespätzle",
    "Unsere Weinkarte",
    "Unser Gastraum",
    "Mittagstisch-Angebot",
  ]);
  const scheduled = page.getByTestId("menu-item").filter({ hasText: "Mittagstisch-Angebot" });
  await expect(scheduled.getByText("Zeitgesteuert")).toBeVisible();

  // Reorder and hide one.
  await page.getByRole("button", { name: "„Käsespätzle“ nach oben" }).click();
  await expect(titles(page)).toHaveText([
    "Hauptgerichte",
    "Käsespätzle",
    "Schnitzel Wiener Art",
    "Unsere Weinkarte",
    "Unser Gastraum",
    "Mittagstisch-Angebot",
  ]);
  await page.getByRole("button", { name: "„Unsere Weinkarte“ ausblenden" }).click();
  const link = page.getByTestId("menu-item").filter({ hasText: "Unsere Weinkarte" });
  await expect(link.getByText("Ausgeblendet")).toBeVisible();
  await expect(page.getByRole("button", { name: "„Unsere Weinkarte“ einblenden" })).toBeVisible();

  await axeAtBothWidths(page, "menu-editor");

  // The guest's phone shows exactly the visible items in order: not the hidden link, not the
  // item scheduled for later; with JavaScript and without.
  const expected = ["Hauptgerichte", "Käsespätzle", "Schnitzel Wiener Art", "Unser Gastraum"];
  for (const javaScriptEnabled of [true, false]) {
    const guest = await browser.newContext({ viewport: PHONE, locale: "de-DE", javaScriptEnabled });
    const phone = await guest.newPage();
    await phone.goto(`/dm/${partner.shopId}`);
    const items = phone.locator("[data-i]");
    await expect(items).toHaveCount(expected.length);
    for (const [index, title] of expected.entries()) await expect(items.nth(index)).toContainText(title);
    await expect(phone.getByText("Unsere Weinkarte")).toHaveCount(0);
    await expect(phone.getByText("Mittagstisch-Angebot")).toHaveCount(0);
    await expect(items.nth(1)).toContainText("14,00");
    await expect(items.nth(2)).toContainText("18,50");
    await expect(items.nth(2)).toContainText("Eier");
    if (shots)
      await phone.screenshot({
        path: `${shots}/menu-guest-${javaScriptEnabled ? "js" : "nojs"}-390.png`,
        fullPage: true,
      });
    await guest.close();
  }
});
