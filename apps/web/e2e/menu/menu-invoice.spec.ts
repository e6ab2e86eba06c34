import { readFileSync } from "node:fs";
import {
  addMonths,
  berlinMonth,
  DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION,
  formatMoney,
} from "@stempla/domain";
import * as mupdf from "mupdf";
import { DEMO_PARTNER, logIn } from "../support/accounts.ts";
import { DESKTOP, expect, PHONE, seriousAxeViolations, shots, test } from "../support/fixtures.ts";

// The month's invoice carries the menu's fee (docs/decisions/009-digital-menu.md, section 5): the
// demo partner's menu at its first location has been booked since the demo's first month (seed
// apps/api/src/db/seed/demo-menu.ts) and the seed's real monthly runs billed those months, so last
// month's invoice can be read here although this suite's server runs on the real clock. Then the
// same menu in the editor, and on a guest's phone.

const LOCATION = "Café Sonnenschein Ehrenfeld";
const FEE = formatMoney(DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION, "de");
/** Spaces as the PDF's text and the page's text give them: runs of any space (also no-break) as one. */
const spaces = (text: string) => text.replace(/\s+/g, " ");

function pdfText(file: Buffer): string {
  const doc = mupdf.Document.openDocument(file, "application/pdf");
  return spaces(
    Array.from({ length: doc.countPages() }, (_, i) =>
      doc.loadPage(i).toStructuredText("preserve-whitespace").asText(),
    ).join("\n"),
  );
}

test("last month's invoice of the demo partner carries the menu's fee; the menu in the editor and on a phone", async ({
  page,
}) => {
  test.setTimeout(90_000);
  expect(FEE).toBe("36,00\u00a0€");
  await page.setViewportSize(DESKTOP);
  await logIn(page, DEMO_PARTNER.email, DEMO_PARTNER.password);
  await expect(page).toHaveURL(/\/de\/dashboard$/);

  // Last month's invoice, as its title names it ("Rechnung 2026-000123 · Oktober 2026"); not one
  // the console journey may have cancelled meanwhile (its correction bills the menu just the same).
  // On the 1st, before the run on the 2nd, the newest billed month is the one before last month.
  const now = new Date();
  const runOnTheSecond = new Date(`${berlinMonth(now).slice(0, 8)}02T07:00:00+01:00`);
  const lastMonth = addMonths(berlinMonth(now), now < runOnTheSecond ? -2 : -1);
  const monthName = new Date(`${lastMonth}T12:00:00Z`).toLocaleDateString("de-DE", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  await page.getByRole("link", { name: "Rechnungen" }).click();
  await expect(page).toHaveURL(/\/de\/invoices$/);
  const invoice = page
    .getByTestId("invoice-row")
    .filter({ hasText: /Rechnung \d{4}-\d{6}/ })
    .filter({ hasText: monthName })
    .filter({ hasNotText: "Storniert" })
    .first();
  await expect(invoice).toBeVisible();
  const number = (await invoice.innerText()).match(/\d{4}-\d{6}/)![0];
  const download = page.waitForEvent("download");
  await invoice.getByTestId("invoice-pdf").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`rechnung-${number}.pdf`);
  const text = pdfText(readFileSync((await file.path())!));
  expect(text).toContain(number);
  // One location with the menu, at the fee, and that line's total.
  expect(text).toContain(spaces(`Digitale Speisekarte je Standort 1 ${FEE} ${FEE}`));

  // The same location's menu: on since the first day of an earlier month, in the editor.
  await page.getByRole("link", { name: "Speisekarten", exact: true }).click();
  await expect(page).toHaveURL("/de/menus");
  const card = page.getByTestId("menu-overview").filter({ hasText: LOCATION });
  await expect(card).toContainText("Eingeschaltet");
  await expect(card.getByTestId("menu-state")).toHaveText(
    new RegExp(`^Für Gäste sichtbar seit 01\\.\\d{2}\\.\\d{4} · ${FEE} pro Monat$`),
  );
  const since = (await card.getByTestId("menu-state").innerText()).match(/01\.(\d{2})\.(\d{4})/)!;
  expect(`${since[2]}-${since[1]}-01` <= lastMonth).toBe(true);
  const guestLink = await card
    .getByRole("link", { name: `Ansicht für Gäste: ${LOCATION}` })
    .getAttribute("href");
  expect(guestLink).toMatch(/^\/dm\/\d+$/);
  await card.getByRole("link", { name: `Speisekarte bearbeiten: ${LOCATION}` }).click();
  await expect(page).toHaveURL(new RegExp(`/de/digital-menu/${guestLink!.split("/")[2]}$`));
  await expect(page.getByRole("switch", { name: "Speisekarte für Gäste eingeschaltet" })).toBeChecked();
  const titles = page.getByTestId("menu-item-title");
  for (const title of ["Frühstück", "Sonnenschein-Frühstück", "Mittagstisch", "Kuchen & Torten", "Kölsch"])
    await expect(titles.filter({ hasText: title }).first()).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/menu-invoice-editor-1280.png`, fullPage: true });

  // What a guest sees on a phone: the café, its banners and dishes with prices and allergens.
  await page.setViewportSize(PHONE);
  await page.goto(guestLink!);
  await expect(page.getByRole("heading", { level: 1, name: LOCATION })).toBeVisible();
  for (const [dish, cents] of [
    ["Croissant", 390],
    ["Sonnenschein-Frühstück", 1190],
    ["Käsekuchen nach Omas Rezept", 420],
    ["Cappuccino", 360],
  ] as const) {
    const article = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: dish, exact: true }) });
    await expect(article).toContainText(formatMoney(cents, "de"));
  }
  await expect(page.getByRole("article").filter({ hasText: "Apfelstrudel" })).toContainText(
    "Zusatzstoffe: geschwefelt",
  );
  // The pictures are the uploads' renditions, loaded (the banners at the top, the photo further down).
  const banner = page.getByRole("img", { name: "Torten auf Bestellung" });
  await expect(banner).toBeVisible();
  const photo = page.getByRole("img", { name: "Frisch aus unserer Backstube" });
  await photo.scrollIntoViewIfNeeded();
  for (const picture of [banner, photo])
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The banner leads to its link, the PDF entry to the stored price list.
  await expect(page.getByRole("link", { name: "Torten auf Bestellung", exact: true })).toHaveAttribute(
    "href",
    "https://www.cafe-sonnenschein.example/torten",
  );
  await expect(page.getByRole("link", { name: /^Torten auf Bestellung Ganze Torten/ })).toHaveAttribute(
    "href",
    /^\/media\/menu\/\d+\/[0-9a-f]{64}\.pdf$/,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/menu-invoice-guest-390.png`, fullPage: true });
});
