import { confirmedPartner, logIn, logInToConsole } from "../support/accounts.ts";
import { axeAtBothWidths, DESKTOP, expect, PHONE, shots, test } from "../support/fixtures.ts";

test("the team announces a terms change, the partner objects on the dashboard, the team handles the objection", async ({
  page,
  browser,
  request,
}) => {
  // Two accounts, five pages each checked by axe at two widths.
  test.setTimeout(120_000);
  const companyName = `Café Widerspruch ${Date.now()}`;
  const partner = await confirmedPartner(request, companyName);

  // The team announces the change in the console (one change may be pending at a time: a run
  // against a server where one is already pending uses that one).
  await page.setViewportSize(DESKTOP);
  await logInToConsole(page);
  await page.getByRole("tab", { name: "AGB" }).click();
  await expect(page).toHaveURL(/tab=terms/);
  const versions = page.getByTestId("terms-version");
  await expect(versions.first()).toBeVisible();
  const pending = (await versions.filter({ hasText: "gilt ab" }).count()) > 0;
  if (pending) {
    await expect(page.getByTestId("terms-pending")).toContainText(
      "Eine weitere Änderung können Sie ankündigen",
    );
  } else {
    const form = page.getByTestId("terms-announce");
    // Too early a date is refused on the field before anything is sent.
    const earliest = await form.getByLabel("Gültig ab").inputValue();
    await form.getByLabel("Gültig ab").fill("2026-01-01");
    await form.getByRole("button", { name: "Änderung ankündigen" }).click();
    await expect(form.getByText("frühestens 6 Wochen nach der Ankündigung")).toBeVisible();
    await form.getByLabel("Gültig ab").fill(earliest);
    await form.getByLabel("Versionsbezeichnung").fill(`E2E-${Date.now()}`);
    await form
      .getByLabel("Zusammenfassung der Änderungen (Deutsch)")
      .fill("Ersatz-Chipkarten kosten künftig 6 € zzgl. USt.\nAlle anderen Regelungen bleiben unverändert.");
    await form
      .getByLabel("Zusammenfassung der Änderungen (Englisch)")
      .fill("Replacement chip cards will cost 6 € plus VAT.\nEverything else stays the same.");
    await form.getByRole("button", { name: "Änderung ankündigen" }).click();
    await expect(page.getByText(/^Angekündigt; \d+ E-Mails? (ist|sind) im Postausgang\.$/)).toBeVisible();
    await expect(versions.filter({ hasText: "gilt ab" })).toHaveCount(1);
    // While it is pending, the form gives way to a note.
    await expect(page.getByTestId("terms-pending")).toBeVisible();
  }
  await axeAtBothWidths(page, "console-terms");

  // The partner sees the notice on the dashboard (here above the set-up wizard) and objects.
  const partnerContext = await browser.newContext({ viewport: DESKTOP, locale: "de-DE" });
  const partnerPage = await partnerContext.newPage();
  await logIn(partnerPage, partner.email, partner.password);
  const notice = partnerPage.getByTestId("terms-change-notice");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Änderung unserer AGB für Partner zum");
  await expect(notice).toContainText("wenn Sie nicht bis zum");
  await axeAtBothWidths(partnerPage, "dashboard-terms-notice");
  await notice.getByRole("button", { name: "Widersprechen" }).click();
  const dialog = partnerPage.getByRole("dialog", { name: /widersprechen/ });
  await dialog
    .getByLabel("Grund (freiwillig)")
    .fill("Die höheren Preise passen nicht zu unserem kleinen Laden.");
  if (shots) await partnerPage.screenshot({ path: `${shots}/dashboard-terms-objection-1280.png` });
  await partnerPage.setViewportSize(PHONE);
  if (shots) await partnerPage.screenshot({ path: `${shots}/dashboard-terms-objection-390.png` });
  await partnerPage.setViewportSize(DESKTOP);
  await dialog.getByRole("button", { name: "Widerspruch senden" }).click();
  await expect(dialog).toBeHidden();
  await expect(notice.getByTestId("terms-objected")).toContainText("Sie haben dieser Änderung am");
  await expect(notice.getByRole("button", { name: "Widersprechen" })).toHaveCount(0);
  await axeAtBothWidths(partnerPage, "dashboard-terms-objected");

  // The company page names the accepted version and when it was accepted.
  await partnerPage.goto("/de/company");
  const accepted = partnerPage.getByTestId("accepted-terms");
  await expect(accepted).toContainText("Fassung 2023-11, gültig seit 10.11.2023");
  await expect(accepted).toContainText("Angenommen bei der Registrierung am");
  await expect(accepted).toContainText("haben Sie widersprochen");
  await axeAtBothWidths(partnerPage, "company-terms");

  // The team finds the objection and marks it handled with a note.
  await page.reload();
  const objection = page.getByTestId("terms-objection").filter({ hasText: companyName });
  await expect(objection).toContainText("Die höheren Preise passen nicht zu unserem kleinen Laden.");
  await expect(objection).toContainText(partner.email);
  await objection.getByRole("button", { name: "Als bearbeitet markieren" }).click();
  await objection.getByRole("button", { name: "Als bearbeitet speichern" }).click();
  await expect(objection.getByText("Bitte notieren Sie in mindestens 3 Zeichen")).toBeVisible();
  await objection
    .getByLabel("Wie wurde der Widerspruch bearbeitet?")
    .fill("Telefonisch geklärt, Preis bleibt für Bestandskunden.");
  await objection.getByRole("button", { name: "Als bearbeitet speichern" }).click();
  await expect(page.getByText("Der Widerspruch ist als bearbeitet gespeichert.")).toBeVisible();

  // The partner page in the console shows the version and the handled objection.
  await page.getByRole("tab", { name: "Partner" }).click();
  await page.getByLabel("Suche").fill(companyName);
  await page.getByRole("link", { name: companyName }).first().click();
  const card = page.getByTestId("partner-terms");
  await expect(card).toContainText(
    "Fassung 2023-11 (gültig seit 10.11.2023), angenommen bei der Registrierung am",
  );
  await expect(card.getByTestId("objection-note")).toContainText("Telefonisch geklärt");
  await axeAtBothWidths(page, "console-partner-terms");

  // The deletion log tab opens (empty here) and says what the clean-up does.
  await page.goto("/de/admin?tab=deletions");
  await expect(page.getByText("Unvollständige Konten (Schwarz oder Grau, nie freigeschaltet)")).toBeVisible();
  await axeAtBothWidths(page, "console-deletions");
});
