import {
  DEFAULT_AVERAGE_RECEIPT_CENTS,
  formatMoney,
  INCLUDED_SCANS_PER_LOCATION,
  MINIMUM_MONTHLY_CENTS_PER_LOCATION,
  monthlyPrice,
  PRICE_PER_SCAN_CENTS,
  VAT_RATE_PERCENT,
} from "@stempla/domain";
import { DEMO_ADMIN, DEMO_PARTNER, logIn, logInToConsole } from "../support/accounts.ts";
import { axeAtBothWidths, DESKTOP, expect, PHONE, shots, test } from "../support/fixtures.ts";

test("the team writes an entry in the console and readers see it on the public FAQ, in German and English", async ({
  page,
  browser,
  consoleErrors,
}) => {
  // A long journey (console, two languages, four accessibility checks) on a shared machine.
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  const slug = `vereinsrabatt-${Date.now()}`;
  await logInToConsole(page);
  await page.getByRole("tab", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/tab=faq/);
  await expect(page.getByTestId("admin-faq-entry").first()).toBeVisible();
  await axeAtBothWidths(page, "console-faq");

  await page.getByRole("button", { name: "Neuer Eintrag" }).click();
  const dialog = page.getByRole("dialog", { name: "Neuer FAQ-Eintrag" });
  // Saving with empty fields names them in German, on the fields.
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Bitte füllen Sie dieses Feld aus.").first()).toBeVisible();

  await dialog.getByLabel("Anker").fill(slug);
  await dialog.getByLabel("Thema").selectOption({ label: "Preise und Abrechnung" });
  await dialog.getByLabel("Sichtbar für").selectOption("public");
  await dialog.getByLabel("Veröffentlicht").check();
  const german = dialog.getByTestId("faq-editor-de");
  await german.getByLabel("Frage").fill("Gibt es einen Rabatt für Vereine?");
  await german
    .getByLabel("Antwort")
    .fill(
      'Ja, auf Anfrage.\n<red>Nur für eingetragene Vereine.</red>\nDer Mindestbetrag von {minimum_per_location} bleibt. Die Preise finden Sie unter [Preise](/pricing). <img src=x onerror="window.__faqXss=1">',
    );
  // A placeholder shows its value from the constants in the preview.
  const minimumDe = formatMoney(MINIMUM_MONTHLY_CENTS_PER_LOCATION, "de");
  await expect(german.getByLabel("Vorschau")).toContainText(`Der Mindestbetrag von ${minimumDe} bleibt.`);
  // The preview shows the converted answer: a red block and a link in the reader's language.
  await expect(german.getByTestId("faq-danger")).toHaveText("Nur für eingetragene Vereine.");
  await expect(german.getByRole("link", { name: "Preise" })).toHaveAttribute("href", "/de/pricing");
  const english = dialog.getByTestId("faq-editor-en");
  await english.getByLabel("Frage").fill("Is there a discount for clubs?");
  await english
    .getByLabel("Antwort")
    .fill(
      "Yes, on request.\n<red>Registered clubs only.</red>\nSee our [prices](/pricing), from {price_per_scn} a scan.",
    );
  await expect(english.getByRole("link", { name: "prices" })).toHaveAttribute("href", "/en/pricing");
  // A misspelt placeholder is refused on its field, with the list of the known ones.
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(
    english.getByText(/unbekannten Platzhalter. Verfügbar sind: .*\{price_per_scan\}/),
  ).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/console-faq-placeholder-error-1280.png` });
  // The help lists every placeholder with its value in both languages.
  await dialog.getByRole("button", { name: "Platzhalter für Zahlen" }).click();
  const help = dialog.locator('[data-placeholder="price_per_scan"]:visible');
  await expect(help).toContainText(formatMoney(PRICE_PER_SCAN_CENTS, "de"));
  await expect(help).toContainText(formatMoney(PRICE_PER_SCAN_CENTS, "en"));
  if (shots) {
    await help.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/console-faq-placeholders-1280.png` });
    await page.setViewportSize(PHONE);
    await help.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/console-faq-placeholders-390.png` });
    await page.setViewportSize(DESKTOP);
  }
  await english
    .getByLabel("Antwort")
    .fill(
      "Yes, on request.\n<red>Registered clubs only.</red>\nSee our [prices](/pricing), from {price_per_scan} a scan.",
    );
  await expect(english.getByLabel("Vorschau")).toContainText(
    `from ${formatMoney(PRICE_PER_SCAN_CENTS, "en")} a scan`,
  );
  if (shots) await page.screenshot({ path: `${shots}/console-faq-editor-1280.png` });
  await page.setViewportSize(PHONE);
  if (shots) await page.screenshot({ path: `${shots}/console-faq-editor-390.png` });
  await page.setViewportSize(DESKTOP);
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator(`[data-testid="admin-faq-entry"][data-slug="${slug}"]`);
  await expect(row).toContainText("Gibt es einen Rabatt für Vereine?");
  await expect(row).toContainText(DEMO_ADMIN.email);

  // A visitor who is not signed in, on the linked answer.
  const context = await browser.newContext({ viewport: DESKTOP });
  const visitor = await context.newPage();
  consoleErrors.watch(visitor);
  await visitor.goto(`/de/faq#${slug}`);
  const entry = visitor.locator(`#${slug}`);
  await expect(entry.getByRole("button", { name: "Gibt es einen Rabatt für Vereine?" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(entry.getByTestId("faq-danger")).toHaveText("Nur für eingetragene Vereine.");
  const link = entry.getByRole("link", { name: "Preise" });
  await expect(link).toHaveAttribute("href", "/de/pricing");
  await expect(link).toHaveClass(/locale-link/);
  // The markup the team typed is shown as text and never runs.
  await expect(entry).toContainText('<img src=x onerror="window.__faqXss=1">');
  await expect(entry).toContainText(`Der Mindestbetrag von ${minimumDe} bleibt.`);
  expect(await visitor.evaluate(() => (window as { __faqXss?: number }).__faqXss)).toBeUndefined();
  await axeAtBothWidths(visitor, "faq-public-de");

  await visitor.goto(`/en/faq#${slug}`);
  await expect(
    visitor.locator(`#${slug}`).getByRole("button", { name: "Is there a discount for clubs?" }),
  ).toBeVisible();
  await expect(visitor.locator(`#${slug}`).getByRole("link", { name: "prices" })).toHaveAttribute(
    "href",
    "/en/pricing",
  );
  await expect(visitor.locator(`#${slug}`)).toContainText(
    `from ${formatMoney(PRICE_PER_SCAN_CENTS, "en")} a scan`,
  );
  await expect(visitor.getByRole("heading", { name: "Pricing and billing" })).toBeVisible();
  // The launch answers state the prices from the constants too: the pooled-scans example.
  const example = monthlyPrice({
    locations: 2,
    scans: 2 * INCLUDED_SCANS_PER_LOCATION + 2,
    digitalMenuLocations: 0,
  });
  await visitor.goto("/en/faq#pooled-scans");
  await expect(visitor.locator("#pooled-scans")).toContainText(
    `Total: ${formatMoney(example.netCents, "en")} net, plus ${VAT_RATE_PERCENT}% VAT`,
  );

  // Unpublished, it is gone for readers at once.
  // A click and a retrying check, not uncheck(): the switch shows the new state from the
  // mutation's pending state, which React renders a task after the click (uncheck() looks at once
  // and failed a CI run on a slow machine).
  const published = row.getByRole("switch", { name: "Veröffentlicht" });
  await published.click();
  await expect(published).not.toBeChecked();
  await expect(row).toContainText("Entwurf");
  await visitor.goto("/de/faq");
  await expect(visitor.getByRole("heading", { name: "Erste Schritte" })).toBeVisible();
  await expect(visitor.locator(`#${slug}`)).toHaveCount(0);
  await context.close();
});

test("partners find the FAQ in the dashboard; the revenue explanation link opens its answer", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await logIn(page, DEMO_PARTNER.email, DEMO_PARTNER.password);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await page.getByTestId("revenue-faq").click();
  await expect(page).toHaveURL(/\/de\/help#estimated-extra-revenue$/);
  const answer = page.locator("#estimated-extra-revenue");
  await expect(
    answer.getByRole("button", { name: "Was ist der geschätzte Mehrumsatz und wie wird er berechnet?" }),
  ).toHaveAttribute("aria-expanded", "true");
  await expect(answer).toContainText(
    "Scans wiederkehrender Kunden im Monat × Ihr durchschnittlicher Bonwert",
  );
  // The assumed average receipt is the constant's, not a number typed into the text.
  await expect(answer).toContainText(
    `rechnen wir mit ${formatMoney(DEFAULT_AVERAGE_RECEIPT_CENTS, "de")} und kennzeichnen`,
  );
  await expect(answer).toBeInViewport();
  await expect(page.getByRole("link", { name: "Hilfe & FAQ" })).toHaveAttribute("data-active", "true");
  await axeAtBothWidths(page, "faq-partner-de");
});
