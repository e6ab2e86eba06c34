import type { Browser } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";

// A server-rendered page paints with its critical CSS alone, inlined in the HTML; the full
// stylesheets arrive after the first paint (docs/decisions/012-server-rendered-public-pages.md,
// "Critical CSS"). If a rule the server's HTML needs were missing from it, the first paint would
// differ from the page a moment later: a flash and a shift. So each page's HTML, painted from its
// critical CSS alone (every stylesheet request refused), must look exactly as the same HTML with
// the full stylesheets (loaded from the <noscript>, as for a visitor without JavaScript). Without
// scripts both show the server's HTML itself, not what the app changes after hydration.

const PAGES = [
  "/de",
  "/en",
  "/de/pricing",
  "/de/login",
  "/de/register",
  "/de/faq",
  "/en/contact-us",
  "/de/imprint",
  "/de/no-such-page",
];
const WIDTHS = [390, 1280];

async function screenshot(browser: Browser, path: string, width: number, stylesheets: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
  const page = await context.newPage();
  const loaded: string[] = [];
  await page.route("**/*.css", async (route) => {
    if (!stylesheets) return route.abort();
    loaded.push(route.request().url());
    return route.continue();
  });
  await page.goto(path);
  await page.waitForLoadState("load");
  if (stylesheets) expect(loaded.some((url) => /\/assets\/index-[^/]+\.css$/.test(url))).toBe(true);
  const shot = await page.screenshot({ fullPage: true, animations: "disabled" });
  await context.close();
  return shot;
}

for (const path of PAGES) {
  test(`${path} paints from its critical CSS exactly as with the full stylesheets`, async ({ browser }) => {
    for (const width of WIDTHS) {
      const critical = await screenshot(browser, path, width, false);
      const full = await screenshot(browser, path, width, true);
      expect(critical.equals(full), `${path} at ${width} px`).toBe(true);
    }
  });
}

// Hydration waits for the full stylesheets (app/full-styles.ts), but not for ever.
test("a page whose full stylesheet fails is hydrated all the same", async ({ page, consoleErrors }) => {
  consoleErrors.expect("Failed to load resource: net::ERR_FAILED");
  await page.route(/\/assets\/index-[^/]+\.css$/, (route) => route.abort());
  await page.goto("/de/pricing");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("group", { name: "Sprache" }).getByRole("link", { name: "EN" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fair pricing: you pay per scan");
});

test("a page whose full stylesheet never arrives is hydrated after ten seconds", async ({ page }) => {
  // Held, never answered: as a stalled connection.
  await page.route(/\/assets\/index-[^/]+\.css$/, () => {});
  await page.goto("/de/login", { waitUntil: "commit" }).catch(() => undefined);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 25_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anmelden");
});
