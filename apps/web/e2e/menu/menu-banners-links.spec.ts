import type { Browser, Page } from "@playwright/test";
import { MENU, translate } from "@stempla/domain";
import { PNG } from "pngjs";
import { approveAccount, confirmedPartner, logIn } from "../support/accounts.ts";
import { axeAtBothWidths, DESKTOP, expect, failedResource, PHONE, shots, test } from "../support/fixtures.ts";
import { completeSetUp } from "../support/partner-setup.ts";

// Issue 15's banners, links and clicks in the menu editor (docs/decisions/009-digital-menu.md,
// sections 4 and 6): the partner adds banners with and without a link, changes, moves and deletes
// them, saves the menu's links, and sees the clicks of the chosen month; the guest page at phone
// width shows only the banners with a link, and the links at its foot.

/** A 600x300 PNG in one colour, made here, so the server's check by content sees a real image. */
function bannerPng(red: number, green: number, blue: number): Buffer {
  const png = new PNG({ width: 600, height: 300 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = red;
    png.data[i + 1] = green;
    png.data[i + 2] = blue;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

/** This month as the page names it ("November 2026"): the month the guest's click counts in. */
const thisMonth = () =>
  new Intl.DateTimeFormat("de-DE", { month: "long", year: "numeric", timeZone: "Europe/Berlin" }).format(
    new Date(),
  );

/** The guest page on a phone, JavaScript on (it counts clicks); closed by the caller. */
async function guestPhone(browser: Browser, shopId: number) {
  const context = await browser.newContext({ viewport: PHONE, locale: "de-DE" });
  const phone = await context.newPage();
  await phone.goto(`/dm/${shopId}`);
  return { phone, close: () => context.close() };
}

const banners = (page: Page) => page.getByTestId("menu-banner");

test("a partner adds, changes, moves and deletes menu banners, saves the menu's links and sees the month's clicks; the guest's phone shows only banners with a link", async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  // Refused on purpose: a file over the limit, a file that is no image, and links without https://.
  consoleErrors.expect(failedResource(422), 3);
  const account = await confirmedPartner(request, `Weinstube Rebstock ${Date.now()}`);
  const partner = await completeSetUp(request, account.email, account.password);
  await approveAccount(request, partner.companyId);
  const shopId = partner.shopId;
  await partner.call("post", `/dashboard/menu/item/create?shop_id=${shopId}`, {
    kind: "dish",
    texts: { de: { title: "Flammkuchen Elsässer Art" } },
    price_cents: 1250,
  });
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/de\/dashboard/);

  await page.goto(`/de/digital-menu/${shopId}`);
  await page.getByRole("switch", { name: "Speisekarte für Gäste eingeschaltet" }).click({ force: true });
  await page.getByRole("button", { name: "Kostenpflichtig einschalten" }).click();
  await expect(page.getByRole("switch", { name: "Speisekarte für Gäste eingeschaltet" })).toBeChecked();

  // Banners: the tab stands in the address, so a reload stays on it.
  await page.getByRole("tab", { name: "Banner (0)" }).click();
  await expect(page).toHaveURL(`/de/digital-menu/${shopId}?tab=banners`);
  await expect(page.getByText("Noch keine Banner. Fügen Sie ein Bild mit einem Link hinzu.")).toBeVisible();

  // A file that is no image: the server's message at the file field.
  await page.getByRole("button", { name: "Banner hinzufügen" }).click();
  let dialog = page.getByRole("dialog", { name: "Banner hinzufügen" });
  await expect(dialog).toContainText(`PNG, JPEG oder WebP unter ${MENU.fileBytes / (1024 * 1024)} MB.`);
  const file = dialog.locator('input[type="file"]');
  const fileField = dialog.locator(".mantine-FileInput-root");
  await dialog.getByLabel("Adresse des Links").fill("https://example.com/sommer");
  await dialog.getByLabel("Bildtext (Deutsch)").fill("Sommeraktion");
  await dialog.getByLabel("Bildtext (Englisch)").fill("Summer offer");
  // One byte over the limit, a real PNG's start: the size decides.
  const big = Buffer.alloc(MENU.fileBytes + 1, 0);
  bannerPng(230, 160, 40).copy(big);
  await file.setInputFiles({ name: "sommer.png", mimeType: "image/png", buffer: big });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(fileField.getByText(translate("menu.file.tooLarge", "de"))).toBeVisible({ timeout: 20_000 });
  await file.setInputFiles({ name: "sommer.png", mimeType: "image/png", buffer: Buffer.from("kein Bild") });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(fileField.getByText("Bitte laden Sie ein Bild als PNG, JPG oder WebP hoch.")).toBeVisible();
  if (shots) {
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${shots}/menu-banner-form-390.png` });
    await page.setViewportSize(DESKTOP);
  }
  await file.setInputFiles({ name: "sommer.png", mimeType: "image/png", buffer: bannerPng(230, 160, 40) });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  // A second one without a link: kept, and the list says guests do not see it.
  await page.getByRole("button", { name: "Banner hinzufügen" }).click();
  dialog = page.getByRole("dialog", { name: "Banner hinzufügen" });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: "gutschein.png", mimeType: "image/png", buffer: bannerPng(40, 120, 200) });
  await dialog.getByLabel("Bildtext (Deutsch)").fill("Gutscheine");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  await expect(page.getByRole("tab", { name: "Banner (2)" })).toBeVisible();
  await expect(banners(page)).toHaveCount(2);
  await expect(banners(page).nth(0).getByRole("link", { name: "https://example.com/sommer" })).toBeVisible();
  await expect(banners(page).nth(0).getByText("Bildtext: Sommeraktion")).toBeVisible();
  await expect(banners(page).nth(1).getByText("Ohne Link", { exact: true })).toBeVisible();
  await expect(
    banners(page).nth(1).getByText("Gäste sehen dieses Banner nicht, solange es keinen Link hat."),
  ).toBeVisible();
  await expect(banners(page).nth(0).getByText("Ohne Link", { exact: true })).toHaveCount(0);
  await axeAtBothWidths(page, "menu-banners");

  // The guest's phone: only the banner with a link, leading there.
  let guest = await guestPhone(browser, shopId);
  const guestBanners = guest.phone.locator(".banners a");
  await expect(guestBanners).toHaveCount(1);
  await expect(guestBanners).toHaveAttribute("href", "https://example.com/sommer");
  await expect(guestBanners.getByRole("img", { name: "Sommeraktion" })).toBeVisible();
  await expect(guest.phone.getByRole("img", { name: "Gutscheine" })).toHaveCount(0);
  if (shots) await guest.phone.screenshot({ path: `${shots}/menu-guest-banner-390.png`, fullPage: true });
  await guest.close();

  // The second gets a link and a new picture, then moves up.
  const oldThumb = await banners(page).nth(1).getByRole("img").getAttribute("src");
  await page.getByRole("button", { name: "„Gutscheine“ bearbeiten" }).click();
  dialog = page.getByRole("dialog", { name: "Banner bearbeiten" });
  await expect(dialog.getByLabel("Bildtext (Deutsch)")).toHaveValue("Gutscheine");
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: "gutschein-neu.png", mimeType: "image/png", buffer: bannerPng(30, 150, 90) });
  await dialog.getByLabel("Adresse des Links").fill("https://example.com/gutscheine");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(
    banners(page).nth(1).getByRole("link", { name: "https://example.com/gutscheine" }),
  ).toBeVisible();
  await expect(banners(page).nth(1).getByRole("img")).not.toHaveAttribute("src", oldThumb ?? "");
  await expect(page.getByText("Ohne Link", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "„Gutscheine“ nach unten" })).toBeDisabled();
  await page.getByRole("button", { name: "„Gutscheine“ nach oben" }).click();
  await expect(banners(page).nth(0)).toContainText("Gutscheine");
  await expect(banners(page).nth(1)).toContainText("Sommeraktion");

  guest = await guestPhone(browser, shopId);
  await expect(guest.phone.locator(".banners a")).toHaveCount(2);
  await expect(guest.phone.locator(".banners a").nth(0)).toHaveAttribute(
    "href",
    "https://example.com/gutscheine",
  );
  await expect(guest.phone.locator(".banners a").nth(1)).toHaveAttribute(
    "href",
    "https://example.com/sommer",
  );
  if (shots) await guest.phone.screenshot({ path: `${shots}/menu-guest-banners-390.png`, fullPage: true });
  await guest.close();

  // Deleting asks first; cancelling keeps it.
  await page.getByRole("button", { name: "„Sommeraktion“ löschen" }).click();
  dialog = page.getByRole("dialog", { name: "Banner löschen?" });
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(banners(page)).toHaveCount(2);
  await page.getByRole("button", { name: "„Sommeraktion“ löschen" }).click();
  await dialog.getByRole("button", { name: "Endgültig löschen" }).click();
  await expect(dialog).toBeHidden();
  await expect(banners(page)).toHaveCount(1);
  await expect(banners(page)).toContainText("Gutscheine");
  await page.reload();
  await expect(page.getByRole("tab", { name: "Banner (1)", selected: true })).toBeVisible();

  // Links: the server's messages at the fields they are about, then saved and on the guest page.
  await page.getByRole("tab", { name: "Links" }).click();
  const review = page.getByLabel("Link zur Bewertung");
  const instagram = page.getByLabel("Instagram", { exact: true });
  await review.fill("g.page/r/rebstock-weinstube");
  await instagram.fill("instagram.com/rebstock");
  await page.getByLabel("E-Mail", { exact: true }).fill("Info@Rebstock-Weinstube.de");
  await page.getByRole("button", { name: "Links speichern" }).click();
  await expect(review).toHaveAttribute("aria-invalid", "true");
  await expect(
    page.getByText("Bitte geben Sie eine vollständige Adresse ein, die mit https:// oder http:// beginnt."),
  ).toBeVisible();
  await expect(instagram).toHaveAttribute("aria-invalid", "true");
  await expect(
    page.getByText("Bitte geben Sie eine vollständige Adresse ein, die mit https:// beginnt.", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByLabel("E-Mail", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Die Links sind gespeichert.")).toHaveCount(0);

  await review.fill("https://g.page/r/rebstock-weinstube");
  await instagram.fill("https://instagram.com/rebstock");
  await page.getByLabel("Link zur Registrierung in der App").fill("https://app.stempla.de/register");
  await page.getByRole("button", { name: "Links speichern" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Die Links sind gespeichert." })).toBeVisible();
  await expect(review).not.toHaveAttribute("aria-invalid", "true");
  // The stored form: the e-mail address in lower case.
  await expect(page.getByLabel("E-Mail", { exact: true })).toHaveValue("info@rebstock-weinstube.de");
  await axeAtBothWidths(page, "menu-links");
  await page.reload();
  await expect(page.getByLabel("Link zur Bewertung")).toHaveValue("https://g.page/r/rebstock-weinstube");

  // The guest taps the dish: its click counts in this month, beside the item in the editor.
  guest = await guestPhone(browser, shopId);
  const footer = guest.phone.locator("footer");
  await expect(footer.getByRole("link", { name: "Bewertung abgeben" })).toHaveAttribute(
    "href",
    "https://g.page/r/rebstock-weinstube",
  );
  await expect(footer.getByRole("link", { name: "In der App registrieren" })).toHaveAttribute(
    "href",
    "https://app.stempla.de/register",
  );
  await expect(footer.getByRole("link", { name: "Instagram" })).toHaveAttribute(
    "href",
    "https://instagram.com/rebstock",
  );
  await expect(footer.getByRole("link", { name: "E-Mail" })).toHaveAttribute(
    "href",
    "mailto:info@rebstock-weinstube.de",
  );
  if (shots) await guest.phone.screenshot({ path: `${shots}/menu-guest-links-390.png`, fullPage: true });
  const clicked = guest.phone.waitForRequest(/\/api\/v2\/statistics\/menu\/item\/click/);
  await guest.phone.locator("[data-i]").filter({ hasText: "Flammkuchen Elsässer Art" }).click();
  await clicked;
  await guest.close();

  await page.getByRole("tab", { name: "Einträge" }).click();
  await expect(page).toHaveURL(`/de/digital-menu/${shopId}`);
  const month = page.getByRole("combobox", { name: "Aufrufe im Monat" });
  await expect(month).toHaveValue(thisMonth());
  const dish = page.getByTestId("menu-item").filter({ hasText: "Flammkuchen Elsässer Art" });
  await expect(async () => {
    await page.reload();
    await expect(dish.getByText(`1 Aufruf im ${thisMonth()}`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // The months to choose from: this one (the only one with clicks yet).
  await month.click();
  await expect(page.getByRole("option")).toHaveText([thisMonth()]);
  await page.keyboard.press("Escape");
  await axeAtBothWidths(page, "menu-items-clicks");
});
