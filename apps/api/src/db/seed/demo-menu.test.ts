import { DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION, MENU_IMAGE_WIDTHS } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ORIGIN } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { rowsOf } from "../client.ts";
import { DEMO_ADMIN, DEMO_PARTNER, seedDemoAccounts } from "./accounts.ts";
import { demoBilledMonths, demoFirstMonth } from "./demo-invoices.ts";
import { seedDemoMenu } from "./demo-menu.ts";

// The demo partner's digital menu (seed demo-menu.ts): made through the menu's services, booked
// from the first simulated month, so the demo's past invoices carry its line; the guest page shows it.

let t: TestApp;
/** Smaller than on a fresh `npm start`, the same seed. */
const STATISTICS = { customers: 20, months: 3 };
const now = new Date();
let headers: Record<string, string>;
let companyId: number;
let menu: MenuView;

interface MenuItem {
  id: number;
  kind: string;
  hidden: boolean;
  texts: Record<string, { title?: string; body?: string }>;
  price_cents: number | null;
  allergens: string[];
  additives: string[];
  display_times: { windows: { days: string[]; from: string; to: string }[] } | null;
  image: { width: number; height: number; urls: { width: number; url: string }[] } | null;
  pdf: { url: string } | null;
  url: string | null;
}
interface MenuView {
  location: { id: number; name: string };
  enabled: boolean;
  since: string;
  links: { registration_url: string | null; review_url: string | null; social_links: { type: string }[] };
  tables: { id: number; name: string; public_url: string }[];
  items: MenuItem[];
  table_items: Record<string, MenuItem[]>;
  banners: { url: string; texts: Record<string, { alt?: string }>; image: MenuItem["image"] }[];
}

const get = async (url: string, withHeaders: Record<string, string> = headers) => {
  const res = await t.inject({ url, headers: withHeaders });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res;
};
const titles = (items: MenuItem[], kind?: string) =>
  items.filter((i) => !kind || i.kind === kind).map((i) => i.texts.de?.title);

beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  await seedDemoAccounts(t.db, DEMO_ADMIN, t.config, { statistics: STATISTICS, now });
  const login = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/login",
    payload: DEMO_PARTNER,
    remoteAddress: "10.9.0.1",
  });
  expect(login.statusCode, login.body).toBe(200);
  headers = { authorization: `Bearer ${login.json().data.token}` };
  companyId = (await get("/api/v2/dashboard/company")).json().data.id;
  const shops = (await get("/api/v2/dashboard/shop")).json().data as { id: number; name: string }[];
  const first = shops.find((s) => s.name === "Café Sonnenschein Ehrenfeld")!;
  menu = (await get(`/api/v2/dashboard/menu?shop_id=${first.id}`)).json().data;
}, 180_000);

afterEach(() => {
  vi.useRealTimers();
});

