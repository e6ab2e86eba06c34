import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import * as mupdf from "mupdf";
import { approveAccount, confirmedPartner, logIn } from "../support/accounts.ts";
import { axeAtBothWidths, DESKTOP, expect, failedResource, PHONE, shots, test } from "../support/fixtures.ts";
import {
  completeFranchiseeRegistration,
  createMaster,
  inviteAndApprove,
  newInvitee,
  type PartnerSession,
} from "../support/franchise.ts";
import { completeSetUp } from "../support/partner-setup.ts";

// A master's statistics over its franchise network (docs/decisions/008-franchise-model.md §4, §6):
// the scope "Gesamtes Netzwerk" adds the franchisees' scans, a chosen franchise location narrows
// to its own, the PDF follows; an ordinary partner's statistics look as before.

const de = new Intl.NumberFormat("de-DE");

/**
 * A set-up, approved (green) partner past its set-up wizard, with its one location: the id and the
 * code its QR poster carries.
 */
async function liveLocation(request: APIRequestContext, partner: { email: string; password: string }) {
  const { shopId, companyId } = await completeSetUp(request, partner.email, partner.password);
  await approveAccount(request, companyId);
  const login = await request.post("/api/v2/dashboard/login", {
    data: { email: partner.email, password: partner.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  // The wizard finished as its last step does, so the dashboard shows the statistics.
  const step = await request.put("/api/v2/dashboard/setup", {
    headers,
    data: { step: "finish", location_id: shopId },
  });
  expect(step.ok()).toBe(true);
  expect((await request.post("/api/v2/dashboard/setup/finish", { headers, data: {} })).ok()).toBe(true);
  const shops = (await (await request.get("/api/v2/dashboard/shop", { headers })).json()).data as {
    id: number;
    scan_url: string;
  }[];
  const shop = shops.find((s) => s.id === shopId)!;
  return { id: shopId, code: shop.scan_url.split("/s/")[1]! };
}

/** A new app customer collects one point at the location with this scan code. */
async function scan(request: APIRequestContext, code: string) {
  const register = await request.post("/api/app/register", {
    headers: {
      "x-forwarded-for": `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    data: {
      email: `e2e-kunde-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: "kunden-passwort",
    },
  });
  expect(register.status()).toBe(201);
  const res = await request.post("/api/app/scan", {
    headers: { authorization: `Bearer ${(await register.json()).data.token}` },
    data: { code, method: "nfc" },
  });
  expect(res.status()).toBe(201);
}

/** The scans of the month as the master's API counts them for a query. */
async function apiScans(request: APIRequestContext, master: PartnerSession, query: string) {
  const res = await request.get(`/api/v2/dashboard/stats?${query}`, { headers: master.headers });
  expect(res.status()).toBe(200);
  return (await res.json()).data.scans as number;
}

const shownScans = (page: Page) => page.getByTestId("stat-scans");

test("a master sees its network's scans, narrows to one franchise location, and the PDF follows", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // The master with one own location (1 scan) and a franchisee with one location (2 scans).
  const master = await createMaster(request, `Backhaus Kette ${Date.now()}`);
  const own = await liveLocation(request, master);
  const invitee = newInvitee(`Bäckerei Nord ${Date.now()} GmbH`);
  const { token } = await inviteAndApprove(request, master, invitee);
  const franchisee = await completeFranchiseeRegistration(request, token, invitee);
  const franchise = await liveLocation(request, franchisee);
  await scan(request, own.code);
  await scan(request, franchise.code);
  await scan(request, franchise.code);
  expect(await apiScans(request, master, "")).toBe(1);
  expect(await apiScans(request, master, "scope=network")).toBe(3);
  expect(await apiScans(request, master, `scope=network&locations=${franchise.id}`)).toBe(2);

  await logIn(page, master.email, master.password);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  // Own locations by default: the master's own scan only.
  const scope = page.getByRole("radiogroup", { name: "Auswertung" });
  await expect(scope.getByRole("radio", { name: "Eigene Standorte" })).toBeChecked();
  await expect(shownScans(page)).toHaveText(de.format(1));

  // The whole network: the franchisee's scans are in the total, and its location in the balance.
  await scope.getByText("Gesamtes Netzwerk").click();
  await expect(page).toHaveURL(/scope=network/);
  await expect(shownScans(page)).toHaveText(de.format(3));
  const balance = page.getByTestId("point-balance-table");
  await expect(balance).toContainText(invitee.company_name);
  await axeAtBothWidths(page, "network-stats");
  if (shots)
    await page.getByTestId("stats-toolbar").screenshot({ path: `${shots}/network-toolbar-1280.png` });

  // One franchise location, found by its franchisee's name (both locations are "Filiale Altstadt").
  const locations = page.getByRole("combobox", { name: "Standorte" });
  await locations.click();
  await locations.fill("Nord");
  const options = page.getByRole("listbox", { name: "Standorte" }).getByRole("option");
  await expect(options).toHaveCount(1);
  if (shots) await page.screenshot({ path: `${shots}/network-stats-search-1280.png` });
  await options.first().click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(new RegExp(`location=${franchise.id}(&|$)`));
  await expect(shownScans(page)).toHaveText(de.format(2));
  await expect(page.getByTestId("stats-toolbar")).toContainText(`Filiale Altstadt · ${invitee.company_name}`);

  // The selection survives a reload.
  await page.reload();
  await expect(scope.getByRole("radio", { name: "Gesamtes Netzwerk" })).toBeChecked();
  await expect(page.getByTestId("stats-toolbar")).toContainText(`Filiale Altstadt · ${invitee.company_name}`);
  await expect(shownScans(page)).toHaveText(de.format(2));
  await axeAtBothWidths(page, "network-stats-location");
  if (shots) {
    await page
      .getByTestId("stats-toolbar")
      .screenshot({ path: `${shots}/network-toolbar-location-1280.png` });
  }

  // The PDF is the same selection: the franchise location and its scans.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "PDF" }).click();
  const pdf = readFileSync((await (await download).path())!);
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  const text = Array.from({ length: doc.countPages() }, (_, i) =>
    doc.loadPage(i).toStructuredText("preserve-whitespace").asText(),
  ).join("\n");
  expect(text).toContain("Filiale Altstadt");
  expect(text).toMatch(/Scans \(Sammelvorgänge\)\s+2(?![\d.,])/);

  // Back to the master's own locations: the franchise location leaves the selection.
  await scope.getByText("Eigene Standorte").click();
  await expect(page).not.toHaveURL(/scope=|location/);
  await expect(shownScans(page)).toHaveText(de.format(1));
  await page.setViewportSize(PHONE);
  await scope.getByText("Gesamtes Netzwerk").click();
  await expect(shownScans(page)).toHaveText(de.format(3));
  if (shots) {
    await page.getByTestId("stats-toolbar").screenshot({ path: `${shots}/network-toolbar-390.png` });
    await locations.click();
    await expect(options).toHaveCount(2);
    await page.screenshot({ path: `${shots}/network-stats-dropdown-390.png` });
    await page.keyboard.press("Escape");
  }
  await page.setViewportSize(DESKTOP);
});

test("an ordinary partner's statistics have no scope selector", async ({ page, request, consoleErrors }) => {
  test.setTimeout(90_000);
  const partner = await confirmedPartner(request, `Café Einzeln ${Date.now()}`);
  const shop = await liveLocation(request, partner);
  await scan(request, shop.code);

  await logIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await expect(shownScans(page)).toHaveText(de.format(1));
  await expect(page.getByRole("combobox", { name: "Standort", exact: true })).toBeVisible();
  await expect(page.getByRole("radiogroup", { name: "Auswertung" })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Standorte" })).toHaveCount(0);
  await expect(page.getByText("Gesamtes Netzwerk")).toHaveCount(0);
  await axeAtBothWidths(page, "partner-stats");

  // A link naming a location that is not the partner's: the API's 404, and the way back.
  consoleErrors.expect(failedResource(404));
  await page.goto(`/de/dashboard?location=${shop.id + 100000}`);
  // Other alerts may stand beside it (a terms change another test published): this one's text.
  await expect(page.getByRole("alert").filter({ hasText: "nicht gefunden" })).toBeVisible();
  await page.getByRole("button", { name: "Alle Standorte anzeigen" }).click();
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await expect(shownScans(page)).toHaveText(de.format(1));
});
