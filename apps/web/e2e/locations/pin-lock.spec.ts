import type { APIRequestContext } from "@playwright/test";
import { STAFF_PIN } from "@stempla/domain";
import { approveAccount, confirmedPartner, logIn } from "../support/accounts.ts";
import { expect, seriousAxeViolations, shots, test } from "../support/fixtures.ts";
import { completeSetUp } from "../support/partner-setup.ts";

/** Wrong staff PINs from throwaway app accounts, two each, until the location's PIN locks. */
async function guessUntilLocked(request: APIRequestContext, code: string, pin: string) {
  const answers: number[] = [];
  for (let account = 0; answers.length < STAFF_PIN.locationFailures; account++) {
    const res = await request.post("/api/app/register", {
      headers: { "x-forwarded-for": `10.88.${account}.${Math.floor(Math.random() * 250) + 1}` },
      data: { email: `e2e-rater-${Date.now()}-${account}@example.com`, password: "kunden-passwort" },
    });
    expect(res.status()).toBe(201);
    const headers = { authorization: `Bearer ${(await res.json()).data.token}` };
    for (let i = 0; i < 2 && answers.length < STAFF_PIN.locationFailures; i++) {
      const guess = String((Number(pin) + 1 + answers.length) % 10_000).padStart(4, "0");
      const scan = await request.post("/api/app/scan", { headers, data: { code, method: "qr", pin: guess } });
      answers.push(scan.status());
    }
  }
  expect(answers.at(-1)).toBe(423);
}

test("a location whose PIN was guessed at shows the lock with its end until the partner sets a new PIN", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await confirmedPartner(request, "Rösterei Bohne");
  const partner = await completeSetUp(request, account.email, account.password);
  await approveAccount(request, partner.companyId);
  const shop = await partner.call("get", `/dashboard/shop/${partner.shopId}`);
  await guessUntilLocked(request, new URL(shop.scan_url).pathname.split("/").pop()!, shop.pin);

  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await page.goto("/de/locations");
  await expect(page.getByText("PIN gesperrt", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: /Filiale Altstadt/ }).click();

  const alert = page.getByTestId("pin-lock-alert");
  await expect(alert).toContainText("Mitarbeiter-PIN vorübergehend gesperrt");
  await expect(alert).toContainText(/Bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr/);
  await expect(alert).toContainText("10-mal falsch eingegeben");
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/pin-lock-1280.png`, fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  // Loaded afresh at phone width, as a phone opens it (the layout's navigation is a drawer there).
  await page.reload();
  await expect(alert).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/pin-lock-390.png`, fullPage: false });

  // The link leads to the PIN field. Saving the same PIN keeps the lock; a new one lifts it.
  await alert.getByRole("button", { name: "Jetzt neue PIN festlegen" }).click();
  const pinField = page.getByLabel("Mitarbeiter-PIN", { exact: true });
  await expect(pinField).toBeFocused();
  await page.getByRole("button", { name: "PIN und Limit speichern" }).click();
  await expect(page.getByText(/Die PIN ist weiterhin gesperrt/)).toBeVisible();
  await expect(alert).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/pin-lock-same-pin-390.png`, fullPage: true });
  await pinField.fill(shop.pin === "2580" ? "1470" : "2580");
  await page.getByRole("button", { name: "PIN und Limit speichern" }).click();
  await expect(page.getByText("PIN und Limit wurden gespeichert.")).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test("the lock reads in English too", async ({ page, request }) => {
  test.setTimeout(90_000);
  const account = await confirmedPartner(request, "Tea House Leaf");
  const partner = await completeSetUp(request, account.email, account.password);
  await approveAccount(request, partner.companyId);
  const shop = await partner.call("get", `/dashboard/shop/${partner.shopId}`);
  await guessUntilLocked(request, new URL(shop.scan_url).pathname.split("/").pop()!, shop.pin);

  await logIn(page, account.email, account.password, "en");
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await page.goto(`/en/locations/${partner.shopId}`);
  const alert = page.getByTestId("pin-lock-alert");
  await expect(alert).toContainText("Staff PIN temporarily locked");
  await expect(alert).toContainText(/Until \d{2} \w{3} \d{4}, \d{2}:\d{2} \(German time\)/);
  if (shots) await page.screenshot({ path: `${shots}/pin-lock-en-1280.png`, fullPage: false });
});