describe("the demo menu", () => {
  it("is on at the first location since the first simulated month, with sections, dishes in de and en, and every kind", () => {
    expect(menu.location.name).toBe("Café Sonnenschein Ehrenfeld");
    expect(menu).toMatchObject({ enabled: true, since: demoFirstMonth(STATISTICS.months, now) });
    expect(titles(menu.items, "section")).toEqual([
      "Frühstück",
      "Mittagstisch",
      "Kuchen & Torten",
      "Getränke",
      "Gut zu wissen",
    ]);
    const dishes = menu.items.filter((i) => i.kind === "dish");
    expect(dishes.length).toBeGreaterThanOrEqual(15);
    for (const dish of dishes) {
      expect(dish.texts.de?.title, JSON.stringify(dish.texts)).toBeTruthy();
      expect(dish.texts.en?.title, JSON.stringify(dish.texts)).toBeTruthy();
      expect(dish.price_cents).toBeGreaterThan(0);
    }
    expect(dishes.find((d) => d.texts.de?.title === "Apfelstrudel")).toMatchObject({
      price_cents: 520,
      allergens: ["gluten", "eggs", "milk", "sulphites"],
      additives: ["sulphured"],
    });
    expect(dishes.find((d) => d.texts.de?.title === "Cola")).toMatchObject({
      allergens: [],
      additives: ["colouring", "caffeine"],
    });
    expect(new Set(menu.items.map((i) => i.kind))).toEqual(
      new Set(["photo", "text", "pdf", "link", "section", "dish"]),
    );
    expect(menu.items.every((i) => !i.hidden)).toBe(true);

    // The lunch section and its dishes show Monday to Friday, 11:30–14:30 only.
    const lunch = menu.items.filter((i) => i.display_times !== null);
    expect(titles(lunch)).toEqual([
      "Mittagstisch",
      "Kürbis-Ingwer-Suppe",
      "Quiche Lorraine",
      "Linsen-Bowl (vegan)",
    ]);
    for (const item of lunch)
      expect(item.display_times).toEqual({
        windows: [{ days: ["mon", "tue", "wed", "thu", "fri"], from: "11:30", to: "14:30" }],
      });

    // The picture went through the upload: its renditions at the widths of MENU_IMAGE_WIDTHS.
    const photo = menu.items.find((i) => i.kind === "photo")!;
    expect(photo.image).toMatchObject({ width: 1000, height: 750 });
    expect(photo.image!.urls.map((u) => u.width)).toEqual([...MENU_IMAGE_WIDTHS]);
    expect(menu.items.find((i) => i.kind === "link")!.url).toBe(
      "https://www.cafe-sonnenschein.example/reservieren",
    );
    expect(menu.items.find((i) => i.kind === "pdf")!.pdf!.url).toMatch(
      new RegExp(`^/media/menu/${companyId}/[0-9a-f]{64}\\.pdf$`),
    );

    expect(menu.links.review_url).toBe("https://www.cafe-sonnenschein.example/bewerten");
    expect(menu.links.registration_url).toMatch(new RegExp(`^${ORIGIN}/s/`));
    expect(menu.links.social_links.map((l) => l.type)).toEqual(["website", "instagram"]);
    expect(menu.tables.map((table) => table.name)).toEqual(["Terrasse 1", "Fenster"]);
    for (const table of menu.tables) expect(menu.table_items[String(table.id)]).toHaveLength(1);
    expect(menu.banners.map((b) => [b.url, b.texts.de?.alt])).toEqual([
      ["https://www.cafe-sonnenschein.example/torten", "Torten auf Bestellung"],
      ["https://www.cafe-sonnenschein.example/shop", "Unser Kaffee zum Mitnehmen und als Bohnen"],
    ]);
    for (const banner of menu.banners) expect(banner.image!.urls.length).toBeGreaterThan(0);
  });

  it("shows on the guest page /dm/{id} in German and English, with its pictures and the PDF", async () => {
    const id = menu.location.id;
    const de = (await get(`/dm/${id}`, {})).body;
    expect(de).toContain('<html lang="de">');
    for (const dish of ["Sonnenschein-Frühstück", "Käsekuchen nach Omas Rezept", "Latte macchiato", "Kölsch"])
      expect(de).toContain(dish);
    expect(de).toContain("11,90\u00a0€");
    expect(de).toContain("Schwefeldioxid und Sulfite");
    expect(de).toContain("geschwefelt");
    expect(de).toContain('href="https://www.cafe-sonnenschein.example/bewerten"');
    const en = (await get(`/dm/${id}?lang=en`, {})).body;
    expect(en).toContain('<html lang="en">');
    for (const dish of ["Sunshine breakfast", "Grandma&#39;s cheesecake", "Filter coffee"])
      expect(en).toContain(dish);

    // Every picture and the PDF the page links to answers from the media routes.
    const media = [...de.matchAll(/(?:src|href)="(\/media\/menu\/[^"]+)"/g)].map((m) => m[1]!);
    expect(media.filter((url) => url.endsWith(".webp")).length).toBe(3);
    for (const url of media) {
      const res = await get(url, {});
      expect(res.headers["content-type"]).toBe(url.endsWith(".pdf") ? "application/pdf" : "image/webp");
      if (url.endsWith(".pdf")) expect(pdfText(res.rawPayload).text).toContain("Torten auf Bestellung");
    }

    // A table's page: its own entry first, then the menu.
    const terrace = menu.tables.find((table) => table.name === "Terrasse 1")!;
    const table = (await get(`/dm/${id}/${terrace.id}`, {})).body;
    expect(table).toContain("Tisch Terrasse 1");
    expect(table.indexOf("Willkommen auf der Terrasse")).toBeLessThan(table.indexOf("Frühstück"));
  });

  it("shows the lunch only on weekdays from 11:30 to 14:30 (Berlin)", async () => {
    const id = menu.location.id;
    vi.useFakeTimers({ toFake: ["Date"] });
    // A Wednesday in winter (UTC+1).
    vi.setSystemTime(new Date("2026-11-25T12:00:00+01:00"));
    expect((await get(`/dm/${id}`, {})).body).toContain("Quiche Lorraine");
    vi.setSystemTime(new Date("2026-11-25T15:00:00+01:00"));
    const afternoon = (await get(`/dm/${id}`, {})).body;
    expect(afternoon).not.toContain("Quiche Lorraine");
    expect(afternoon).not.toContain("Mittagstisch");
    expect(afternoon).toContain("Käsekuchen nach Omas Rezept");
    // Saturday noon: no lunch.
    vi.setSystemTime(new Date("2026-11-28T12:00:00+01:00"));
    expect((await get(`/dm/${id}`, {})).body).not.toContain("Quiche Lorraine");
  });

  it("is on every invoice the demo bills for its past months, at the menu's monthly fee", async () => {
    const invoices = rowsOf<{
      period_start: string;
      lines: { kind: string; quantity: number; unitCents: number }[];
    }>(
      await t.db.execute(sql`
        select to_char(period_start, 'YYYY-MM-DD') as period_start, lines from invoices
        where company_id = ${companyId} and kind = 'invoice' order by period_start`),
    );
    expect(invoices).toHaveLength(demoBilledMonths(STATISTICS.months, now));
    expect(invoices[0]!.period_start).toBe(demoFirstMonth(STATISTICS.months, now));
    for (const invoice of invoices) {
      const menuLines = invoice.lines.filter((l) => l.kind === "digital_menu");
      expect(menuLines, invoice.period_start).toEqual([
        expect.objectContaining({ quantity: 1, unitCents: DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION }),
      ]);
    }
    // And on the PDF the partner downloads.
    const list = (await get("/api/v2/subscription/invoices")).json().data as { pdf_url: string }[];
    const { text } = pdfText((await get(list[0]!.pdf_url)).rawPayload);
    const fee = `${(DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION / 100).toFixed(2).replace(".", ",")} €`;
    expect(text).toContain(`Digitale Speisekarte je Standort 1 ${fee} ${fee}`);
  });

  it("has guests' taps on its entries in every month since it was booked, none on headings", async () => {
    const url = `/api/v2/dashboard/menu/clicks?shop_id=${menu.location.id}`;
    const thisMonth = (await get(url)).json().data as {
      month: string;
      items: { id: number; clicks: number }[];
      months: string[];
    };
    const first = demoFirstMonth(STATISTICS.months, now).slice(0, 7);
    // Every booked month, the first and this one included, newest first.
    expect(thisMonth.months).toHaveLength(STATISTICS.months + 1);
    expect(thisMonth.months.at(-1)).toBe(first);
    expect(thisMonth.months[0]).toBe(thisMonth.month);
    const month = (await get(`${url}&month=${first}`)).json().data as typeof thisMonth;
    // The entries still there (another test deletes one; their order is random).
    const clicksOf = (kind: string) =>
      menu.items
        .filter((i) => i.kind === kind)
        .flatMap((i) => month.items.filter((c) => c.id === i.id).map((c) => c.clicks));
    expect(clicksOf("section").every((n) => n === 0)).toBe(true);
    expect(clicksOf("dish").every((n) => n > 0)).toBe(true);
    expect(clicksOf("link")[0]).toBeGreaterThan(Math.max(...clicksOf("text")));
  });

  it("is made once: seeding again adds nothing, and what the partner changed stays", async () => {
    const id = menu.location.id;
    // A dish no other test here looks for (their order is random).
    const pick = menu.items.find((i) => i.texts.de?.title === "Chai Latte")!;
    const removed = await t.inject({
      method: "DELETE",
      url: `/api/v2/dashboard/menu/item?id=${pick.id}`,
      headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const count = async () =>
      rowsOf<{ items: number; tables: number; banners: number; files: number; bookings: number }>(
        await t.db.execute(sql`
          select (select count(*) from menu_items where location_id = ${id})::int as items,
            (select count(*) from menu_tables where location_id = ${id})::int as tables,
            (select count(*) from menu_banners where location_id = ${id})::int as banners,
            (select count(*) from menu_files where company_id = ${companyId})::int as files,
            (select count(*) from digital_menu_bookings where company_id = ${companyId})::int as bookings`),
      )[0]!;
    const before = await count();
    expect(before.bookings).toBe(1);
    await seedDemoAccounts(t.db, DEMO_ADMIN, t.config, { statistics: STATISTICS, now });
    expect(await seedDemoMenu(t.db, companyId, t.config, "2026-01-01")).toBeUndefined();
    expect(await count()).toEqual(before);
  });
});
