import { confirmedPartner, logIn, logInToConsole } from "../support/accounts.ts";
import { axeAtBothWidths, DESKTOP, expect, test } from "../support/fixtures.ts";

test("a partner sets excluded product groups, time limits, a minimum spend and a note; the preview words them", async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  const partner = await confirmedPartner(request, "Kiosk Eckstein");
  await logIn(page, partner.email, partner.password);
  await page.getByRole("link", { name: "Bonuskarte" }).click();
  await page.getByLabel(/^Beschreibung Ihres Angebots/).fill("Jede zehnte Zeitung gratis");
  const preview = page.getByTestId("card-preview");

  // Product groups as tags: Enter or a comma takes one.
  const groups = page.getByRole("combobox", { name: "Ausgenommene Produktgruppen" });
  await groups.fill("Tabakwaren");
  await groups.press("Enter");
  await groups.pressSequentially("Zeitschriften,");
  await expect(preview).toContainText("Nicht gültig für: Tabakwaren, Zeitschriften");

  // Time limits: weekdays in the morning to start with; Saturday added, only for redeeming.
  await page.getByLabel("Nur zu bestimmten Zeiten").check();
  const window = page.getByTestId("time-window");
  await expect(window).toHaveCount(1);
  await window.getByText("Sa", { exact: true }).click();
  await page.getByText("Einlösen", { exact: true }).click();
  await expect(preview).toContainText("Einlösen nur Mo–Sa 08:00–12:00");

  // An end before the start is refused on the field, in the partner's words.
  await page.getByLabel("Ende von Zeitraum 1").fill("07:30");
  await page.getByLabel(/^Mindestumsatz pro Stempel/).fill("5");
  await page.getByLabel(/^Weiterer Hinweis/).fill("Nicht mit anderen Aktionen kombinierbar");
  await page.getByRole("button", { name: "Bonuskarte speichern" }).click();
  await expect(page.getByText("Der Beginn muss vor dem Ende liegen.")).toBeVisible();
  await page.getByLabel("Ende von Zeitraum 1").fill("11:30");
  await expect(page.getByText("Der Beginn muss vor dem Ende liegen.")).toHaveCount(0);

  // A second window on Sunday afternoons.
  await page.getByRole("button", { name: "Zeitraum hinzufügen" }).click();
  const second = page.getByTestId("time-window").nth(1);
  for (const day of ["Mo", "Di", "Mi", "Do", "Fr", "So"])
    await second.getByText(day, { exact: true }).click();
  await page.getByLabel("Beginn von Zeitraum 2").fill("14:00");
  await page.getByLabel("Ende von Zeitraum 2").fill("17:00");

  await expect(preview).toContainText("Mindestumsatz 5,00 € pro Stempel");
  await expect(preview).toContainText("Einlösen nur Mo–Sa 08:00–11:30 und So 14:00–17:00");
  await expect(preview).toContainText("Nicht mit anderen Aktionen kombinierbar");
  await page.getByRole("button", { name: "Bonuskarte speichern" }).click();
  await expect(page.getByText("Ihre Bonuskarte wurde gespeichert.")).toBeVisible();
  await axeAtBothWidths(page, "cards-conditions");

  // Saved as entered.
  await page.reload();
  await expect(page.getByLabel(/^Mindestumsatz pro Stempel/)).toHaveValue("5,00 €");
  await expect(page.getByLabel("Nur zu bestimmten Zeiten")).toBeChecked();
  await expect(page.getByTestId("time-window")).toHaveCount(2);
  await expect(page.getByLabel("Ende von Zeitraum 1")).toHaveValue("11:30");
  await expect(page.getByText("Zeitschriften", { exact: true })).toBeVisible();
  await expect(preview).toContainText("Einlösen nur Mo–Sa 08:00–11:30 und So 14:00–17:00");

  // Switching the limits off takes them off the card.
  await page.getByLabel("Nur zu bestimmten Zeiten").uncheck();
  await expect(preview).not.toContainText("Einlösen nur");
  await page.getByRole("button", { name: "Bonuskarte speichern" }).click();
  await expect(page.getByText("Ihre Bonuskarte wurde gespeichert.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Nur zu bestimmten Zeiten")).not.toBeChecked();
});

test("the team reads changed conditions in plain words on the review page", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await logInToConsole(page);
  // The orange demo partner changed its card after the approval (apps/api/src/db/seed/accounts.ts).
  await page
    .getByRole("row", { name: /Blumen Lindner/ })
    .getByRole("link", { name: /Blumen Lindner/ })
    .click();
  const changes = page.getByTestId("changes");
  await expect(changes.locator('[data-field="card.timeLimits"]')).toContainText(
    "Bonuskarte: zeitliche Einschränkungen",
  );
  await expect(changes.locator('[data-field="card.timeLimits"]')).toContainText(
    "Einlösen nur Mo–Fr 09:00–17:00",
  );
  await expect(changes.locator('[data-field="card.excludedProducts"]')).toContainText("Hochzeitsfloristik");
  await expect(page.getByTestId("section-card")).toContainText("Einlösen nur Mo–Fr 09:00–17:00");
  await axeAtBothWidths(page, "review-conditions");
});
