import { faqPlaceholderValue, formatMoney, NFT, type ProviderInfo } from "@stempla/domain";
import { axeAtBothWidths, DESKTOP, expect, PHONE, shots, test } from "../support/fixtures.ts";

test("the support cards show the configured phone number and support email, on the home and contact pages", async ({
  page,
  request,
}) => {
  const provider: ProviderInfo = (await (await request.get("/api/v2/provider")).json()).data;
  await page.goto("/de#support-contact");
  const support = page.locator("#support-contact");
  await expect(support.getByRole("link", { name: provider.phone })).toHaveAttribute(
    "href",
    `tel:${provider.phone.replace(/[^\d+]/g, "")}`,
  );
  await expect(support.getByRole("link", { name: provider.support_email })).toHaveAttribute(
    "href",
    `mailto:${provider.support_email}`,
  );
  await expect(support.getByText("Mo–Fr 08:00–18:00 Uhr")).toBeVisible();

  await page.goto("/en/contact-us");
  await expect(page.getByRole("link", { name: provider.phone })).toBeVisible();
  await expect(page.getByRole("link", { name: provider.support_email })).toBeVisible();
});

test("the digital-menu page ends with its own call to action", async ({ page }) => {
  await page.goto("/de/digital-menu");
  await expect(
    page.getByRole("heading", { name: "Die digitale Speisekarte für Ihre Standorte" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Fragen zur Speisekarte" }).click();
  await expect(page).toHaveURL(/\/de\/contact-us\?topic=sales$/);
});

test("the home page says what the minimum per location is, next to 'no base fee'", async ({ page }) => {
  await page.goto("/en");
  await expect(page.getByText("from €6.00 per location and month, 50 scans included")).toBeVisible();
  await page.goto("/de");
  await expect(page.getByText("ab 6,00\u00a0€ je Standort und Monat, 50 Scans inklusive")).toBeVisible();
});

test("after the language switch the texts state the numbers in the new language's format", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/de/pricing");
  await expect(page.getByText("Mindestlaufzeit 12 Monate")).toBeVisible();
  await expect(
    page.getByText("Digitale Speisekarte optional: 36,00\u00a0€ pro Standort und Monat"),
  ).toBeVisible();
  await page.getByText("EN", { exact: true }).click();
  await expect(page).toHaveURL(/\/en\/pricing$/);
  await expect(page.getByText("Digital menu optional: €36.00 per location and month")).toBeVisible();
});

test("the products page presents coupons and vouchers with the market's numbers", async ({ page }) => {
  // docs/decisions/010-coupons-and-vouchers.md: the texts state NFT's numbers, never typed copies.
  const fee = (locale: "de" | "en") => faqPlaceholderValue("nft_platform_fee", locale);
  await page.setViewportSize(DESKTOP);
  await page.goto("/de/products");
  const section = page.locator("#coupons-and-vouchers");
  await expect(
    section.getByRole("heading", { name: "Coupons und Gutscheine im Marktplatz der App" }),
  ).toBeVisible();
  await expect(section.getByText(`mindestens ${NFT.minimumCoupons} Coupons`)).toBeVisible();
  await expect(
    section.getByText(
      `von ${formatMoney(NFT.cashVoucherMinCents, "de")} bis ${formatMoney(NFT.cashVoucherMaxCents, "de")}`,
    ),
  ).toBeVisible();
  await expect(section.getByText(`Plattformgebühr von ${fee("de")} an, inkl. MwSt.`)).toBeVisible();
  await expect(section.getByText(`innerhalb von ${NFT.withdrawalDays} Tagen widerrufen`)).toBeVisible();
  await expect(section.getByText(/\{|\}/)).toHaveCount(0);
  await axeAtBothWidths(page, "products-coupons-de");

  await page.goto("/en/products");
  await expect(
    page.locator("#coupons-and-vouchers").getByText(`platform fee of ${fee("en")}, VAT included`),
  ).toBeVisible();
  await axeAtBothWidths(page, "products-coupons-en");
});

test("the pricing page and the FAQ state the market's platform fee", async ({ page }) => {
  const fee = (locale: "de" | "en") => faqPlaceholderValue("nft_platform_fee", locale);
  await page.setViewportSize(DESKTOP);
  await page.goto("/de/pricing");
  await expect(
    page.getByText(`Plattformgebühr von ${fee("de")} inkl. MwSt. von der Auszahlung ein`),
  ).toBeVisible();
  await page.goto("/en/pricing");
  await expect(page.getByText(`platform fee of ${fee("en")}, VAT included, from the payout`)).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/pricing-fee-en-1280.png`, fullPage: true });

  // The FAQ's seeded entries on coupons and vouchers, with the fee filled in.
  await page.setViewportSize(PHONE);
  await page.goto("/de/faq#voucher-fee");
  const entry = page.locator("#voucher-fee");
  await expect(entry.getByRole("button", { name: "Was kosten Coupons und Gutscheine?" })).toBeVisible();
  await expect(entry).toContainText(`Plattformgebühr von ${fee("de")} (ein Anteil`);
  if (shots) await entry.screenshot({ path: `${shots}/faq-voucher-fee-de-390.png` });
});
