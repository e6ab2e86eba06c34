import type { APIRequestContext, Page } from "@playwright/test";
import { formatMoney, platformFeeCents } from "@stempla/domain";
import { PNG } from "pngjs";
import { logInToConsole } from "../support/accounts.ts";
import { axeAtBothWidths, DESKTOP, expect, PHONE, shots, test } from "../support/fixtures.ts";
import { liveSignedInPartner } from "../support/partner-setup.ts";

// The voucher's whole way (issue 16; docs/decisions/010-coupons-and-vouchers.md, section 9 item 9):
// a live partner sets up its payout account through the sandbox's onboarding and creates a voucher,
// the team approves it in the console, a customer buys it through the app's API (the sandbox's
// payment succeeds) and redeems it with the staff PIN, and the partner's monitor shows the purchase
// and the redemption, the invoices page the running month's voucher sales.
//
// The partner's voucher pages load the payment provider's script; no publishable key is
// configured here, so each full page load of them logs the spec's console error once (section 8).

const MISSING_KEY = "A publishable key is required";
const PRICE_CENTS = 3450;

/** A landscape PNG in one colour, so the server's check by content sees a real photo. */
function photo(): Buffer {
  const png = new PNG({ width: 480, height: 270 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 120;
    png.data[i + 1] = 70;
    png.data[i + 2] = 40;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

/** Fails when the page scrolls sideways at phone width. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  await page.setViewportSize(PHONE);
  // Polled: on a busy machine the first read can still see the desktop layout's widths.
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      { message: `${where} scrolls sideways at 390 px` },
    )
    .toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
}

/** An app customer, registered through the end customers' API, with their Bearer header. */
async function appCustomer(request: APIRequestContext) {
  const res = await request.post("/api/app/register", {
    headers: {
      "x-forwarded-for": `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    },
    data: {
      email: `e2e-gutschein-${Date.now()}@example.com`,
      password: "kunden-passwort",
      first_name: "Lena",
      surname: "Vogel",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { token, user } = (await res.json()).data;
  return { headers: { authorization: `Bearer ${token}` }, wallet: user.wallet_address as string };
}

test("a voucher from creation to redemption: payout account, review, purchase, redemption, monitor and statement", async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  const name = `Röstkurs für zwei ${Date.now() % 100_000}`;
  const partner = await liveSignedInPartner(page, request, `Kaffeerösterei Bohnenglück ${Date.now()}`);

  // The payout account: the choice sends the browser to the sandbox's onboarding page.
  consoleErrors.expect(MISSING_KEY);
  await page.getByRole("link", { name: "Coupons & Gutscheine", exact: true }).click();
  await page.getByRole("link", { name: "Neues Angebot erstellen" }).first().click();
  await page.getByRole("button", { name: "Gutschein erstellen", exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/onboarding\//);
  await page.getByRole("button", { name: "Konto aktivieren" }).click();
  consoleErrors.expect(MISSING_KEY);
  await expect(page).toHaveURL("/de/nft?payout=ready");

  // The voucher, without dates: on the market as soon as the team approves it.
  await page.getByRole("link", { name: "Neues Angebot erstellen" }).first().click();
  await page.getByRole("button", { name: "Gutschein erstellen", exact: true }).click();
  await expect(page).toHaveURL("/de/nft/create/voucher?type=voucher");
  const industry = page.getByRole("combobox", { name: "Branche" });
  if ((await industry.inputValue()) === "") {
    await industry.click();
    await page.getByRole("option").first().click();
  }
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "kurs.png", mimeType: "image/png", buffer: photo() });
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page
    .getByRole("textbox", { name: "Beschreibung" })
    .fill("Zwei Stunden an unserem Röster: vom grünen Kaffee zur eigenen Mischung, für zwei Personen.");
  await page.getByRole("textbox", { name: "Preis", exact: true }).fill("34,50");
  await page.getByRole("textbox", { name: "Anzahl", exact: true }).fill("100");
  await page.getByRole("button", { name: "Zur Prüfung einreichen" }).click();
  await expect(page).toHaveURL("/de/nft");
  const card = page.getByTestId("nft-offer").filter({ hasText: name });
  await expect(card.getByTestId("nft-offer-state")).toHaveText("In Prüfung");
  const edit = await card.getByRole("link", { name: `Bearbeiten: ${name}` }).getAttribute("href");
  const offerId = Number(new URL(edit!, "http://x").searchParams.get("id"));
  expect(offerId).toBeGreaterThan(0);

  // The team: the console's tab lists it in the queue, the detail shows the app's preview.
  const teamContext = await browser.newContext({ viewport: DESKTOP, locale: "de-DE" });
  const team = await teamContext.newPage();
  await logInToConsole(team);
  await team.getByRole("tab", { name: "Coupons & Gutscheine" }).click();
  await expect(team).toHaveURL("/de/admin?tab=nft");
  const row = team.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(partner.companyName);
  await expect(row).toContainText(formatMoney(PRICE_CENTS, "de"));
  await axeAtBothWidths(team, "nft-console-queue");
  await expectNoSidewaysScroll(team, "console queue");
  await row.getByRole("button", { name }).click();
  await expect(team).toHaveURL(`/de/admin?tab=nft&offer=${offerId}`);
  await expect(team.getByRole("heading", { level: 2, name })).toBeVisible();
  const preview = team.getByTestId("nft-preview");
  await expect(preview.getByTestId("nft-preview-name")).toHaveText(name);
  await expect(preview.getByTestId("nft-preview-price")).toHaveText(formatMoney(PRICE_CENTS, "de"));
  await expect(preview).toContainText(partner.companyName.slice(0, 20));
  await axeAtBothWidths(team, "nft-console-detail");
  await expectNoSidewaysScroll(team, "console detail");
  await team.getByTestId("nft-approve").click();
  await expect(team.getByText("Freigegeben. Der Partner wurde per E-Mail informiert.")).toBeVisible();
  await expect(team.getByTestId("nft-approve")).toHaveCount(0);
  await expect(team.getByText("Auf dem Marktplatz").first()).toBeVisible();

  // A coupon of the same partner (made through its API): the team asks for changes, the dialog
  // wants a reason first; then the team revokes it, also with a reason.
  const login = await request.post("/api/v2/dashboard/login", {
    data: { email: partner.email, password: partner.password },
  });
  const bearer = { authorization: `Bearer ${(await login.json()).data.token}` };
  const industries = (
    await (await request.get("/api/v2/dashboard/nft/industries", { headers: bearer })).json()
  ).data as { id: number }[];
  const couponName = `Espresso gratis ${Date.now() % 100_000}`;
  const created = await request.post("/api/v2/dashboard/nft/create/coupon", {
    headers: bearer,
    multipart: {
      industry_id: String(industries[0]!.id),
      name: couponName,
      description: "Ein Espresso zu jedem Kuchen.",
      validity_type: "days",
      validity_days: "30",
      quantity: "100",
      location_ids: String(partner.shopId),
      photo: { name: "espresso.png", mimeType: "image/png", buffer: photo() },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await team.getByRole("button", { name: "Zurück zur Liste" }).click();
  await team
    .getByRole("row", { name: new RegExp(couponName) })
    .getByRole("button", { name: couponName })
    .click();
  await expect(team.getByTestId("nft-preview-price")).toHaveText("Kostenlos");
  await team.getByRole("button", { name: "Änderung erbitten" }).click();
  const reject = team.getByRole("dialog", { name: "Um Änderung bitten" });
  await reject.getByRole("button", { name: "Änderung erbitten" }).click();
  await expect(reject.getByText("Bitte nennen Sie, was geändert werden soll.")).toBeVisible();
  await reject
    .getByRole("textbox", { name: "Was soll geändert werden?" })
    .fill("Bitte ein Foto des Espressos.");
  await reject.getByRole("button", { name: "Änderung erbitten" }).click();
  await expect(reject).toBeHidden();
  await expect(team.getByText("Bitte ein Foto des Espressos.").first()).toBeVisible();
  await expect(team.getByText("Änderung erbeten").first()).toBeVisible();
  await team.getByRole("button", { name: "Zurückziehen" }).click();
  const revoke = team.getByRole("dialog", { name: "Angebot zurückziehen" });
  await revoke.getByRole("textbox", { name: "Begründung" }).fill("Doppelt eingereicht.");
  await revoke.getByRole("button", { name: "Endgültig zurückziehen" }).click();
  await expect(revoke).toBeHidden();
  await expect(team.getByText("Nicht mehr erhältlich").first()).toBeVisible();
  await expect(team.getByRole("button", { name: "Zurückziehen" })).toHaveCount(0);
  await teamContext.close();

  // A customer buys it in the app; the sandbox's payment succeeds.
  const customer = await appCustomer(request);
  const purchase = await request.post(`/api/app/nft/market/${offerId}/purchase`, {
    headers: { ...customer.headers, "idempotency-key": `e2e-${Date.now()}` },
    data: { quantity: 1, payment_method: "card" },
  });
  expect(purchase.status(), await purchase.text()).toBe(201);
  const purchaseId = (await purchase.json()).data.purchase.id as number;
  const paid = await request.post(`/api/app/nft/purchases/${purchaseId}/sandbox`, {
    headers: customer.headers,
    data: { outcome: "succeed" },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const wallet = await (await request.get("/api/app/nft/wallet", { headers: customer.headers })).json();
  const item = wallet.data.find((i: { nft_id: string; state: string }) => i.state === "held");
  expect(item).toBeTruthy();
  const nftId = item.nft_id as string;

  // Redeemed at the partner's location with its staff PIN.
  const shop = await partner.call("get", `/dashboard/shop/${partner.shopId}`);
  const redeemed = await request.post(`/api/app/nft/wallet/${nftId}/redeem`, {
    headers: customer.headers,
    data: { code: new URL(shop.scan_url).pathname.split("/").pop(), pin: shop.pin },
  });
  expect(redeemed.status(), await redeemed.text()).toBe(200);

  // The monitor: the purchase and the redemption of this NFT id, newest first.
  await page.getByRole("link", { name: "Verkäufe & Einlösungen", exact: true }).click();
  await expect(page).toHaveURL("/de/nft/monitor");
  await expect(page.getByRole("heading", { level: 1, name: "Verkäufe & Einlösungen" })).toBeVisible();
  const rows = page.getByTestId("monitor-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute("data-kind", "redeemed");
  await expect(rows.nth(1)).toHaveAttribute("data-kind", "purchased");
  for (const i of [0, 1]) {
    await expect(rows.nth(i)).toContainText(nftId);
    await expect(rows.nth(i)).toContainText(name);
    await expect(rows.nth(i)).toContainText(formatMoney(PRICE_CENTS, "de"));
  }
  await expect(rows.nth(0)).toContainText("Eingelöst");
  await expect(rows.nth(0)).toContainText(shop.name);
  await expect(rows.nth(1)).toContainText("Gekauft");
  // Lena does not share her contact with this partner: her wallet address, shortened, not her name.
  await expect(rows.nth(1)).toContainText(customer.wallet.slice(0, 6));
  await expect(rows.nth(1)).not.toContainText("Vogel");
  await axeAtBothWidths(page, "nft-monitor");
  await expectNoSidewaysScroll(page, "monitor");

  // On the phone the rows are cards; the filter by status narrows them to the redemption.
  await page.setViewportSize(PHONE);
  await page
    .getByRole("textbox", { name: "Status" })
    .or(page.getByRole("combobox", { name: "Status" }))
    .first()
    .click();
  await page.getByRole("option", { name: "Eingelöst" }).click();
  await expect(page).toHaveURL("/de/nft/monitor?kind=redeemed");
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("listitem").filter({ hasText: nftId })).toContainText("Eingelöst");
  if (shots) await page.screenshot({ path: `${shots}/nft-monitor-filtered-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);

  // The CSV of the filtered rows: the browser downloads it from the short-lived address.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "CSV herunterladen" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^gutscheine-monitor-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await new Promise<string>((resolve, reject) => {
    file.createReadStream().then((stream) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      stream.on("error", reject);
    }, reject);
  });
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`;${name};Gutschein;34,50;Eingelöst;;${customer.wallet};${nftId};`);

  // The invoices page: the running month's voucher sales beside the invoices, with the fee withheld.
  await page.getByRole("link", { name: "Rechnungen", exact: true }).click();
  await expect(page).toHaveURL("/de/invoices");
  const month = page.getByTestId("voucher-month");
  await expect(month).toBeVisible();
  await expect(month.getByTestId("voucher-month-gross")).toHaveText(formatMoney(PRICE_CENTS, "de"));
  // Nothing paid out yet (payouts run daily): the fee is withheld from the payout to come.
  const fee = platformFeeCents(PRICE_CENTS);
  await expect(month.getByTestId("voucher-month-fees")).toHaveText(formatMoney(0, "de"));
  await expect(month.getByTestId("voucher-month-fees-pending")).toContainText(formatMoney(fee, "de"));
  await expect(month.getByTestId("voucher-month-pending")).toContainText(
    formatMoney(PRICE_CENTS - fee, "de"),
  );
  const sale = month.getByTestId("voucher-month-sale");
  await expect(sale).toHaveCount(1);
  await expect(sale).toContainText(name);
  await expect(sale).toContainText(formatMoney(PRICE_CENTS, "de"));
  await axeAtBothWidths(page, "nft-invoices-voucher-month");
  await expectNoSidewaysScroll(page, "invoices with the voucher month");
});
