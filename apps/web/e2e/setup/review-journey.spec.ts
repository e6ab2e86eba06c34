import {
  approveAccount,
  approveInConsole,
  confirmedPartner,
  logIn,
  logInToConsole,
} from "../support/accounts.ts";
import { expect, test } from "../support/fixtures.ts";
import { completeSetUp } from "../support/partner-setup.ts";

// The whole life of a set-up across both sides, each in its own browser session: the team
// approves (green), the partner changes its offer (orange, the app keeps the approved offer),
// the team approves the change (green, the new offer is published).
test("approval turns the partner green; a changed card description goes orange until approved again", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `Kaffeerösterei Bohne ${Date.now()}`;
  const account = await confirmedPartner(request, name);
  const partner = await completeSetUp(request, account.email, account.password);
  const shop = await partner.call("get", `/dashboard/shop/${partner.shopId}`);
  const scanCode = new URL(shop.scan_url).pathname.split("/").pop();
  const published = async () => {
    const res = await request.get(`/api/v2/scan-codes/${scanCode}/partner`);
    return res.ok() ? (await res.json()).data.description : res.status();
  };

  await logIn(page, account.email, account.password);
  const header = page.getByRole("link", { name: /^Kontostatus/ });
  await expect(header).toContainText("Gelb");
  expect(await published()).toBe(404);

  const team = await browser.newContext({ locale: "de-DE" });
  const console_ = await team.newPage();
  await logInToConsole(console_);
  await approveInConsole(console_, name);

  await page.reload();
  await expect(header).toContainText("Grün");
  expect(await published()).toBe("Jedes zehnte Brötchen ist gratis");

  // The partner changes the offer on the card page.
  await page.getByRole("link", { name: "Bonuskarte" }).click();
  await expect(page.getByText(/Änderungen .* geprüft/).first()).toBeVisible();
  await page.getByLabel(/^Beschreibung Ihres Angebots/).fill("Jeder zehnte Kaffee ist gratis");
  await page.getByRole("button", { name: "Bonuskarte speichern" }).click();
  await expect(header).toContainText("Orange");
  // Customers still see the approved offer while the change waits for review.
  expect(await published()).toBe("Jedes zehnte Brötchen ist gratis");

  // The team sees exactly what changed, and approves it.
  await console_.goto("/de/admin");
  const row = console_.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Orange");
  await row.getByRole("link", { name }).click();
  const changes = console_.getByTestId("changes");
  await expect(changes).toContainText("Jedes zehnte Brötchen ist gratis");
  await expect(changes).toContainText("Jeder zehnte Kaffee ist gratis");
  await console_.getByRole("button", { name: "Freigeben" }).click();
  await expect(console_.getByTestId("partner-status")).toHaveAttribute("data-status", "green");
  await team.close();

  await page.reload();
  await expect(header).toContainText("Grün");
  expect(await published()).toBe("Jeder zehnte Kaffee ist gratis");
  await page.getByRole("link", { name: "Status", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kontostatus" })).toBeVisible();
});

// A live account that revokes its SEPA mandate is red for missing data, not blocked: the partner
// sees what is missing, the team sees no block to lift (docs/product.md, "Account status").
test("revoking the mandate turns a live account red for missing data, hides its card, and the console shows no block", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `Teeladen Blatt ${Date.now()}`;
  const account = await confirmedPartner(request, name);
  const partner = await completeSetUp(request, account.email, account.password);
  const companyId = partner.companyId;
  await approveAccount(request, companyId);
  const shop = await partner.call("get", `/dashboard/shop/${partner.shopId}`);
  const scanCode = new URL(shop.scan_url).pathname.split("/").pop();

  await logIn(page, account.email, account.password);
  const header = page.getByRole("link", { name: /^Kontostatus/ });
  await expect(header).toContainText("Grün");
  await page.getByRole("link", { name: "Unternehmen" }).first().click();
  await page.getByRole("button", { name: "Lastschriftmandat widerrufen" }).click();
  const dialog = page.getByRole("dialog", { name: "SEPA-Lastschriftmandat widerrufen" });
  await expect(dialog).toContainText("Status Rot");
  await dialog.getByRole("button", { name: "Mandat widerrufen" }).click();
  await expect(page.getByText("Ihr Lastschriftmandat ist widerrufen.")).toBeVisible();
  // The header follows at once, and customers no longer see the card.
  await expect(header).toContainText("Rot");
  expect((await request.get(`/api/v2/scan-codes/${scanCode}/partner`)).status()).toBe(404);

  await page.getByRole("link", { name: "Status", exact: true }).click();
  const current = page.getByTestId("current-status");
  await expect(current).toHaveAttribute("data-status", "red");
  await expect(current.getByRole("heading", { level: 2 })).toHaveText("Pflichtangaben fehlen");
  await expect(current).not.toContainText("Grund der Sperrung");
  await expect(page.getByText("5 von 6 erledigt")).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath("status-red-incomplete-desktop.png"),
    fullPage: true,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("status-red-incomplete-phone.png"), fullPage: true });

  const teamContext = await browser.newContext({ locale: "de-DE" });
  const console_ = await teamContext.newPage();
  await logInToConsole(console_);
  await console_.goto(`/de/admin/partners/${companyId}`);
  const actions = console_.getByTestId("status-actions");
  await expect(actions).toContainText("Es ist nicht gesperrt");
  await expect(actions.getByRole("button", { name: "Sperre aufheben" })).toHaveCount(0);
  await expect(actions.getByRole("button", { name: "Sperren" })).toBeVisible();
  await teamContext.close();
});
