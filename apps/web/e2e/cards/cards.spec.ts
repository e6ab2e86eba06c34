import { CARD_POINTS } from "@stempla/domain";
import { confirmedPartner, logIn } from "../support/accounts.ts";
import { axeAtBothWidths, DESKTOP, expect, PHONE, shots, test } from "../support/fixtures.ts";

test("a partner writes the bonus card offer, picks the points, sets conditions and manages links", async ({
  page,
  request,
}) => {
  const partner = await confirmedPartner(request, "Bäckerei Kornblume");
  await logIn(page, partner.email, partner.password);
  await page.getByRole("link", { name: "Bonuskarte" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bonuskarte" })).toBeVisible();

  // The word counter follows the typing; 21 words show the limit on the field.
  const offer = page.getByLabel(/^Beschreibung Ihres Angebots/);
  await offer.fill("Jedes zehnte Brötchen ist gratis");
  await expect(page.getByTestId("word-count")).toHaveText("5 / 20 Wörter");
  await expect(page.getByTestId("card-preview")).toContainText("Jedes zehnte Brötchen ist gratis");
  await offer.fill(Array.from({ length: 21 }, (_, i) => `Wort${i + 1}`).join(" "));
  await expect(page.getByTestId("word-count")).toHaveText("21 / 20 Wörter");
  await expect(page.getByText("Die Beschreibung darf höchstens 20 Wörter haben.")).toBeVisible();
  await offer.fill("Beim elften Kaffee geht die Tasse aufs Haus – egal welche Sorte.");
  await expect(page.getByText("Die Beschreibung darf höchstens 20 Wörter haben.")).toHaveCount(0);

  // Without points, the field states the range the constants allow.
  await page.getByLabel(/^Maximale Punkte/).fill("");
  await expect(
    page.getByText(`Wählen Sie zwischen ${CARD_POINTS.min} und ${CARD_POINTS.max} Punkten.`, {
      exact: false,
    }),
  ).toBeVisible();
  if (shots) {
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${shots}/cards-points-empty-1280.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${shots}/cards-points-empty-390.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
  }

  // Quick choice of the points, in words (the redeeming visit does not count); the offer's
  // "elften" does not fit 5 points, which is warned but does not stop saving.
  await page.getByText("5er-Karte", { exact: true }).click();
  await expect(page.getByLabel(/^Maximale Punkte/)).toHaveValue("5");
  await expect(page.getByTestId("points-in-words")).toHaveText(
    "Jeder 6. Besuch wird belohnt: 5 Stempel sammeln, beim 6. Besuch einlösen.",
  );
  await expect(page.getByTestId("offer-count-warning")).toContainText("„Beim elften“");

  // The conditions in detail: apps/web/e2e/cards/card-conditions.spec.ts.
  await page.getByLabel(/^Mindestumsatz pro Stempel/).fill("10,00");
  await expect(page.getByTestId("card-preview")).toContainText("Mindestumsatz 10,00 € pro Stempel");
  await page.getByRole("button", { name: "Bonuskarte speichern" }).click();
  await expect(page.getByText("Ihre Bonuskarte wurde gespeichert.")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel(/^Beschreibung Ihres Angebots/)).toHaveValue(
    "Beim elften Kaffee geht die Tasse aufs Haus – egal welche Sorte.",
  );
  await expect(page.getByLabel(/^Maximale Punkte/)).toHaveValue("5");
  await expect(page.getByLabel(/^Mindestumsatz pro Stempel/)).toHaveValue("10,00 €");

  // Links: the address is checked by the shared schema; add, change and remove one.
  await page.getByRole("button", { name: "Link hinzufügen" }).click();
  const dialog = page.getByRole("dialog", { name: "Link hinzufügen" });
  await expect(dialog.getByLabel(/^Art des Links/)).toHaveValue("Website");
  await dialog.getByLabel(/^Adresse \(URL\)/).fill("www.kornblume.de");
  await dialog.getByRole("button", { name: "Link speichern" }).click();
  await expect(
    dialog.getByText("Bitte geben Sie eine vollständige Adresse ein, die mit https:// beginnt."),
  ).toBeVisible();
  await dialog.getByLabel(/^Adresse \(URL\)/).fill("https://www.kornblume.de");
  await dialog.getByRole("button", { name: "Link speichern" }).click();
  await expect(page.getByText("Der Link wurde hinzugefügt.")).toBeVisible();
  await expect(page.getByTestId("social-link")).toContainText("https://www.kornblume.de");

  await page.getByRole("button", { name: "Website bearbeiten" }).click();
  const edit = page.getByRole("dialog", { name: "Link bearbeiten" });
  await edit.getByLabel(/^Adresse \(URL\)/).fill("https://kornblume.example");
  await edit.getByRole("button", { name: "Link speichern" }).click();
  await expect(page.getByTestId("social-link")).toContainText("https://kornblume.example");

  await expect(page.getByRole("main")).toBeVisible();
  await axeAtBothWidths(page, "cards-offer");

  await page.getByRole("button", { name: "Website entfernen" }).click();
  await page
    .getByRole("dialog", { name: "Link entfernen?" })
    .getByRole("button", { name: "Entfernen" })
    .click();
  await expect(page.getByText("Der Link wurde entfernt.")).toBeVisible();
  await expect(page.getByText("Sie haben noch keine Links hinterlegt.")).toBeVisible();

  // The status page now counts the card as done.
  await page.getByRole("link", { name: "Status", exact: true }).click();
  await expect(page.getByTestId("requirement-card")).toHaveAttribute("data-done", "true");
});

test("a fresh partner's status is gray, with the checklist leading to what is missing", async ({
  page,
  request,
}) => {
  const partner = await confirmedPartner(request, "Blumen Feldweg");
  await logIn(page, partner.email, partner.password);

  // The header shows the colour on every partner page and leads to the status page.
  const badge = page.getByRole("link", { name: /^Kontostatus:\s*Grau$/ });
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(page).toHaveURL(/\/de\/status$/);
  await expect(page.getByRole("heading", { level: 1, name: "Kontostatus" })).toBeVisible();
  await expect(page.getByTestId("current-status")).toHaveAttribute("data-status", "gray");
  await expect(page.getByRole("heading", { level: 2, name: "Nicht vollständig eingerichtet" })).toBeVisible();

  for (const requirement of ["location", "card", "sepa"]) {
    await expect(page.getByTestId(`requirement-${requirement}`)).toHaveAttribute("data-done", "false");
  }
  await expect(page.getByTestId("requirement-location").getByRole("link")).toHaveAttribute(
    "href",
    "/de/locations",
  );
  await expect(page.getByTestId("requirement-sepa").getByRole("link")).toHaveAttribute("href", "/de/company");
  await page.getByRole("link", { name: "Bonuskarte einrichten →" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bonuskarte" })).toBeVisible();
  await page.goBack();

  await expect(page.getByRole("heading", { name: "Die Farben im Überblick" })).toBeVisible();
  for (const colour of ["Schwarz", "Grau", "Gelb", "Grün", "Rot", "Orange"]) {
    await expect(page.getByText(new RegExp(`^${colour} · `))).toBeVisible();
  }
  await axeAtBothWidths(page, "status-colours");

  // On a phone the colour stays in the header.
  await page.setViewportSize(PHONE);
  await expect(badge).toBeVisible();
});
