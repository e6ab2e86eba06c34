import { approveInConsole, confirmedPartner, logIn, logInToConsole } from "../support/accounts.ts";
import { axeAtBothWidths, DESKTOP, expect, PHONE, shots, test } from "../support/fixtures.ts";
import { completeSetUp, SHOP } from "../support/partner-setup.ts";

// From approval to the starter kit (docs/product.md, "Hardware"): a partner with two locations is
// set up and sent to review, the team approves it in the console, the hardware tab lists one
// starter kit per location to that location's address, and the partner's shop shows them in the
// order history next to a replacement ordered to the second location.
test("approval sends each location a starter kit: the console's hardware tab and the partner's order history show it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Café Starterpaket ${Date.now()}`;
  const account = await confirmedPartner(request, name);
  const partner = await completeSetUp(request, account.email, account.password);
  const second = {
    ...SHOP,
    name: "Filiale Sachsenhausen",
    street: "Schweizer Straße",
    building: "20",
    postcode: "60594",
  };
  await partner.call("post", "/dashboard/shop", second);

  // The team approves the account in the console.
  const team = await browser.newContext({ locale: "de-DE", viewport: DESKTOP });
  const console_ = await team.newPage();
  await logInToConsole(console_);
  await approveInConsole(console_, name);

  // The hardware tab: one starter kit per location, to the location's address.
  await console_.goto("/de/admin?tab=hardware");
  const kits = console_.locator('[data-testid="hardware-order-row"][data-kind="starter_kit"]').filter({
    hasText: name,
  });
  await expect(kits).toHaveCount(2);
  const altstadt = kits.filter({ hasText: SHOP.name });
  await expect(altstadt.locator("address")).toContainText(`${SHOP.street} ${SHOP.building}`);
  await expect(altstadt.locator("address")).toContainText(`${SHOP.postcode} ${SHOP.city}`);
  await expect(altstadt).toContainText("Starterpaket");
  await expect(altstadt).toContainText("1 × Chipkarte (NFC und QR)");
  await expect(altstadt).toContainText("1 × Aufsteller A5");
  await expect(altstadt).toContainText("2 × Aufkleber");
  const sachsenhausen = kits.filter({ hasText: second.name });
  await expect(sachsenhausen.locator("address")).toContainText("Schweizer Straße 20");
  await expect(sachsenhausen.locator("address")).toContainText("60594 Frankfurt am Main");
  await altstadt.scrollIntoViewIfNeeded();
  await axeAtBothWidths(console_, "console-hardware-starter-kit");

  // The partner opens the shop: the first location is the default; a stand goes to the second.
  await page.setViewportSize(DESKTOP);
  await logIn(page, account.email, account.password);
  await expect(page.getByRole("link", { name: /^Kontostatus/ })).toContainText("Grün");
  await page.getByTestId("shop-open").click();
  const shop = page.getByRole("dialog", { name: "Hardware" });
  const location = shop.getByRole("combobox", { name: "Lieferung an" });
  await expect(location).toHaveValue(SHOP.name);
  await expect(
    shop.getByText(`Wir senden an: ${SHOP.street} ${SHOP.building}, ${SHOP.postcode} ${SHOP.city}`),
  ).toBeVisible();
  await axeAtBothWidths(page, "shop-order");
  await location.click();
  await page.getByRole("option", { name: new RegExp(`^${second.name}`) }).click();
  await expect(location).toHaveValue(second.name);
  await expect(shop.getByText(/^Wir senden an: Schweizer Straße 20, 60594/)).toBeVisible();
  await shop.getByLabel("Anzahl Aufsteller A5").fill("1");
  await expect(shop.getByTestId("shop-gross")).toHaveText("5,95 €");
  await shop.getByRole("button", { name: "Kostenpflichtig bestellen" }).click();

  // After the order the dialog shows the history: the order and both starter kits, free.
  await expect(shop.getByRole("tab", { name: "Ihre Bestellungen" })).toHaveAttribute("aria-selected", "true");
  const history = shop.getByTestId("hardware-history-row");
  await expect(history).toHaveCount(3);
  const order = history.filter({ hasText: "Bestellung" }).filter({ hasText: second.name });
  await expect(order).toContainText("1 × Aufsteller A5");
  await expect(order).toContainText("In Vorbereitung");
  await expect(order).toContainText("5,00 € zzgl. MwSt.");
  const kitRows = shop.locator('[data-testid="hardware-history-row"][data-kind="starter_kit"]');
  await expect(kitRows).toHaveCount(2);
  await expect(kitRows.filter({ hasText: SHOP.name })).toContainText("2 × Aufkleber");
  await expect(kitRows.filter({ hasText: SHOP.name })).toContainText("Kostenlos");
  await expect(kitRows.filter({ hasText: second.name })).toContainText("Schweizer Straße 20, 60594");

  // The team ships the first location's kit; the partner sees it as shipped.
  await altstadt.getByRole("button", { name: new RegExp(`^Als versendet markieren: ${name}`) }).click();
  await expect(altstadt).toHaveCount(0);
  await team.close();
  await page.reload();
  await page.getByTestId("shop-open").click();
  await shop.getByRole("tab", { name: "Ihre Bestellungen" }).click();
  await expect(kitRows.filter({ hasText: SHOP.name })).toContainText("Versendet am");
  await expect(kitRows.filter({ hasText: second.name })).toContainText("In Vorbereitung");
  await expect(kitRows.filter({ hasText: second.name })).toContainText(
    /Lieferung bis spätestens \d{2}\.\d{2}\.\d{4}/,
  );
  await axeAtBothWidths(page, "shop-history");
  // The same history in English.
  await page.goto("/en/dashboard");
  await page.getByTestId("shop-open").click();
  const shopEn = page.getByRole("dialog", { name: "Hardware" });
  await shopEn.getByRole("tab", { name: "Your orders" }).click();
  const kitsEn = shopEn.locator('[data-testid="hardware-history-row"][data-kind="starter_kit"]');
  await expect(kitsEn.filter({ hasText: SHOP.name })).toContainText("Starter kit");
  await expect(kitsEn.filter({ hasText: SHOP.name })).toContainText("1 × Chip card (NFC and QR code)");
  await expect(kitsEn.filter({ hasText: SHOP.name })).toContainText("Free of charge");
  await expect(kitsEn.filter({ hasText: second.name })).toContainText("Arrives by");
  await axeAtBothWidths(page, "shop-history-en");
  await shopEn.getByRole("button", { name: "Close" }).click();
  if (shots) {
    await page.goto("/de/dashboard");
    await page.getByTestId("shop-open").click();
    await page.setViewportSize(PHONE);
    await shop.getByRole("tab", { name: "Nachbestellen" }).click();
    await page.screenshot({ path: `${shots}/shop-order-phone-viewport-390.png` });
  }
});
