import type { APIRequestContext, Page } from "@playwright/test";
import {
  berlinDay,
  DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION,
  formatMoney,
  MENU,
  translate,
} from "@stempla/domain";
import { axeAtBothWidths, DESKTOP, expect, failedResource, PHONE, shots, test } from "../support/fixtures.ts";
import { liveSignedInPartner, SHOP } from "../support/partner-setup.ts";

// Issue 15's journeys around the editor (docs/decisions/009-digital-menu.md, sections 5 and 6,
// and "As built"): the list of menus, a dish changed on the guest page, a PDF replaced, the upload
// messages at the file field, and the editor in English.
//
// The invoice line of a menu switched on (section 5): this suite's server runs on the real clock
// and the monthly run bills only months that are over, so the partner's own switch is followed to
// the invoice in the API test (menus-overview.test.ts), and the browser reads the fee on the demo
// partner's last invoice (menu-invoice.spec.ts; the demo menu is booked since its first month).

const FEE = formatMoney(DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION, "de");

/**
 * A one-page PDF whose text is `line`, with a correct cross-reference table, so the server's check
 * (it must open in MuPDF) accepts it. Different lines give different files, so different addresses.
 */
function pdfFile(line: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${line}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A live partner (set up, approved) signed in on `page`, with its API for fixtures. */
async function livePartner(page: Page, request: APIRequestContext, name: string, locale = "de") {
  const partner = await liveSignedInPartner(page, request, `${name} ${Date.now()}`, locale);
  const login = await request.post("/api/v2/dashboard/login", {
    data: { email: partner.email, password: partner.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  /** Fixtures the journey does not test: the menu switched on, a dish. */
  const menuCall = async (method: "put" | "post", path: string, data: unknown) => {
    const res = await request[method](`/api/v2${path}`, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).data;
  };
  return { ...partner, menuCall };
}

const titles = (page: Page) => page.getByTestId("menu-item-title");

test("the menus page lists each location with its menu's state and fee, leads to the editor, and shows it switched on", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  expect(FEE).toBe("36,00\u00a0€");
  await page.setViewportSize(DESKTOP);
  const partner = await livePartner(page, request, "Trattoria Sole");
  const harbour = await partner.call("post", "/dashboard/shop", {
    ...SHOP,
    name: "Filiale Hafen",
    street: "Mainkai",
    building: "4",
  });

  // From the navigation to the list: both locations, both off, with the fee they would cost.
  await page.getByRole("link", { name: "Speisekarten", exact: true }).click();
  await expect(page).toHaveURL("/de/menus");
  await expect(page.getByRole("heading", { level: 1, name: "Speisekarten" })).toBeVisible();
  const cards = page.getByTestId("menu-overview");
  await expect(cards).toHaveCount(2);
  // Newest location first, as on the locations page.
  await expect(cards.nth(0)).toContainText("Filiale Hafen");
  const altstadt = cards.filter({ hasText: SHOP.name });
  await expect(altstadt).toContainText("Ausgeschaltet");
  await expect(altstadt.getByTestId("menu-state")).toHaveText(
    `Gäste sehen sie nicht · eingeschaltet ${FEE} pro Monat`,
  );
  await expect(altstadt).toContainText("0 Einträge · 0 Tische");
  await expect(altstadt).toContainText("Sprachen: Deutsch, Englisch");
  await expect(altstadt.getByRole("link", { name: /Ansicht für Gäste/ })).toHaveCount(0);

  // Into the editor, where the menu is switched on after the fee is stated.
  await altstadt.getByRole("link", { name: `Speisekarte bearbeiten: ${SHOP.name}` }).click();
  await expect(page).toHaveURL(`/de/digital-menu/${partner.shopId}`);
  await expect(page.getByRole("link", { name: "Speisekarten", exact: true })).toHaveAttribute(
    "data-active",
    "true",
  );
  await page.getByRole("switch", { name: "Speisekarte für Gäste eingeschaltet" }).click({ force: true });
  const confirm = page.getByRole("dialog", { name: "Speisekarte einschalten?" });
  await expect(confirm).toContainText(FEE);
  await confirm.getByRole("button", { name: "Kostenpflichtig einschalten" }).click();
  await expect(page.getByRole("switch", { name: "Speisekarte für Gäste eingeschaltet" })).toBeChecked();

  // Back on the list: on since today, at the fee, with the guests' view; the other stays off.
  await page.getByRole("link", { name: "Speisekarten", exact: true }).click();
  const today = berlinDay(new Date()).split("-").reverse().join(".");
  await expect(altstadt).toContainText("Eingeschaltet");
  await expect(altstadt.getByTestId("menu-state")).toHaveText(
    `Für Gäste sichtbar seit ${today} · ${FEE} pro Monat`,
  );
  await expect(altstadt.getByRole("link", { name: `Ansicht für Gäste: ${SHOP.name}` })).toHaveAttribute(
    "href",
    `/dm/${partner.shopId}`,
  );
  await expect(cards.filter({ hasText: "Filiale Hafen" })).toContainText("Ausgeschaltet");
  await axeAtBothWidths(page, "menus-list");

  // The locations page: each card's foot says whether its menu is on and leads to the editor.
  await page.setViewportSize(PHONE);
  await page.goto("/de/locations");
  const card = (name: string) => page.getByTestId("location-card").filter({ hasText: name });
  await expect(card(SHOP.name).getByTestId("location-menu")).toContainText("Digitale SpeisekarteAn");
  await expect(card("Filiale Hafen").getByTestId("location-menu")).toContainText("Digitale SpeisekarteAus");
  if (shots) await page.screenshot({ path: `${shots}/locations-menu-390.png`, fullPage: true });
  await card("Filiale Hafen").getByRole("link", { name: "Speisekarte bearbeiten" }).click();
  await expect(page).toHaveURL(`/de/digital-menu/${harbour.id}`);
});

test("a changed dish shows changed on the guest page", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const partner = await livePartner(page, request, "Weinstube Rebe");
  const shop = partner.shopId;
  await partner.menuCall("put", `/dashboard/menu/enabled?shop_id=${shop}`, { enabled: true });
  await partner.menuCall("post", `/dashboard/menu/item/create?shop_id=${shop}`, {
    kind: "dish",
    texts: { de: { title: "Flammkuchen", body: "Mit Speck und Zwiebeln" } },
    price_cents: 1150,
    allergens: ["gluten", "milk"],
  });

  const guest = await browser.newContext({ viewport: PHONE, locale: "de-DE" });
  const phone = await guest.newPage();
  await phone.goto(`/dm/${shop}`);
  await expect(phone.locator("[data-i]")).toContainText(["Flammkuchen"]);
  await expect(phone.locator("[data-i]").first()).toContainText("11,50");

  await page.goto(`/de/digital-menu/${shop}`);
  await page.getByRole("button", { name: "„Flammkuchen“ bearbeiten" }).click();
  const dialog = page.getByRole("dialog", { name: "Gericht bearbeiten" });
  await expect(dialog.getByLabel("Name des Gerichts (Deutsch)")).toHaveValue("Flammkuchen");
  await expect(dialog.getByLabel("Preis in €")).toHaveValue("11,50");
  await dialog.getByLabel("Name des Gerichts (Deutsch)").fill("Flammkuchen Elsässer Art");
  await dialog.getByLabel("Beschreibung (Deutsch)").fill("Mit Speck, Zwiebeln und Crème fraîche");
  await dialog.getByLabel("Preis in €").fill("12,90");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();
  await expect(titles(page)).toHaveText(["Flammkuchen Elsässer Art"]);

  await phone.reload();
  const dish = phone.locator("[data-i]").first();
  await expect(dish).toContainText("Flammkuchen Elsässer Art");
  await expect(dish).toContainText("Crème fraîche");
  await expect(dish).toContainText("12,90");
  await expect(phone.getByText("11,50")).toHaveCount(0);
  // Allergens the edit did not touch stay.
  await expect(dish).toContainText("Milch");
  await guest.close();
});

test("a PDF item: uploaded, then replaced, and the guest page links the new file", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const partner = await livePartner(page, request, "Brauhaus Malz");
  const shop = partner.shopId;
  await partner.menuCall("put", `/dashboard/menu/enabled?shop_id=${shop}`, { enabled: true });
  const first = pdfFile("Weinkarte Sommer");
  const second = pdfFile("Weinkarte Herbst");

  await page.goto(`/de/digital-menu/${shop}`);
  await page.getByRole("button", { name: "Feld hinzufügen" }).click();
  await page.getByRole("menuitem", { name: "PDF", exact: true }).click();
  let dialog = page.getByRole("dialog", { name: "PDF hinzufügen" });
  await expect(dialog).toContainText(`Eine PDF-Datei unter ${MENU.fileBytes / (1024 * 1024)} MB.`);
  await dialog.getByLabel("Titel (Deutsch)").fill("Weinkarte");
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "weinkarte.pdf",
    mimeType: "application/pdf",
    buffer: first,
  });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(titles(page)).toHaveText(["Weinkarte"]);

  const guest = await browser.newContext({ viewport: PHONE, locale: "de-DE" });
  const phone = await guest.newPage();
  const pdfLink = phone.locator("[data-i] a").filter({ hasText: "Weinkarte" });
  await phone.goto(`/dm/${shop}`);
  const firstUrl = await pdfLink.getAttribute("href");
  expect(firstUrl).toMatch(/^\/media\/menu\/\d+\/[0-9a-f]{64}\.pdf$/);
  expect(Buffer.from(await (await request.get(firstUrl!)).body()).equals(first)).toBe(true);

  // Replaced: the item keeps its place and title, the guest page links the new file.
  await page.getByRole("button", { name: "„Weinkarte“ bearbeiten" }).click();
  dialog = page.getByRole("dialog", { name: "PDF bearbeiten" });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "weinkarte-herbst.pdf",
    mimeType: "application/pdf",
    buffer: second,
  });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(titles(page)).toHaveText(["Weinkarte"]);

  await phone.reload();
  const secondUrl = await pdfLink.getAttribute("href");
  expect(secondUrl).toMatch(/^\/media\/menu\/\d+\/[0-9a-f]{64}\.pdf$/);
  expect(secondUrl).not.toBe(firstUrl);
  const served = await request.get(secondUrl!);
  expect(served.headers()["content-type"]).toContain("application/pdf");
  expect(Buffer.from(await served.body()).equals(second)).toBe(true);
  // The first file is no item's any more: it is gone (decision 009, section 1).
  expect((await request.get(firstUrl!)).status()).toBe(404);
  await guest.close();
});

