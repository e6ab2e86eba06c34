import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { axeAtBothWidths, expect, failedResource, PHONE, shots, test } from "../support/fixtures.ts";
import { liveSignedInPartner } from "../support/partner-setup.ts";

// Issue 15's tables (docs/decisions/009-digital-menu.md, sections 4 and 6): a partner names a
// location's tables, gives one its own item, downloads its QR code (which decodes to exactly the
// table's guest page) and the print sheet, and the guest at that table sees the table's item
// before the menu's; a deleted table's page is gone.

/** The table's id, as the editor's own call answers it. */
async function tableId(page: Page, shopId: number, name: string): Promise<number> {
  const response = await page.request.get(`/api/v2/dashboard/menu?shop_id=${shopId}`);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { tables: { id: number; name: string }[] } };
  const table = data.tables.find((t) => t.name === name);
  expect(table, `table ${name}`).toBeDefined();
  return table!.id;
}

const tableNames = (page: Page) => page.getByTestId("menu-table-name");

test("a partner names tables, gives one its own item, downloads its QR code and the print sheet, and the guest at that table sees its item first", async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  // The empty name and a name taken (twice on adding, once on renaming), refused by the server on purpose.
  consoleErrors.expect(failedResource(422), 3);
  const partner = await liveSignedInPartner(page, request, `Trattoria Sole ${Date.now()}`);
  const origin = new URL(page.url()).origin;

  // The menu on, with one item of its own list.
  await page.goto(`/de/digital-menu/${partner.shopId}`);
  await page.getByRole("switch", { name: "Speisekarte für Gäste eingeschaltet" }).click({ force: true });
  await page.getByRole("button", { name: "Kostenpflichtig einschalten" }).click();
  await expect(page.getByRole("switch", { name: "Speisekarte für Gäste eingeschaltet" })).toBeChecked();
  await page.getByRole("button", { name: "Feld hinzufügen" }).click();
  await page.getByRole("menuitem", { name: "Gericht", exact: true }).click();
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name des Gerichts (Deutsch)").fill("Käsespätzle");
  await dialog.getByLabel("Preis in €").fill("14");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();

  // The tables tab; the open tab stands in the address.
  await page.getByRole("tab", { name: "Tische (0)" }).click();
  await expect(page).toHaveURL(`/de/digital-menu/${partner.shopId}?tab=tables`);
  await expect(page.getByText("Noch keine Tische.", { exact: false })).toBeVisible();

  // An empty name and a name the location has already (in other case) get the server's message at the field.
  const nameField = page.getByLabel("Name des neuen Tisches");
  const addTable = page.getByRole("button", { name: "Tisch hinzufügen" });
  await addTable.click();
  await expect(
    page.getByText("Bitte geben Sie einen Namen für den Tisch ein (1 bis 40 Zeichen)."),
  ).toBeVisible();
  await nameField.fill("Tisch 1");
  await addTable.click();
  await expect(tableNames(page)).toHaveText(["Tisch 1"]);
  await expect(nameField).toHaveValue("");
  await nameField.fill("Terrasse");
  await addTable.click();
  await expect(tableNames(page)).toHaveText(["Tisch 1", "Terrasse"]);
  await nameField.fill("terrasse");
  await addTable.click();
  await expect(
    page.getByText("Einen Tisch mit diesem Namen gibt es an diesem Standort bereits."),
  ).toBeVisible();
  await expect(tableNames(page)).toHaveText(["Tisch 1", "Terrasse"]);
  await expect(page.getByRole("tab", { name: "Tische (2)" })).toBeVisible();

  // Renamed; not to the other table's name.
  await page.getByRole("button", { name: "„Tisch 1“ umbenennen" }).click();
  dialog = page.getByRole("dialog", { name: "Tisch umbenennen" });
  await dialog.getByLabel("Name des Tisches").fill("TERRASSE");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(
    dialog.getByText("Einen Tisch mit diesem Namen gibt es an diesem Standort bereits."),
  ).toBeVisible();
  await dialog.getByLabel("Name des Tisches").fill("Fenstertisch");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();
  await expect(tableNames(page)).toHaveText(["Fenstertisch", "Terrasse"]);

  // The terrace's own item, with the list's actions.
  await page.getByRole("button", { name: "Feld hinzufügen für „Terrasse“" }).click();
  await page.getByRole("menuitem", { name: "Text", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Text hinzufügen" });
  await dialog.getByLabel("Titel (Deutsch)").fill("Aperitivo auf der Terrasse");
  await dialog.getByLabel("Text (Deutsch)").fill("Jeden Abend ab 18 Uhr");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Feld hinzufügen für „Terrasse“" }).click();
  await page.getByRole("menuitem", { name: "Gericht", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Gericht hinzufügen" });
  await dialog.getByLabel("Name des Gerichts (Deutsch)").fill("Bruschetta");
  await dialog.getByLabel("Preis in €").fill("7,50");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Feld hinzufügen für „Terrasse“" }).click();
  await page.getByRole("menuitem", { name: "Text", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Text hinzufügen" });
  await dialog.getByLabel("Titel (Deutsch)").fill("Heute geschlossen");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();
  const terrace = page.getByTestId("menu-table").filter({ hasText: "Terrasse" });
  await expect(terrace.getByTestId("menu-item-title")).toHaveText([
    "Aperitivo auf der Terrasse",
    "Bruschetta",
    "Heute geschlossen",
  ]);
  // Moved and hidden as in the menu's list.
  await terrace.getByRole("button", { name: "„Bruschetta“ nach oben" }).click();
  await expect(terrace.getByTestId("menu-item-title")).toHaveText([
    "Bruschetta",
    "Aperitivo auf der Terrasse",
    "Heute geschlossen",
  ]);
  await terrace.getByRole("button", { name: "„Heute geschlossen“ ausblenden" }).click();
  await expect(terrace.getByRole("button", { name: "„Heute geschlossen“ einblenden" })).toBeVisible();
  await expect(terrace.getByText("3 eigene Einträge")).toBeVisible();
  await expect(page.getByTestId("menu-table").filter({ hasText: "Fenstertisch" })).toContainText(
    "Noch keine eigenen Einträge",
  );

  // The address each QR code carries, shown and linked for a preview.
  const terraceId = await tableId(page, partner.shopId, "Terrasse");
  const windowId = await tableId(page, partner.shopId, "Fenstertisch");
  const terraceUrl = `${origin}/dm/${partner.shopId}/${terraceId}`;
  await expect(terrace.getByTestId("menu-table-url")).toHaveText(terraceUrl);
  await expect(page.getByRole("link", { name: "Vorschau von „Terrasse“ öffnen" })).toHaveAttribute(
    "href",
    `/dm/${partner.shopId}/${terraceId}`,
  );

  // The PNG decodes to exactly that address.
  const [png] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "QR-Code von „Terrasse“ als PNG herunterladen" }).click(),
  ]);
  expect(png.suggestedFilename()).toBe("qr-terrasse.png");
  const image = PNG.sync.read(await readFile((await png.path())!));
  expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(terraceUrl);

  // The SVG too, and both answered with their content type.
  const [svg] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "QR-Code von „Terrasse“ als SVG herunterladen" }).click(),
  ]);
  expect(svg.suggestedFilename()).toBe("qr-terrasse.svg");
  expect(await readFile((await svg.path())!, "utf8")).toContain("<svg");
  for (const [format, type] of [
    ["png", "image/png"],
    ["svg", "image/svg+xml"],
  ]) {
    const response = await page.request.get(`/api/v2/dashboard/menu/tables/${terraceId}/qr.${format}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain(type);
  }

  // One print sheet: the menu's own page and one per table.
  const [sheet, sheetResponse] = await Promise.all([
    page.waitForEvent("download"),
    page.waitForResponse((r) => r.url().includes("/dashboard/menu/qr/pdf")),
    page.getByRole("button", { name: "Alle QR-Codes als PDF" }).click(),
  ]);
  expect(sheetResponse.status()).toBe(200);
  expect(sheetResponse.headers()["content-type"]).toBe("application/pdf");
  const pdf = await readFile((await sheet.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  expect(sheet.suggestedFilename()).toMatch(/^qr-.+\.pdf$/);
  expect(pdf.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(3);

  await axeAtBothWidths(page, "menu-tables");

  // The reload stays on the tab, the tables folded to their names.
  await page.reload();
  await expect(tableNames(page)).toHaveText(["Fenstertisch", "Terrasse"]);
  await expect(page.getByRole("button", { name: "„Terrasse“ löschen" })).toBeHidden();
  // The table items are not in the menu's own list.
  await page.getByRole("tab", { name: "Einträge" }).click();
  await expect(page.getByTestId("menu-item-title")).toHaveText(["Käsespätzle"]);
  await page.getByRole("tab", { name: "Tische (2)" }).click();
  await tableNames(page).filter({ hasText: "Terrasse" }).click();

  // The guest at the terrace sees its item first, then the menu's; at the window table only the menu's.
  const guest = await browser.newContext({ viewport: PHONE, locale: "de-DE" });
  const phone = await guest.newPage();
  consoleErrors.watch(phone);
  await phone.goto(`/dm/${partner.shopId}/${terraceId}`);
  await expect(phone.getByText("Tisch Terrasse")).toBeVisible();
  const items = phone.locator("[data-i]");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText("Bruschetta");
  await expect(items.nth(1)).toContainText("Aperitivo auf der Terrasse");
  await expect(items.nth(2)).toContainText("Käsespätzle");
  await expect(phone.getByText("Heute geschlossen")).toHaveCount(0);
  if (shots) await phone.screenshot({ path: `${shots}/menu-table-guest-390.png`, fullPage: true });
  await phone.goto(`/dm/${partner.shopId}/${windowId}`);
  await expect(phone.getByText("Tisch Fenstertisch")).toBeVisible();
  await expect(phone.locator("[data-i]")).toHaveCount(1);
  await expect(phone.locator("[data-i]").first()).toContainText("Käsespätzle");

  // Deleting the terrace, after a confirmation that names its item, takes it and its page away.
  await page.getByRole("button", { name: "„Terrasse“ löschen" }).click();
  dialog = page.getByRole("dialog", { name: "Tisch löschen?" });
  await expect(
    dialog.getByText(
      "„Terrasse“ wird endgültig gelöscht, mit seinen 3 eigenen Einträgen und deren Aufrufzahlen.",
    ),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Tisch endgültig löschen" }).click();
  await expect(dialog).toBeHidden();
  await expect(tableNames(page)).toHaveText(["Fenstertisch"]);
  await expect(page.getByRole("tab", { name: "Tische (1)" })).toBeVisible();
  expect((await phone.request.get(`/dm/${partner.shopId}/${terraceId}`)).status()).toBe(404);
  expect((await page.request.get(`/api/v2/dashboard/menu/tables/${terraceId}/qr.png`)).status()).toBe(404);
  await guest.close();
});
