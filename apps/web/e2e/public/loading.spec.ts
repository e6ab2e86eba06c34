import { gzipSync } from "node:zlib";
import { expect, test } from "../support/fixtures.ts";

test("the first visit to /de downloads at most 150 KB of JavaScript (gzip)", async ({ page, request }) => {
  const scripts = new Set<string>();
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.add(r.url());
  });
  await page.goto("/de");
  await page.waitForLoadState("networkidle");
  let total = 0;
  for (const url of scripts) total += gzipSync(await (await request.get(url)).body(), { level: 9 }).length;
  console.log(`first visit /de: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
  expect(scripts.size).toBeGreaterThan(1); // the page came in its own chunk
  expect(total).toBeLessThanOrEqual(150 * 1024);
});

test("a slow page load shows the 2 px loading bar", async ({ page }) => {
  await page.goto("/de");
  await page.route("**/assets/faq-page-*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await page.getByRole("link", { name: "Häufige Fragen" }).first().click();
  const bar = page.getByTestId("loading-bar");
  await expect(bar).toHaveAttribute("data-visible", "true");
  expect(await bar.evaluate((el) => getComputedStyle(el).height)).toBe("2px");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Häufige Fragen");
  await expect(bar).not.toHaveAttribute("data-visible");
});

test("a page chunk that fails to load reloads the page once, then shows an error", async ({
  page,
  consoleErrors,
}) => {
  // The failed import is reported by the hydration of the server-rendered /de/faq (decision 012)
  // and by the error boundary.
  consoleErrors.expect(
    /^(TypeError: )?Failed to fetch dynamically imported module: .*\/assets\/faq-page-.*\.js$/,
    2,
  );
  await page.goto("/de");
  let reloads = 0;
  page.on("load", () => reloads++);
  await page.route("**/assets/faq-page-*.js", (route) => route.abort());
  await page.getByRole("link", { name: "Häufige Fragen" }).first().click();
  // The first failure reloads /de/faq, whose chunk fails again: no second reload within 60 s.
  await expect(page.getByRole("heading", { name: "Diese Seite konnte nicht geladen werden" })).toBeVisible();
  expect(reloads).toBe(1);
  await expect(page).toHaveURL(/\/de\/faq$/);
  // The aborted chunk: once before the reload; after it, the page's modulepreload, and its import
  // again unless the browser still had the preload in flight and shared it.
  const aborted = consoleErrors.seen.filter((m) => m === "Failed to load resource: net::ERR_FAILED").length;
  expect([2, 3]).toContain(aborted);
  consoleErrors.expect("Failed to load resource: net::ERR_FAILED", aborted);
});

test("a server-rendered page requests its texts, stylesheets and scripts only once its first paint is on the screen", async ({
  page,
}) => {
  // The boot script waits for the presented first contentful paint (docs/decisions/012, "Paint
  // first"); a request started before it would count towards the paint in the mobile model. On a
  // slow phone the paint reaches the screen frames after it was made; here the content is kept
  // invisible for its first 600 ms, so frames go by without a contentful paint.
  await page.addInitScript(() => {
    const hidden = new CSSStyleSheet();
    hidden.replaceSync("body { visibility: hidden }");
    document.adoptedStyleSheets = [hidden];
    setTimeout(() => {
      document.adoptedStyleSheets = [];
    }, 600);
  });
  await page.goto("/de/pricing");
  await page.waitForLoadState("networkidle");
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    requests: performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/(?!boot-)/.test(entry.name))
      .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
  }));
  expect(timing.paint).toBeGreaterThan(600);
  // The locale files, the full stylesheets, the chunks and the entry.
  expect(timing.requests.map((r) => r.name)).toContainEqual(expect.stringMatching(/\.json$/));
  expect(timing.requests.map((r) => r.name)).toContainEqual(expect.stringMatching(/\/index-[^/]+\.css$/));
  expect(timing.requests.map((r) => r.name)).toContainEqual(expect.stringMatching(/\/index-[^/]+\.js$/));
  for (const request of timing.requests)
    expect(request.startTime, request.name).toBeGreaterThanOrEqual(timing.paint!);
});