test("a file over the limit and a non-PDF named .pdf get their messages at the file field", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // Both refused by the server on purpose.
  consoleErrors.expect(failedResource(422), 2);
  const partner = await livePartner(page, request, "Bistro Kante");
  await page.goto(`/de/digital-menu/${partner.shopId}`);
  await page.getByRole("button", { name: "Feld hinzufügen" }).click();
  await page.getByRole("menuitem", { name: "PDF", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "PDF hinzufügen" });
  await dialog.getByLabel("Titel (Deutsch)").fill("Getränkekarte");
  const file = dialog.locator('input[type="file"]');

  // One byte over the limit, a real PDF's start: the size decides.
  const big = Buffer.alloc(MENU.fileBytes + 1, 0x20);
  big.write("%PDF-1.4\n", 0, "latin1");
  await file.setInputFiles({ name: "getraenke.pdf", mimeType: "application/pdf", buffer: big });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  const tooLarge = translate("menu.file.tooLarge", "de");
  expect(tooLarge).toBe("Die Datei ist zu groß. Bitte komprimieren Sie sie auf unter 4 MB.");
  const fileField = dialog.locator(".mantine-FileInput-root");
  await expect(fileField.getByText(tooLarge)).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeVisible();

  // A text file renamed to .pdf: the content decides.
  await file.setInputFiles({
    name: "getraenke.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("Wasser 2,50 €\nApfelschorle 3,20 €\n", "utf8"),
  });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(fileField.getByText(translate("menu.pdf.notPdf", "de"))).toBeVisible();
  await expect(fileField.getByText(tooLarge)).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/menu-pdf-not-pdf-1280.png` });
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(titles(page)).toHaveCount(0);
});

test("the editor in English shows English texts", async ({ page, request }) => {
  test.setTimeout(120_000);
  const partner = await livePartner(page, request, "Harbour Kitchen", "en");
  await page.goto(`/en/digital-menu/${partner.shopId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Digital menu" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Menu switched on for guests" })).not.toBeChecked();
  await expect(
    page.getByText(
      `The digital menu costs ${formatMoney(DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION, "en")} per month and location and is billed from this month.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Menus", exact: true })).toHaveAttribute("data-active", "true");
  await page.getByRole("button", { name: "Add field" }).click();
  await page.getByRole("menuitem", { name: "Dish", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add Dish" });
  await expect(dialog.getByLabel("Name of the dish (German)")).toBeVisible();
  await expect(dialog.getByLabel("Name of the dish (English)")).toBeVisible();
  await dialog.getByLabel("Name of the dish (English)").fill("Fish and chips");
  await dialog.getByLabel("Price in €").fill("13.50");
  await dialog.getByRole("combobox", { name: "Allergens" }).click();
  await expect(page.getByRole("option", { name: "Fish", exact: true })).toBeVisible();
  await page.getByRole("option", { name: "Fish", exact: true }).click();
  await dialog.getByRole("heading").click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(titles(page)).toHaveText(["Fish and chips"]);
  await expect(page.getByRole("button", { name: "Edit “Fish and chips”" })).toBeVisible();
  // No German word of the editor on the page.
  for (const german of ["Digitale Speisekarte", "Feld hinzufügen", "Bearbeiten", "Einträge", "Speichern"])
    await expect(page.getByText(german, { exact: true })).toHaveCount(0);

  await page.goto("/en/menus");
  await expect(page.getByRole("heading", { level: 1, name: "Menus" })).toBeVisible();
  const card = page.getByTestId("menu-overview");
  await expect(card).toContainText("Off");
  await expect(card).toContainText("1 entry · 0 tables");
  await expect(card).toContainText("Languages: German, English");
  await expect(card.getByTestId("menu-state")).toHaveText(
    `Guests do not see it · ${formatMoney(DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION, "en")} per month when switched on`,
  );
});
