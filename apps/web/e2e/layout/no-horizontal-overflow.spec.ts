import type { Page } from "@playwright/test";
import { LOCALES, PAGE_ROUTES, type PageName, pageAccess } from "@stempla/domain";
import { confirmedPartner, DEMO_PARTNER, logIn, logInToConsole } from "../support/accounts.ts";
import { type ConsoleErrors, expect, PHONE, shots, test } from "../support/fixtures.ts";
import { completeSetUp } from "../support/partner-setup.ts";

// No page may scroll sideways on a phone (390 px): every page of the shared route table is
// visited, so a new page is checked without anyone remembering to add it here. Pages with a path
// parameter need a value, and the compiler insists on one for each (ParamPage).

type ParamPage = {
  [P in PageName]: (typeof PAGE_ROUTES)[P] extends `${string}:${string}` ? P : never;
}[PageName];
interface Ids {
  locationId: number;
  companyId: number;
}
const PARAMS: Record<ParamPage, (ids: Ids) => Record<string, number>> = {
  locationDetail: (ids) => ({ id: ids.locationId }),
  digitalMenuManage: (ids) => ({ id: ids.locationId }),
  adminPartner: (ids) => ({ id: ids.companyId }),
};

function url(locale: string, page: PageName, ids?: Ids): string {
  const params = page in PARAMS && ids ? PARAMS[page as ParamPage](ids) : {};
  const path = PAGE_ROUTES[page].replace(/:(\w+)/g, (_, key: string) => String(params[key]));
  return path ? `/${locale}/${path}` : `/${locale}`;
}

const pagesFor = (access: "public" | "partner" | "admin") =>
  (Object.keys(PAGE_ROUTES) as PageName[]).filter((page) => pageAccess(page) === access);

/**
 * Fails when the page is wider than the viewport, naming the innermost elements whose right edge
 * is beyond it (and that no scrolling or clipping parent contains).
 */
async function expectNoHorizontalOverflow(page: Page, where: string) {
  await page.waitForLoadState("networkidle");
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const width = root.clientWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x !== "visible") return true;
      }
      return false;
    };
    // An element's right edge, or that of its content when a long word runs out of its box
    // (unless the element scrolls or clips its content itself).
    const rightEdge = (el: Element) => {
      const box = el.getBoundingClientRect();
      const spills = getComputedStyle(el).overflowX === "visible";
      return spills ? Math.max(box.right, box.left + el.scrollWidth) : box.right;
    };
    const beyond = [...document.body.querySelectorAll("*")].filter(
      (el) => el.getBoundingClientRect().width > 0 && rightEdge(el) > width + 1 && !clipped(el),
    );
    const innermost = beyond.filter((el) => !beyond.some((other) => other !== el && el.contains(other)));
    const describe = (el: Element) => {
      const classes = typeof el.className === "string" ? el.className.trim().split(/\s+/).slice(0, 2) : [];
      const name = [el.tagName.toLowerCase(), ...classes].join(".");
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 50);
      return `${name} (right edge ${Math.round(rightEdge(el))} px) "${text}"`;
    };
    return { scrollWidth: root.scrollWidth, width, elements: innermost.slice(0, 6).map(describe) };
  });
  expect(
    overflow,
    overflow
      ? `${where} is ${overflow.scrollWidth} px wide at ${overflow.width} px; beyond the edge: ${overflow.elements.join("; ")}`
      : where,
  ).toBeNull();
}

/**
 * The coupons' and vouchers' list, choice and forms load the payment provider's script, and
 * without a publishable key (none here) the console says so once per page load (spec section 8;
 * docs/decisions/010-coupons-and-vouchers.md, section 5).
 */
const PROVIDER_PAGE = /^\/(de|en)\/nft(\/create(\/coupon|\/voucher)?)?$/;
const MISSING_PUBLISHABLE_KEY = "A publishable key is required";

async function visitAll(page: Page, urls: string[], consoleErrors: ConsoleErrors) {
  const failures: string[] = [];
  for (const target of urls) {
    if (PROVIDER_PAGE.test(target)) consoleErrors.expect(MISSING_PUBLISHABLE_KEY);
    await page.goto(target);
    await expect(page.locator("h1").first()).toBeVisible();
    try {
      await expectNoHorizontalOverflow(page, target);
    } catch (error) {
      failures.push((error as Error).message.split("\n")[0] ?? target);
    }
    if (shots) {
      const name = target.replace(/^\//, "").replace(/\//g, "_") || "root";
      await page.screenshot({ path: `${shots}/overflow-${name}-390.png`, fullPage: true });
    }
  }
  expect(failures).toEqual([]);
}

test.describe("at 390 px no page scrolls sideways", () => {
  test.use({ viewport: PHONE });

  for (const locale of LOCALES) {
    test(`public pages (${locale})`, async ({ page, consoleErrors }) => {
      test.setTimeout(90_000);
      await visitAll(
        page,
        pagesFor("public").map((p) => url(locale, p)),
        consoleErrors,
      );
    });
  }

  test("the dashboard pages of a partner that has just set up", async ({ page, request, consoleErrors }) => {
    test.setTimeout(90_000);
    const partner = await confirmedPartner(request, "Konditorei Sonnenschein am Alten Markt");
    const { shopId } = await completeSetUp(request, partner.email, partner.password);
    await logIn(page, partner.email, partner.password);
    await page.waitForURL(/\/de\/dashboard/);
    const ids = { locationId: shopId, companyId: 0 };
    await visitAll(
      page,
      pagesFor("partner").map((p) => url("de", p, ids)),
      consoleErrors,
    );
  });

  test("the dashboard pages of a live partner with statistics (en)", async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const login = await request.post("/api/v2/dashboard/login", { data: DEMO_PARTNER });
    const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
    const shops = await request.get("/api/v2/dashboard/shop?page=1", { headers });
    expect(shops.status()).toBe(200);
    const locationId: number = (await shops.json()).data[0].id;
    await logIn(page, DEMO_PARTNER.email, DEMO_PARTNER.password, "en");
    await page.waitForURL(/\/en\/dashboard/);
    await visitAll(
      page,
      pagesFor("partner").map((p) => url("en", p, { locationId, companyId: 0 })),
      consoleErrors,
    );
  });

  test("the console pages", async ({ page, request, consoleErrors }) => {
    test.setTimeout(90_000);
    const partner = await confirmedPartner(request, "Getränkemarkt Zum Durstigen Wandersmann");
    const account = await completeSetUp(request, partner.email, partner.password);
    const companyId = account.companyId;
    await logInToConsole(page);
    await visitAll(
      page,
      pagesFor("admin").map((p) => url("de", p, { locationId: 0, companyId })),
      consoleErrors,
    );
  });
});
