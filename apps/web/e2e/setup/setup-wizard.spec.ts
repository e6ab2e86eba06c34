import {
  CARD_POINTS,
  faqPlaceholderValue,
  formatMoney,
  MINIMUM_MONTHLY_CENTS_PER_LOCATION,
} from "@stempla/domain";
import { PNG } from "pngjs";
import { confirmedPartner, logIn } from "../support/accounts.ts";
import {
  axeAtBothWidths,
  DESKTOP,
  expect,
  failedResource,
  PHONE,
  seriousAxeViolations,
  shots,
  test,
} from "../support/fixtures.ts";

/** A square PNG logo of the given edge, made here so the server's size check sees a real image. */
function pngLogo(edge: number): Buffer {
  const png = new PNG({ width: edge, height: edge });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 200;
    png.data[i + 1] = 60;
    png.data[i + 2] = 40;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

test("a new partner completes the set-up wizard on a phone, continues after a reload, and sees yellow", async ({
  page,
  request,
  consoleErrors,
}) => {
  // The one refused request is the logo that was too small; the browser logs it.
  consoleErrors.expect(failedResource(422));
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const partner = await confirmedPartner(request, "Café Morgentau");
  await logIn(page, partner.email, partner.password);

  const step = page.getByTestId("setup-progress");
  const next = () => page.getByRole("button", { name: "Weiter", exact: true }).click();
  await expect(step).toHaveText("Schritt 1 von 12");
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/wizard-1-phone.png`, fullPage: true });

  await next();
  await expect(
    page.getByText("Bitte geben Sie einen Namen für den Standort ein (2 bis 60 Zeichen)."),
  ).toBeVisible();
  await page.getByLabel(/^Name des Standorts/).fill("Café Morgentau am Markt");
  await next();

  await expect(step).toHaveText("Schritt 2 von 12");
  await page.getByRole("button", { name: "Geschäftsadresse übernehmen" }).click();
  await expect(page.getByLabel(/^Straße/)).toHaveValue("Kaiserstraße");
  // The map places the business address's postcode until the partner moves the pin.
  await expect(page.getByTestId("position-source")).toContainText("Ortsmitte zur Postleitzahl");
  if (shots) await page.screenshot({ path: `${shots}/wizard-2-address-phone.png`, fullPage: true });
  await page.getByLabel(/^Hausnummer/).fill("9");
  await next();

  // The location's steps follow each other: confirmation, phone and hours come right after the
  // address. Progress is kept on the server: a reload continues at the confirmation.
  await expect(step).toHaveText("Schritt 3 von 12");
  await page.reload();
  await expect(step).toHaveText("Schritt 3 von 12");
  await expect(page.getByTestId("location-summary")).toContainText("Café Morgentau am Markt");
  await expect(page.getByTestId("location-summary")).toContainText("Kaiserstraße 9");
  // Before it is confirmed: what the location costs, and that it gets a staff PIN.
  await expect(page.getByTestId("location-cost-note")).toContainText(
    `mindestens ${formatMoney(MINIMUM_MONTHLY_CENTS_PER_LOCATION, "de")} im Monat`,
  );
  await expect(page.getByTestId("location-pin-note")).toContainText(
    "um eine volle Karte einzulösen oder einen Punkt über das Sammellimit hinaus zu vergeben",
  );
  if (shots) await page.screenshot({ path: `${shots}/wizard-3-confirm-phone.png`, fullPage: true });
  await page.getByRole("button", { name: "Ja, Standort anlegen" }).click();

  await expect(step).toHaveText("Schritt 4 von 12");
  // The first location's phone starts with the number given at registration ("69 123456"); a
  // number typed the German way shows as it is stored once the field is left.
  const phone = page.getByRole("textbox", { name: "Telefon (optional)" });
  await expect(phone).toHaveValue("+49 69 123456");
  await phone.fill("0221 1234567");
  await phone.blur();
  await expect(phone).toHaveValue("+49 221 1234567");
  if (shots) await page.screenshot({ path: `${shots}/wizard-4-location-phone-phone.png`, fullPage: true });
  await next();

  await expect(step).toHaveText("Schritt 5 von 12");
  await page.getByRole("switch", { name: "Montag" }).check();
  // 24-hour times typed on the number pad, then Monday's hours for the working week.
  await page.getByLabel("Montag, Zeitraum 1: von").fill("0730");
  await expect(page.getByLabel("Montag, Zeitraum 1: von")).toHaveValue("07:30");
  await page.getByRole("button", { name: "Zeiten übertragen (Montag)" }).click();
  await page.getByRole("menuitem", { name: "Auf Montag bis Freitag" }).click();
  await expect(page.getByLabel("Freitag, Zeitraum 1: von")).toHaveValue("07:30");
  await expect(page.getByRole("switch", { name: "Samstag" })).not.toBeChecked();
  if (shots) await page.screenshot({ path: `${shots}/wizard-5-hours-phone.png`, fullPage: true });
  await next();

  await expect(step).toHaveText("Schritt 6 von 12");
  await next();
  await expect(page.getByText("Bitte wählen Sie eine Hauptkategorie.")).toBeVisible();
  await page.getByRole("combobox", { name: "Hauptkategorie" }).click();
  await page.getByRole("option").first().click();
  await next();

  await expect(step).toHaveText("Schritt 7 von 12");
  const upload = page.waitForResponse((r) => r.url().endsWith("/dashboard/partner/logo"));
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "klein.png", mimeType: "image/png", buffer: pngLogo(120) });
  await upload;
  await expect(page.getByText(/Das Logo ist zu klein/)).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: pngLogo(300) });
  await expect(page.getByRole("img", { name: "Ihr aktuelles Logo" })).toBeVisible();
  await next();

  await expect(step).toHaveText("Schritt 8 von 12");
  await expect(page.getByLabel(/^Öffentlicher Name/)).toHaveValue("Café Morgentau");
  await next();

  await expect(step).toHaveText("Schritt 9 von 12");
  const offer = page.getByLabel(/^Ihr Angebot/);
  await offer.fill(Array.from({ length: 21 }, (_, i) => `Wort${i}`).join(" "));
  await expect(page.getByTestId("word-count")).toHaveText("21 / 20 Wörter");
  await expect(page.getByText("Die Beschreibung darf höchstens 20 Wörter haben.")).toBeVisible();
  await offer.fill("Jeder elfte Kaffee ist gratis");
  await expect(page.getByTestId("word-count")).toHaveText("5 / 20 Wörter");
  await next();

  await expect(step).toHaveText("Schritt 10 von 12");
  // The range and the suggestions as the constants state them.
  await expect(
    page.getByText(
      `Zwischen ${CARD_POINTS.min} und ${CARD_POINTS.max} Punkten. Bewährt haben sich ${faqPlaceholderValue("suggested_points", "de")}.`,
    ),
  ).toBeVisible();
  // The points in words, and a warning (not a refusal) while the offer counts differently.
  await page.getByText("5 Punkte", { exact: true }).click();
  await expect(page.getByTestId("points-in-words")).toHaveText(
    "Jeder 6. Besuch wird belohnt: 5 Stempel sammeln, beim 6. Besuch einlösen.",
  );
  await expect(page.getByTestId("offer-count-warning")).toHaveText(
    "Ihr Angebot nennt „Jeder elfte“, bei 5 Punkten gibt es die Prämie aber beim 6. Besuch. Bitte passen Sie die Punkte oder den Text an.",
  );
  if (shots) {
    await page.screenshot({ path: `${shots}/wizard-10-points-phone.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${shots}/wizard-10-points-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
  }
  await page.getByText("10 Punkte", { exact: true }).click();
  await expect(page.getByTestId("points-in-words")).toHaveText(
    "Jeder 11. Besuch wird belohnt: 10 Stempel sammeln, beim 11. Besuch einlösen.",
  );
  await expect(page.getByTestId("offer-count-warning")).toHaveCount(0);
  await next();

  await expect(step).toHaveText("Schritt 11 von 12");
  await page.getByLabel(/^Kontoinhaber/).fill("Café Morgentau GmbH");
  const iban = page.getByLabel(/^IBAN/);
  await iban.fill("DE89370400440532013001");
  await expect(iban).toHaveValue("DE89 3704 0044 0532 0130 01");
  await page.getByRole("button", { name: "Mandat erteilen und weiter" }).click();
  await expect(page.getByText("Die eingegebene IBAN ist ungültig.")).toBeVisible();
  await expect(
    page.getByText("Bitte erteilen Sie das SEPA-Lastschriftmandat, um fortzufahren."),
  ).toBeVisible();
  await expect(page.getByTestId("mandate-reference")).toHaveText(/^STP-\d{8}-01$/);
  if (shots) await page.screenshot({ path: `${shots}/wizard-billing-phone.png`, fullPage: true });
  await iban.fill("DE89370400440532013000");
  await page.getByLabel(/^Ich erteile dieses SEPA-Lastschriftmandat/).check();
  await page.getByRole("button", { name: "Mandat erteilen und weiter" }).click();

  await expect(step).toHaveText("Schritt 12 von 12");
  await page.getByLabel(/^Vorname/).fill("Mara");
  await page.getByLabel(/^Nachname/).fill("Tau");
  if (shots) await page.screenshot({ path: `${shots}/wizard-finish-phone.png`, fullPage: true });
  await page.getByRole("button", { name: "Einrichtung abschließen" }).click();

  // The wizard is closed; the account waits for the review.
  await expect(page.getByRole("link", { name: /Kontostatus:? ?Gelb/ })).toBeVisible();
  await expect(page.getByTestId("setup-progress")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("setup-progress")).toHaveCount(0);

  // The company page shows the saved data, the IBAN only masked.
  await page.goto("/de/company");
  await expect(page.getByTestId("iban-masked")).toHaveText("DE•• •••• 3000");
  await expect(page.getByText("DE89370400440532013000")).toHaveCount(0);
  await expect(page.getByTestId("contact")).toContainText("Mara Tau");
  // The contact person's phone was prefilled with the business number; both read formatted.
  await expect(page.getByTestId("contact")).toContainText("+49 69 123456");
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/company-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  if (shots) await page.screenshot({ path: `${shots}/company-desktop.png`, fullPage: true });
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The location's saved phone, as its page shows it.
  await page.goto("/de/locations");
  await page.getByRole("link", { name: /Café Morgentau am Markt/ }).click();
  await expect(page.getByRole("textbox", { name: "Telefon (optional)" })).toHaveValue("+49 221 1234567");
  if (shots) await page.screenshot({ path: `${shots}/location-phone-desktop.png`, fullPage: true });
});

