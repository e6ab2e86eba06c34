import { approveAccount, confirmedPartner, logIn } from "../support/accounts.ts";
import { expect, test } from "../support/fixtures.ts";
import { completeSetUp } from "../support/partner-setup.ts";

// Every mutation refreshes the account colour (shared/api/account-status.ts): editing a live
// location sends the account to review, and the header shows orange at once, without a reload.
test("the header colour follows an edit of a live location without a reload", async ({ page, request }) => {
  const partner = await confirmedPartner(request, `Café Frisch ${Date.now()}`);
  const setUp = await completeSetUp(request, partner.email, partner.password);
  await approveAccount(request, setUp.companyId);

  await logIn(page, partner.email, partner.password);
  // Signed in once the dashboard opens; going on before that finds the login page again.
  await expect(page).toHaveURL(/\/de\/dashboard/);
  await page.goto(`/de/locations/${setUp.shopId}`);
  // The header's badge, on every partner page.
  await expect(page.getByRole("link", { name: /^Kontostatus:\s*Grün$/ })).toBeVisible();

  await page.getByLabel("Samstag, Zeitraum 1: bis").fill("14:00");
  await page.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Der Standort wurde gespeichert.")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Kontostatus:\s*Orange$/ })).toBeVisible();
});
