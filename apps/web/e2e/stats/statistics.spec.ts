import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import * as mupdf from "mupdf";
import { DEMO_PARTNER, logIn } from "../support/accounts.ts";
import { expect, PHONE, seriousAxeViolations, shots, test } from "../support/fixtures.ts";

/** "2.959" (de) -> 2959 */
const count = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).innerText()).replace(/\D/g, ""));

async function partnerApi(request: APIRequestContext) {
  const res = await request.post("/api/v2/dashboard/login", { data: DEMO_PARTNER });
  const headers = { authorization: `Bearer ${(await res.json()).data.token}` };
  const get = async (path: string) =>
    (await (await request.get(`/api/v2/dashboard/${path}`, { headers })).json()).data;
  return { get };
}

/** An app customer who scans the demo partner's first location through the end-customer API. */
async function scanAsCustomer(request: APIRequestContext, code: string) {
  const res = await request.post("/api/app/register", {
    headers: {
      "x-forwarded-for": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    data: { email: `e2e-kunde-${Date.now()}@example.com`, password: "kunden-passwort" },
  });
  expect(res.status()).toBe(201);
  const token = (await res.json()).data.token;
  const scan = await request.post("/api/app/scan", {
    headers: { authorization: `Bearer ${token}` },
    data: { code, method: "nfc" },
  });
  expect(scan.status()).toBe(201);
}

test("the demo partner reads the statistics, switches month and location, downloads the PDF and exports the clients", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await partnerApi(request);
  const available = await api.get("pointBalance/available");
  const [first] = available.locations as { id: number; name: string }[];
  const [shop] = await api.get("shop");
  const code = String(shop.scan_url).split("/s/")[1]!;

  await logIn(page, DEMO_PARTNER.email, DEMO_PARTNER.password);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await expect(page.getByTestId("stat-scans")).toHaveText(/\d/);
  const current = await api.get("stats");
  expect(await count(page, "stat-scans")).toBe(current.scans);
  expect(await count(page, "stat-card-owners")).toBe(current.cardOwners);
  expect(current.scans).toBeGreaterThan(0);
  await expect(page.getByTestId("chart-scan-history")).toBeVisible();
  await expect(page.getByTestId("point-balance-table")).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // What the café owes, in whole cards and open points as the API counts them card by card.
  const de = new Intl.NumberFormat("de-DE");
  const { fullCards, openPoints } = current.outstanding as { fullCards: number; openPoints: number };
  await expect(page.getByTestId("stat-outstanding")).toHaveText(
    `${de.format(fullCards)} ${fullCards === 1 ? "volle Karte" : "volle Karten"} und ` +
      `${de.format(openPoints)} ${openPoints === 1 ? "offener Punkt" : "offene Punkte"}`,
  );
  await expect(page.getByTestId("stats-outstanding")).not.toContainText("rund");
  // One definition of "returning", behind the key figure and in the extra revenue's explanation.
  const definition = "Wiederkehrend ist ein Kunde, der schon in einem früheren Monat bei Ihnen gescannt hat";
  await page.getByRole("button", { name: "Was heißt wiederkehrend?" }).click();
  await expect(page.getByTestId("stat-active-customers-info")).toContainText(definition);
  await page.getByRole("button", { name: "Was heißt wiederkehrend?" }).click();
  await expect(page.getByTestId("stat-active-customers-info")).toBeHidden();
  await expect(page.getByTestId("stats-revenue")).toContainText(
    "Scans wiederkehrender Kunden im Monat × Ihr durchschnittlicher Bonwert",
  );
  await expect(page.getByTestId("stats-revenue")).toContainText(definition);
  await expect(page.getByTestId("stats-customer-history")).toContainText(definition);
  // Customers by name or as "Kunde 12", never by wallet address.
  const top = (await api.get("topCustomers")) as { customer: { name: string | null; number: number } }[];
  const rows = page.getByTestId("top-customers-table").locator("tbody tr");
  await expect(rows).toHaveCount(top.length);
  for (const [i, c] of top.entries()) {
    await expect(rows.nth(i).locator("th").first()).toHaveText(
      c.customer.name ?? `Kunde ${c.customer.number}`,
    );
  }
  expect(top.some((c) => c.customer.name === null)).toBe(true);
  await expect(page.locator("main")).not.toContainText(/0x[0-9a-f]{4}/i);
  if (shots) {
    await page.screenshot({ path: `${shots}/stats-1280.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId("stat-outstanding")).toBeVisible();
    await page.screenshot({ path: `${shots}/stats-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // A scan through the end-customer API is in the numbers at once.
  await scanAsCustomer(request, code);
  await page.reload();
  await expect(page.getByTestId("stat-scans")).toHaveText(
    new Intl.NumberFormat("de-DE").format(current.scans + 1),
  );
  await expect(page.getByTestId("stat-scans-24h")).toHaveText(
    new Intl.NumberFormat("de-DE").format(current.scanFrequency.last24h + 1),
  );

  // Another month, then one location: the figures follow the selection (and survive a reload).
  const previous = available.months[1] as string;
  await page.getByRole("combobox", { name: "Monat" }).selectOption(previous);
  await expect(page).toHaveURL(new RegExp(`month=${previous}`));
  const then = await api.get(`stats?month=${previous}`);
  await expect(page.getByTestId("stat-scans")).toHaveText(new Intl.NumberFormat("de-DE").format(then.scans));
  await page.getByRole("combobox", { name: "Standort" }).selectOption(String(first!.id));
  await expect(page).toHaveURL(new RegExp(`location=${first!.id}`));
  const there = await api.get(`stats?month=${previous}&location=${first!.id}`);
  await expect(page.getByTestId("stat-scans")).toHaveText(new Intl.NumberFormat("de-DE").format(there.scans));
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Standort" })).toHaveValue(String(first!.id));
  await page.getByTestId("stats-period-month").click();
  await expect(page.getByTestId("chart-scan-history")).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/stats-location-1280.png`, fullPage: true });

  // The PDF holds the selection's scan count as shown.
  const shown = await page.getByTestId("stat-scans").innerText();
  const pdfDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "PDF" }).click();
  const pdf = readFileSync((await (await pdfDownload).path())!);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  const text = Array.from({ length: doc.countPages() }, (_, i) =>
    doc.loadPage(i).toStructuredText("preserve-whitespace").asText(),
  ).join("\n");
  expect(text).toContain(first!.name);
  // The key figure's label, then exactly the number shown (not one that merely ends in it).
  expect(text).toMatch(new RegExp(`Scans \\(Sammelvorgänge\\)\\s+${shown.replace(".", "\\.")}(?![\\d.,])`));

  // Clients: the customers who share their data, exported as CSV for Excel.
  await page.setViewportSize(PHONE);
  if (shots) await page.screenshot({ path: `${shots}/stats-location-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("link", { name: "Kundendaten" }).click();
  await expect(page).toHaveURL(/\/de\/clients$/);
  await expect(page.getByTestId("client-row").first()).toBeVisible();
  // Every customer has their number at the café; no wallet address on the screen.
  await expect(page.getByRole("columnheader", { name: "Nr." })).toBeVisible();
  await expect(page.locator("main")).not.toContainText(/wallet|0x[0-9a-f]{4}/i);
  if (shots) {
    await page.screenshot({ path: `${shots}/clients-1280.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId("client-row").first()).toContainText("Kundennummer");
    await page.screenshot({ path: `${shots}/clients-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "CSV exportieren" }).click();
  const csv = readFileSync((await (await csvDownload).path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trimEnd().split("\r\n");
  // The wallet address stays in the export (only customers who share their data are in it).
  expect(lines[0]).toMatch(
    /^E-Mail;Vorname;Nachname;Telefon;Wallet-Adresse;Geburtsdatum;Punkte;.*;Kundennummer$/,
  );
  const listed = (
    await request.get("/api/v2/dashboard/users?per_page=1", { headers: { cookie: "" } })
  ).status();
  expect(listed).toBe(401);
  expect(lines.length - 1).toBeGreaterThan(0);
  expect(lines.length - 1).toBe(await clientTotal(request));
});

async function clientTotal(request: APIRequestContext): Promise<number> {
  const res = await request.post("/api/v2/dashboard/login", { data: DEMO_PARTNER });
  const headers = { authorization: `Bearer ${(await res.json()).data.token}` };
  return (await (await request.get("/api/v2/dashboard/users?per_page=1", { headers })).json()).meta.total;
}
