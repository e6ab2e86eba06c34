import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * The console errors and uncaught exceptions of a test's pages. Every test fails on one it did not
 * declare (docs/architecture.md, Tests): the check runs when the test ends, so no test has to
 * remember it.
 */
export interface ConsoleErrors {
  /** Every console error and uncaught exception so far, in order. */
  readonly seen: readonly string[];
  /**
   * Declares an error the test provokes on purpose, e.g. a refused request the browser logs as
   * "Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)"
   * (`failedResource(422)`); a RegExp for a text that varies. It must then happen exactly `times`
   * times (calls add up).
   */
  expect(message: string | RegExp, times?: number): void;
  /** Also watches a page of another browser context the test opened. */
  watch(page: Page): void;
}

/** The text the browser logs for a refused request of this status. */
export const failedResource = (status: 401 | 403 | 404 | 409 | 422 | 429) =>
  `Failed to load resource: the server responded with a status of ${status} (${STATUS_TEXT[status]})`;
const STATUS_TEXT = {
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
} as const;

/** A random private client address: what the production proxy appends for one visitor. */
const visitorAddress = () =>
  `10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 250) + 1).join(".")}`;

/**
 * A server-rendered page (docs/decisions/012-server-rendered-public-pages.md) shows its form before
 * React is attached to it: a click then does nothing. `goto` and `reload` therefore return once the
 * page is hydrated (the app marks <html data-hydrated>), as a visitor would wait for it; pages the
 * browser renders itself carry no server state and return as before.
 */
const waitsForHydration = new WeakSet<Page>();
export function waitForHydrationOnLoad(page: Page): void {
  if (waitsForHydration.has(page)) return;
  waitsForHydration.add(page);
  const hydrated = () =>
    page.waitForFunction(
      () => !document.getElementById("server-state") || document.documentElement.dataset.hydrated === "true",
      undefined,
      { timeout: 15_000 },
    );
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

/**
 * Loads a page without waiting for its hydration (the test holds it back to act before it, e.g.
 * by delaying the page's chunk): the page's own `goto`, which the fixture does not wrap.
 */
export async function gotoBeforeHydration(page: Page, url: string) {
  return Object.getPrototypeOf(page).goto.call(page, url) as ReturnType<Page["goto"]>;
}

/**
 * Holds back a page's chunk (`login-page` for assets/login-page-*.js), so a server-rendered page is
 * on the screen but not hydrated until the returned function is called.
 */
export async function holdPageChunk(page: Page, chunk: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/assets/${chunk}-*.js`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

export const test = base.extend<{ consoleErrors: ConsoleErrors; hydrationWaits: undefined }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) waitForHydrationOnLoad(page);
    await use(page);
  },
  // The pages of contexts a test opens itself (a second visitor, the provider team) wait too.
  hydrationWaits: [
    // After `context`: the test's own context is set up by the `page` fixture, which knows
    // whether it runs JavaScript at all.
    async ({ browser, context: _context }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled !== false) context.on("page", waitForHydrationOnLoad);
        return context;
      };
      await use(undefined);
      browser.newContext = newContext;
    },
    { auto: true },
  ],
  // Each test is one visitor behind the proxy (the server trusts it, playwright.config.ts): its
  // page and its API calls share an address, while the suite's hundreds of sign-ins and
  // confirmations do not add up in one address's real per-IP limits. A helper's own header wins.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) =>
    use({ ...extraHTTPHeaders, "x-forwarded-for": visitorAddress() }),
  consoleErrors: [
    async ({ context }, use) => {
      const seen: string[] = [];
      const expected: (string | RegExp)[] = [];
      const watched = new WeakSet<Page>();
      const watch = (page: Page) => {
        if (watched.has(page)) return;
        watched.add(page);
        page.on("console", (message) => {
          if (message.type() === "error") seen.push(message.text());
        });
        page.on("pageerror", (error) => seen.push(error.message));
      };
      // Every page of the test's context (the `page` fixture and any the test opens).
      for (const page of context.pages()) watch(page);
      context.on("page", watch);
      await use({
        seen,
        expect: (message, times = 1) => {
          for (let i = 0; i < times; i++) expected.push(message);
        },
        watch,
      });
      // Each declared error takes one message it matches (exact texts first): what is left over on
      // either side fails the test.
      const compare = () => {
        const unexpected = [...seen];
        const missing: string[] = [];
        const exactFirst = [...expected].sort(
          (a, b) => Number(a instanceof RegExp) - Number(b instanceof RegExp),
        );
        for (const pattern of exactFirst) {
          const index = unexpected.findIndex((m) =>
            typeof pattern === "string" ? m === pattern : pattern.test(m),
          );
          if (index === -1) missing.push(String(pattern));
          else unexpected.splice(index, 1);
        }
        return { unexpected, missing };
      };
      // A declared error can reach the console a moment after the page showed what the test waited
      // for (a page that shows "Kein Zugriff" from the role while its refused request is still on
      // the way): the comparison is repeated for a few seconds; the pages stay open meanwhile.
      await expect
        .poll(compare, {
          message:
            "console errors the test did not declare with consoleErrors.expect, or declared ones that did not happen",
          timeout: 3_000,
        })
        .toEqual({ unexpected: [], missing: [] });
    },
    { auto: true },
  ],
});

export { expect };

/** Serious and critical accessibility problems that axe finds on the page. */
export async function seriousAxeViolations(page: Page) {
  // A dialog or notice still fading in has its text at part opacity, which axe reads as too
  // little contrast: wait until finite transitions have ended (endless ones, like loaders, stay).
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  // axe.run in the page itself (legacy mode), asked for the violations only: the default runs axe
  // in each frame and finishes in a new blank page with axe injected again, and returns every pass
  // with its nodes, 2-4 times the CPU for the same violations (decision 011). The one frame this
  // gives up is a cross-origin one: the console's sandboxed mail preview.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };
/** Set SCREENSHOT_DIR to keep full-page screenshots of each checked page at both widths. */
export const shots = process.env.SCREENSHOT_DIR;

/** Checks the page with axe at desktop and phone width (and keeps screenshots with SCREENSHOT_DIR). */
export async function axeAtBothWidths(page: Page, shot: string) {
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/${shot}-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/${shot}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}
