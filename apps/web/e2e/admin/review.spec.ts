import { confirmedPartner, DEMO_ADMIN, DEMO_PARTNER, logIn, logInToConsole } from "../support/accounts.ts";
import {
  axeAtBothWidths,
  expect,
  failedResource,
  seriousAxeViolations,
  shots,
  test,
} from "../support/fixtures.ts";
import { completeSetUp, HOURS, SHOP } from "../support/partner-setup.ts";

test("the team finds a completed set-up in the queue, blocks, unblocks and approves it", async ({
  page,
  request,
  consoleErrors,
}) => {
  // The one refused request is the block without a reason; the browser logs it.
  consoleErrors.expect(failedResource(422));
  const name = `Bäckerei Prüfstein ${Date.now()}`;
  const partner = await confirmedPartner(request, name);
  await completeSetUp(request, partner.email, partner.password);

  // The review tab comes first; the new set-up waits there.
  await logInToConsole(page);
  await expect(page.getByRole("tab", { name: "Prüfung", selected: true })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Neue Einrichtung");
  await expect(row).toContainText("Gelb");
  await expect(row).toContainText(partner.email);
  await expect(row).toContainText(/gerade eben|seit \d+ Minuten?/);
  await axeAtBothWidths(page, "review-queue");

  await row.getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/de\/admin\/partners\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const status = page.getByTestId("partner-status");
  await expect(status).toHaveAttribute("data-status", "yellow");
  await expect(status).toContainText("In Prüfung seit");
  await expect(page.getByTestId("missing")).toHaveCount(0);
  await expect(page.getByTestId("section-card")).toContainText("Jedes zehnte Brötchen ist gratis");
  await expect(page.getByTestId("section-contact")).toContainText("Marta Korn");
  await expect(page.getByTestId("section-payment")).toContainText("DE•• •••• 3000");
  await expect(page.getByTestId("section-payment")).toContainText(/STP-\d{8}-01/);
  await expect(page.getByTestId("section-locations")).toContainText("Filiale Altstadt");
  await expect(page.getByTestId("section-locations")).toContainText("Sa08:00–13:00");
  // Nothing was approved yet, so there is nothing to compare with.
  await expect(page.getByTestId("changes")).toHaveCount(0);
  await axeAtBothWidths(page, "review-partner-yellow");

  // A block needs a reason: the server's message shows on the field.
  await page.getByRole("button", { name: "Sperren", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Konto sperren" });
  await dialog.getByRole("button", { name: "Konto sperren" }).click();
  await expect(
    dialog.getByText("Bitte geben Sie einen Grund für die Sperre an (mindestens 5 Zeichen)."),
  ).toBeVisible();
  await expect(dialog.getByLabel(/^Grund der Sperre/)).toHaveAttribute("aria-invalid", "true");
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/review-block-dialog.png` });
  const reason = "Das Impressum nennt keinen Inhaber. Bitte ergänzen Sie ihn.";
  await dialog.getByLabel(/^Grund der Sperre/).fill(reason);
  await dialog.getByRole("button", { name: "Konto sperren" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`${name} ist gesperrt. Der Partner wurde per E-Mail informiert.`),
  ).toBeVisible();
  await expect(status).toHaveAttribute("data-status", "red");
  await expect(page.getByTestId("block-reason")).toContainText(reason);
  const blocked = page.getByTestId("audit-event").first();
  await expect(blocked).toHaveAttribute("data-event", "blocked");
  await expect(blocked).toContainText("Gesperrt");
  await expect(blocked).toContainText(reason);
  await expect(blocked).toContainText(`durch ${DEMO_ADMIN.email}`);
  await expect(blocked).toContainText("von Gelb zu Rot");
  await expect(page.getByRole("button", { name: "Freigeben" })).toHaveCount(0);

  // Lifting the block returns the complete account to review.
  await page.getByRole("button", { name: "Sperre aufheben" }).click();
  await expect(page.getByText(`Die Sperre von ${name} ist aufgehoben.`)).toBeVisible();
  await expect(status).toHaveAttribute("data-status", "yellow");
  await expect(page.getByTestId("audit-event").first()).toHaveAttribute("data-event", "unblocked");

  // Approval makes it live and leaves a row in the history.
  await page.getByRole("button", { name: "Freigeben" }).click();
  await expect(page.getByText(`${name} ist freigegeben.`)).toBeVisible();
  await expect(status).toHaveAttribute("data-status", "green");
  const approved = page.getByTestId("audit-event").first();
  await expect(approved).toHaveAttribute("data-event", "approved");
  await expect(approved).toContainText("von Gelb zu Grün");
  await expect(approved).toContainText(`durch ${DEMO_ADMIN.email}`);
  // Confirmed address (black to gray), set-up complete, blocked, unblocked, approved.
  await expect(page.getByTestId("audit-event")).toHaveCount(5);
  await expect(page.getByTestId("audit-event").last()).toContainText("durch System");
  await expect(page.getByRole("button", { name: "Sperren", exact: true })).toBeVisible();

  // Back in the queue it is gone; the partner list leads to the same page.
  await page.getByRole("link", { name: "Zurück zur Konsole" }).click();
  await expect(page.getByRole("tab", { name: "Prüfung", selected: true })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  await page.getByRole("tab", { name: "Partner", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/admin\?tab=partners$/);
  await page.getByLabel("Suche").fill(name);
  await page
    .getByRole("row", { name: new RegExp(name) })
    .getByRole("link", { name })
    .click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("link", { name: "Zurück zur Konsole" }).click();
  await expect(page).toHaveURL(/\/de\/admin\?tab=partners$/);
});

test("a live account that changes reviewed data shows each change since the approval", async ({
  page,
  request,
  consoleErrors,
}) => {
  const name = `Café Wandel ${Date.now()}`;
  const account = await confirmedPartner(request, name);
  const partner = await completeSetUp(request, account.email, account.password);

  await logInToConsole(page, "en");
  await page
    .getByRole("row", { name: new RegExp(name) })
    .getByRole("link", { name })
    .click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("partner-status")).toHaveAttribute("data-status", "green");
  await expect(page.getByTestId("changes")).toHaveCount(0);

  // The partner changes the offer, the Saturday hours and adds a link: the account goes orange.
  await partner.call("post", `/dashboard/partner/${partner.partnerId}`, {
    description: "Every eleventh coffee is on the house",
    points: 10,
  });
  await partner.call("post", `/dashboard/shop/${partner.shopId}`, {
    ...SHOP,
    working_hours: { ...HOURS, sat: [{ from: "09:00", to: "14:00" }] },
  });
  await partner.call("post", "/dashboard/partnerSocials", {
    type: "instagram",
    url: "https://instagram.com/cafe.wandel",
  });

  await page.reload();
  await expect(page.getByTestId("partner-status")).toHaveAttribute("data-status", "orange");
  const changes = page.getByTestId("changes");
  await expect(changes.getByRole("heading", { name: /^Changes since the last approval \(/ })).toBeVisible();
  const offer = changes.locator('[data-field="card.description"]');
  await expect(offer).toContainText("Bonus card: offer");
  await expect(offer.locator("del")).toHaveText("Jedes zehnte Brötchen ist gratis");
  await expect(offer.locator("ins")).toHaveText("Every eleventh coffee is on the house");
  const hours = changes.locator('[data-field$=".openingHours"]');
  await expect(hours).toContainText("Filiale Altstadt: opening hours");
  await expect(hours.locator("del")).toContainText("Sat 08:00–13:00");
  await expect(hours.locator("ins")).toContainText("Sat 09:00–14:00");
  // Only the changed day is listed.
  await expect(hours.locator("ins")).not.toContainText("Mon");
  const link = changes.locator('[data-field="link.instagram"]');
  await expect(link).toContainText("Link: Instagram");
  await expect(link).toContainText("new");
  await expect(page.getByText("Approving publishes the changed data.")).toBeVisible();
  await axeAtBothWidths(page, "review-partner-orange");

  // The orange account waits in the queue as a change.
  await page.getByRole("link", { name: "Back to the console" }).click();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Changed data");
  await expect(row).toContainText("Orange");
  if (shots) await page.screenshot({ path: `${shots}/review-queue-en-1280.png`, fullPage: true });

  // An unknown account says so.
  await page.goto("/en/admin/partners/987654321");
  consoleErrors.expect(failedResource(404));
  await expect(page.getByText("This partner account does not exist (any more).")).toBeVisible();
});

test("a partner who opens a console partner page gets no access", async ({ page, consoleErrors }) => {
  // The console's request is refused to a partner; the browser logs it.
  consoleErrors.expect(failedResource(403));
  await page.goto("/de/admin/partners/1");
  await expect(page).toHaveURL(/\/de\/login\?redirect=%2Fde%2Fadmin%2Fpartners%2F1$/);
  await logIn(page, DEMO_PARTNER.email, DEMO_PARTNER.password);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await page.goto("/de/admin/partners/1");
  await expect(page.getByRole("heading", { name: "Kein Zugriff" })).toBeVisible();
});
