import { readFileSync } from "node:fs";
import * as mupdf from "mupdf";
import { DEMO_PARTNER, logIn } from "../support/accounts.ts";
import { expect, seriousAxeViolations, shots, test } from "../support/fixtures.ts";

test("the demo partner opens the invoices and downloads a PDF with the invoice's number and gross amount", async ({
  page,
}) => {
  await logIn(page, DEMO_PARTNER.email, DEMO_PARTNER.password);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await page.getByRole("link", { name: "Rechnungen" }).click();
  await expect(page).toHaveURL(/\/de\/invoices$/);
  // An invoice, not a credit note (the console journey may cancel one of the demo partner's).
  const first = page
    .getByTestId("invoice-row")
    .filter({ hasText: /Rechnung \d{4}-\d{6}/ })
    .first();
  await expect(first).toBeVisible();
  const rowText = await first.innerText();
  const number = rowText.match(/\d{4}-\d{6}/)?.[0];
  const gross = rowText.match(/\d{1,3}(?:\.\d{3})*,\d{2}\s€/)?.[0];
  expect(number).toBeTruthy();
  expect(gross).toBeTruthy();
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/invoices-1280.png`, fullPage: true });

  const download = page.waitForEvent("download");
  await first.getByTestId("invoice-pdf").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`rechnung-${number}.pdf`);
  const pdf = readFileSync((await file.path())!);
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  const text = Array.from({ length: doc.countPages() }, (_, i) =>
    doc.loadPage(i).toStructuredText("preserve-whitespace").asText(),
  )
    .join("\n")
    .replace(/\s+/g, " ");
  expect(text).toContain(number!);
  expect(text).toContain(gross!.replace(/\s+/g, " "));
  expect(text).toContain("Leistungszeitraum");
  expect(text).toContain("Mandatsreferenz");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("invoice-row").first()).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/invoices-390.png`, fullPage: true });
});
