import { readFileSync } from "node:fs";
import * as mupdf from "mupdf";
import { DEMO_PARTNER, logIn } from "../support/accounts.ts";
import { axeAtBothWidths, expect, test } from "../support/fixtures.ts";

// Collective invoicing in the demo network (docs/decisions/008-franchise-model.md, sections 5 and
// 7): the franchisor's first simulated month is one invoice with a section per franchisee, every
// later month each company's own; a franchisee's invoices page says which months its master billed.

const FRANCHISOR = { email: "franchise@demo.stempla.de", password: DEMO_PARTNER.password };
const FRANCHISEE = { email: "franchise-bonn@demo.stempla.de", password: DEMO_PARTNER.password };

test("a franchisee's invoices page names the months billed via its master, its own invoices follow", async ({
  page,
}) => {
  await logIn(page, FRANCHISEE.email, FRANCHISEE.password);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await page.goto("/de/invoices");
  const notice = page.getByTestId("collective-notice");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/^Über .+ abgerechnet/);
  await expect(notice).toContainText(/Für \S+ \d{4} erhalten Sie keine eigene Rechnung/);
  await expect(page.getByTestId("invoice-row").first()).toBeVisible();
  await axeAtBothWidths(page, "invoices-collective");

  await page.goto("/en/invoices");
  await expect(page.getByTestId("collective-notice")).toContainText(/^Billed via /);
});

test("the franchisor's first invoice has a heading and a subtotal per franchisee", async ({ page }) => {
  await logIn(page, FRANCHISOR.email, FRANCHISOR.password);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await page.goto("/de/invoices");
  // The oldest invoice (the list is newest first, a year per page) is the collective month's.
  const oldest = page
    .getByTestId("invoice-row")
    .filter({ hasText: /Rechnung \d{4}-\d{6}/ })
    .last();
  await expect(oldest).toBeVisible();
  const download = page.waitForEvent("download");
  await oldest.getByTestId("invoice-pdf").click();
  const pdf = readFileSync((await (await download).path())!);
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  const text = Array.from({ length: doc.countPages() }, (_, i) =>
    doc.loadPage(i).toStructuredText("preserve-whitespace").asText(),
  )
    .join("\n")
    .replace(/\s+/g, " ");
  expect(text).toContain("Eigene Standorte");
  expect(text.match(/Zwischensumme /g)?.length).toBe(3);
  expect(text).toContain("Nettobetrag");
});

test("the franchisor's company page shows how its franchise locations are billed and leads to the switch", async ({
  page,
}) => {
  await logIn(page, FRANCHISOR.email, FRANCHISOR.password);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await page.goto("/de/company");
  // The demo switched collective invoicing off from its fifth month: each franchisee pays its own.
  const row = page.getByTestId("billing-mode");
  await expect(row).toContainText("Abrechnung Ihrer Franchise-Standorte");
  await expect(row).toContainText("Jeder Franchisenehmer zahlt selbst");
  await axeAtBothWidths(page, "company-billing-mode");
  await row.getByRole("link", { name: "Auf der Franchise-Seite ändern" }).click();
  await expect(page).toHaveURL(/\/de\/franchisors$/);
});