test("a partner adds a further location with the wizard's location steps", async ({ page, request }) => {
  const partner = await confirmedPartner(request, "Eiscafé Venezia");
  // The account set-up is done through the API here; the first test walks it in the browser.
  const token = (
    await (
      await request.post("/api/v2/dashboard/login", {
        data: { email: partner.email, password: partner.password },
      })
    ).json()
  ).data.token as string;
  const headers = { authorization: `Bearer ${token}` };
  const first = await request.post("/api/v2/dashboard/shop", {
    headers,
    data: {
      name: "Eiscafé Venezia Dom",
      street: "Domplatz",
      building: "1",
      postcode: "60311",
      city: "Frankfurt am Main",
    },
  });
  expect(first.status()).toBe(201);
  const locationId = (await first.json()).data.id as number;
  expect(
    (
      await request.put("/api/v2/dashboard/setup", {
        headers,
        data: { step: "finish", location_id: locationId },
      })
    ).ok(),
  ).toBe(true);
  expect((await request.post("/api/v2/dashboard/setup/finish", { headers, data: {} })).ok()).toBe(true);

  await logIn(page, partner.email, partner.password);
  await page.getByRole("link", { name: "Standorte", exact: true }).click();
  await page.getByRole("button", { name: "Schritt für Schritt hinzufügen" }).click();
  const step = page.getByTestId("setup-progress");
  await expect(step).toHaveText("Schritt 1 von 6");
  await expect(page.getByRole("heading", { name: "Standort hinzufügen" })).toBeVisible();
  await page.getByLabel(/^Name des Standorts/).fill("Eiscafé Venezia Zeil");
  await page.getByRole("button", { name: "Weiter", exact: true }).click();
  await page.getByLabel(/^Straße/).fill("Zeil");
  await page.getByLabel(/^Hausnummer/).fill("90");
  await page.getByLabel(/^Postleitzahl/).fill("60313");
  await page.getByLabel(/^Ort/).fill("Frankfurt am Main");
  await page.getByRole("button", { name: "Weiter", exact: true }).click();
  await expect(page.getByTestId("location-cost-note")).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/wizard-location-confirm-desktop.png`, fullPage: true });
  await page.getByRole("button", { name: "Ja, Standort anlegen" }).click();
  await expect(step).toHaveText("Schritt 4 von 6");
  await page.getByRole("button", { name: "Überspringen" }).click();
  await expect(step).toHaveText("Schritt 5 von 6");
  await page.getByRole("switch", { name: "Samstag" }).check();
  if (shots) await page.screenshot({ path: `${shots}/wizard-hours-desktop.png`, fullPage: true });
  await page.getByRole("button", { name: "Überspringen" }).click();
  await page.getByRole("button", { name: "Fertig" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Eiscafé Venezia Zeil" })).toBeVisible();
  await expect(page.getByText("Zeil 90, 60313 Frankfurt am Main")).toBeVisible();
  await page.getByRole("link", { name: "Übersicht" }).click();
  await expect(page.getByTestId("setup-progress")).toHaveCount(0);
});

test("the card page says which visit is rewarded, in the preview too, and warns about another count", async ({
  page,
  request,
}) => {
  const partner = await confirmedPartner(request, "Café Bohne");
  await logIn(page, partner.email, partner.password, "en");
  await expect(page.getByRole("link", { name: "Bonus card", exact: true })).toBeVisible();
  await page.goto("/en/cards");
  const offer = page.getByLabel(/^Describe your offer/);
  const points = page.getByLabel(/^Maximum points/);
  await offer.fill("Free coffee");
  await points.fill("10");
  await expect(page.getByTestId("points-in-words")).toHaveText(
    "Every 11th visit is rewarded: collect 10 stamps, redeem on the 11th visit.",
  );
  await expect(page.getByTestId("card-promise")).toHaveText("Every 11th coffee free");
  await expect(page.getByTestId("offer-count-warning")).toHaveCount(0);

  await offer.fill("Every 10th coffee free");
  await expect(page.getByTestId("offer-count-warning")).toHaveText(
    "Your offer says “10th”, but with 10 points the reward comes on the 11th visit. Please change the points or the text.",
  );
  // The preview does not repeat the wrong count.
  await expect(page.getByTestId("card-promise")).toHaveText("Every 11th visit is rewarded");
  await axeAtBothWidths(page, "card-points-warning");

  await page.goto("/de/cards");
  await page.getByLabel(/^Beschreibung Ihres Angebots/).fill("Nach 8 Stempeln ein Croissant");
  await page.getByLabel(/^Maximale Punkte/).fill("8");
  await expect(page.getByTestId("offer-count-warning")).toHaveCount(0);
  await expect(page.getByTestId("card-promise")).toHaveText("Jeder 9. Besuch: Nach 8 Stempeln ein Croissant");
});
