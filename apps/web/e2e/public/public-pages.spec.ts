import { LOCALES, PAGE_ROUTES, type PageName, pageAccess } from "@stempla/domain";
import { expect, seriousAxeViolations, test } from "../support/fixtures.ts";

// Every public page of the shared route table, in both languages.
for (const locale of LOCALES) {
  for (const [name, route] of Object.entries(PAGE_ROUTES) as [PageName, string][]) {
    if (pageAccess(name) !== "public") continue;
    const url = route ? `/${locale}/${route}` : `/${locale}`;
    test(`${url} loads with status 200, no console errors and no serious axe violations`, async ({
      page,
    }) => {
      const response = await page.goto(url);
      expect(response?.status(), name).toBe(200);
      await expect(page.locator("h1").first()).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await page.waitForLoadState("networkidle");
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
}

test("the legal pages show the provider's details and the date the terms are valid from", async ({
  page,
}) => {
  await page.goto("/de/imprint");
  await expect(page.getByText("Stempla GmbH").first()).toBeVisible();
  await expect(page.getByText("USt-IdNr.")).toBeVisible();
  await page.goto("/de/terms-partners");
  await expect(page.getByText("Stand: 10. November 2023", { exact: true })).toBeVisible();
  await page.goto("/en/privacy");
  await expect(page.getByText("Valid from 10 November 2023", { exact: true })).toBeVisible();
});

test("the header anchors lead to the sections of the home page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/de/faq");
  await page
    .getByRole("navigation", { name: "Hauptnavigation" })
    .getByRole("link", { name: "Preise" })
    .click();
  await expect(page).toHaveURL(/\/de#pricing$/);
  await expect(page.locator("#pricing")).toBeInViewport();
  await page
    .getByRole("navigation", { name: "Hauptnavigation" })
    .getByRole("link", { name: "Support & Kontakt" })
    .click();
  await expect(page.locator("#support-contact")).toBeInViewport();
});

test("on a phone the menu opens and leads to a section", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/en");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Industries" }).click();
  await expect(page.locator("#references")).toBeInViewport();
  await expect(page.getByRole("dialog")).toBeHidden();
});

// The drawer slides in on every opening; a visitor whose system asks for reduced motion gets it at
// once (theme.respectReducedMotion). The browser fires `transitionrun` when a transition starts.
for (const reducedMotion of ["reduce", "no-preference"] as const) {
  test(`the phone menu slides in on every opening unless the visitor asks for reduced motion (${reducedMotion})`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/de");
    await page.evaluate(() => {
      const w = window as unknown as { drawerTransitions: number };
      w.drawerTransitions = 0;
      document.addEventListener("transitionrun", (event) => {
        if ((event.target as Element).matches('[role="dialog"]')) w.drawerTransitions++;
      });
    });
    const transitions = () =>
      page.evaluate(() => (window as unknown as { drawerTransitions: number }).drawerTransitions);
    const drawer = page.getByRole("dialog");
    // The first opening, whose chunk arrives with the click, and a later one.
    for (const opening of [1, 2]) {
      const before = await transitions();
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await expect(drawer).toBeVisible();
      if (reducedMotion === "reduce") {
        expect(await drawer.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0s");
        expect(await transitions(), `opening ${opening}`).toBe(before);
      } else {
        await expect.poll(transitions, { message: `opening ${opening}` }).toBeGreaterThan(before);
      }
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
    }
  });
}
