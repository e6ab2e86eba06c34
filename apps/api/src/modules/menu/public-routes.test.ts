import { writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { berlinMonth, MENU } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { build, type TestApp } from "../../test/build.ts";
import { signedInAdmin } from "../../test/review.ts";
import { livePartner } from "../../test/scans.ts";
import { tempDir } from "../../test/temp-dir.ts";
import { setDigitalMenu } from "../billing/digital-menu.ts";
import { CLICK_SCRIPT_HASH } from "./guest-page.ts";

// What guests see of a menu (docs/decisions/009-digital-menu.md, sections 1, 3 and 4): GET /menu,
// click counting and the guest HTML page, at fixed Berlin times, on the real database.

let t: TestApp;
let adminId: number;

// Monday 2026-11-23 12:00 and Saturday 2026-11-28 00:30 in Berlin (UTC+1 in November).
const MONDAY_NOON = new Date("2026-11-23T11:00:00Z");
const SATURDAY_0030 = new Date("2026-11-27T23:30:00Z");

/** The API's clock (only Date), so the menu is read at a chosen Berlin time. */
const at = (time: Date) => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(time);
};
afterEach(() => {
  vi.useRealTimers();
});

type Ids = Awaited<ReturnType<typeof menuCafe>>;
let cafe: Ids;

async function insertItem(
  locationId: number,
  companyId: number,
  position: number,
  fields: {
    kind: string;
    table_id?: number | null;
    hidden?: boolean;
    display_times?: object | null;
    texts?: object;
    image_hash?: string | null;
    pdf_hash?: string | null;
    url?: string | null;
    price_cents?: number | null;
    allergens?: string[];
    additives?: string[];
  },
): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      insert into menu_items (location_id, company_id, table_id, kind, position, hidden, display_times, texts,
        image_hash, pdf_hash, url, price_cents, allergens, additives)
      values (${locationId}, ${companyId}, ${fields.table_id ?? null}, ${fields.kind}, ${position},
        ${fields.hidden ?? false},
        ${fields.display_times ? JSON.stringify(fields.display_times) : null}::jsonb,
        ${JSON.stringify(fields.texts ?? {})}::jsonb, ${fields.image_hash ?? null}, ${fields.pdf_hash ?? null},
        ${fields.url ?? null}, ${fields.price_cents ?? null},
        ${`{${(fields.allergens ?? []).join(",")}}`}::text[], ${`{${(fields.additives ?? []).join(",")}}`}::text[])
      returning id::int`),
  );
  return row!.id;
}

async function insertFile(companyId: number, hash: string, kind: "image" | "pdf", widths: number[] = []) {
  await t.db.execute(sql`
    insert into menu_files (company_id, hash, kind, bytes, width, height, size_bytes)
    values (${companyId}, ${hash}, ${kind}, ${Buffer.from(hash)}, ${kind === "image" ? 1000 : null},
      ${kind === "image" ? 750 : null}, 100)`);
  for (const width of widths) {
    await t.db.execute(sql`
      insert into menu_image_renditions (company_id, hash, width, height, bytes)
      values (${companyId}, ${hash}, ${width}, ${(width * 3) / 4}, ${Buffer.from(`${hash}${width}`)})`);
  }
}

/** A live partner's location with a booked menu of every kind, a table and two banners. */
async function menuCafe() {
  const partner = await livePartner(t);
  const { locationId, id: companyId } = partner;
  await setDigitalMenu(t.db, locationId, true, adminId);
  await t.db.execute(sql`
    insert into menus (location_id, company_id, registration_url, review_url, social_links)
    values (${locationId}, ${companyId}, 'https://app.example/registrieren', 'https://reviews.example/cafe',
      ${JSON.stringify([
        { type: "instagram", url: "https://instagram.com/cafe" },
        { type: "email", url: "hallo@cafe.example" },
      ])}::jsonb)`);
  const [table] = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      insert into menu_tables (location_id, name, position) values (${locationId}, 'Terrasse 4', 1) returning id::int`),
  );
  const photoHash = `a${String(companyId).padStart(63, "0")}`;
  const pdfHash = `b${String(companyId).padStart(63, "0")}`;
  const bannerHash = `c${String(companyId).padStart(63, "0")}`;
  await insertFile(companyId, photoHash, "image", [480, 960]);
  await insertFile(companyId, pdfHash, "pdf");
  await insertFile(companyId, bannerHash, "image", [480]);
  const item = (position: number, fields: Parameters<typeof insertItem>[3]) =>
    insertItem(locationId, companyId, position, fields);
  const ids = {
    section: await item(1, {
      kind: "section",
      texts: { de: { title: "Vorspeisen" }, en: { title: "Starters" } },
    }),
    soup: await item(2, {
      kind: "dish",
      texts: {
        de: { title: "Tomatensuppe", body: "Mit Basilikum" },
        en: { title: "Tomato soup" },
        fr: { title: "Soupe de tomates" },
      },
      price_cents: 1250,
      allergens: ["celery", "milk"],
      additives: ["colouring"],
    }),
    photo: await item(3, { kind: "photo", image_hash: photoHash, texts: { de: { title: "Unser Garten" } } }),
    hidden: await item(4, {
      kind: "dish",
      hidden: true,
      texts: { de: { title: "Geheimgericht" } },
      price_cents: 900,
    }),
    lunch: await item(5, {
      kind: "dish",
      texts: { de: { title: "Mittagstisch" } },
      price_cents: 990,
      display_times: { windows: [{ days: ["mon", "tue", "wed", "thu", "fri"], from: "11:30", to: "14:00" }] },
    }),
    lateNight: await item(6, {
      kind: "dish",
      texts: { de: { title: "Mitternachtssnack" } },
      price_cents: 650,
      display_times: { windows: [{ days: ["fri"], from: "22:00", to: "02:00" }] },
    }),
    pdf: await item(7, { kind: "pdf", pdf_hash: pdfHash, texts: { de: { title: "Weinkarte" } } }),
    link: await item(8, {
      kind: "link",
      url: "https://cafe.example/tagesangebot",
      texts: { de: { title: "Tagesangebot" } },
    }),
    tableText: await item(1, {
      kind: "text",
      table_id: table!.id,
      texts: { de: { title: "Wasser gratis am Tisch" }, en: { title: "Free water at your table" } },
    }),
  };
  await t.db.execute(sql`
    insert into menu_banners (location_id, company_id, image_hash, url, texts, position) values
      (${locationId}, ${companyId}, ${bannerHash}, 'https://cafe.example/sommerfest',
        ${JSON.stringify({ de: { alt: "Sommerfest am Samstag" } })}::jsonb, 1),
      (${locationId}, ${companyId}, ${bannerHash}, null, '{}'::jsonb, 2)`);
  return { partner, locationId, companyId, tableId: table!.id, ids, photoHash, pdfHash, bannerHash };
}

const getMenu = (query: string) => t.inject({ url: `/api/v2/menu?${query}` });
const page = (url: string, headers: Record<string, string> = {}) => t.inject({ url, headers });
const click = (query: string, remoteAddress = "10.20.0.1") =>
  t.inject({ method: "POST", url: `/api/v2/statistics/menu/item/click?${query}`, remoteAddress });

beforeAll(async () => {
  t = await build();
  adminId = (await signedInAdmin(t)).id;
  cafe = await menuCafe();
});

describe("GET /api/v2/menu", () => {
  it("answers what is visible now, in order, without hidden items, banners only with a url", async () => {
    at(MONDAY_NOON);
    const res = await getMenu(`shop_id=${cafe.locationId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    const { ids } = cafe;
    expect(data.menu_items.map((i: { id: number }) => i.id)).toEqual([
      ids.section,
      ids.soup,
      ids.photo,
      ids.lunch,
      ids.pdf,
      ids.link,
    ]);
    expect(data.table_items).toEqual([]);
    const soup = data.menu_items[1];
    expect(soup).toMatchObject({
      item_type: "dish",
      price_cents: 1250,
      allergens: ["celery", "milk"],
      additives: ["colouring"],
      // fr is not offered at this location: its text is not answered.
      texts: { de: { title: "Tomatensuppe", body: "Mit Basilikum" }, en: { title: "Tomato soup" } },
    });
    expect(soup.texts.fr).toBeUndefined();
    expect(data.menu_items[2].image).toEqual({
      width: 1000,
      height: 750,
      renditions: [
        { width: 480, url: `/media/menu/${cafe.companyId}/${cafe.photoHash}/480.webp` },
        { width: 960, url: `/media/menu/${cafe.companyId}/${cafe.photoHash}/960.webp` },
      ],
    });
    expect(data.menu_items[4].pdf_url).toBe(`/media/menu/${cafe.companyId}/${cafe.pdfHash}.pdf`);
    expect(data.halfblock_banners).toHaveLength(1);
    expect(data.halfblock_banners[0]).toMatchObject({ url: "https://cafe.example/sommerfest" });
    expect(data.offered_locales).toEqual(["de", "en"]);
    expect(res.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=60");
  });

  it("puts the table's items first when a table is asked for", async () => {
    at(MONDAY_NOON);
    const res = await getMenu(`shop_id=${cafe.locationId}&table_id=${cafe.tableId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.table_items.map((i: { id: number }) => i.id)).toEqual([cafe.ids.tableText]);
    expect(data.menu_items).toHaveLength(6);
    expect(Object.keys(data)).toEqual(["offered_locales", "menu_items", "table_items", "halfblock_banners"]);
  });

  it("follows the schedules in the location's time zone, across midnight", async () => {
    at(SATURDAY_0030);
    const ids = (await getMenu(`shop_id=${cafe.locationId}`))
      .json()
      .data.menu_items.map((i: { id: number }) => i.id);
    expect(ids).toContain(cafe.ids.lateNight);
    expect(ids).not.toContain(cafe.ids.lunch);
    expect(ids).not.toContain(cafe.ids.hidden);
    // Monday 00:30 is not Friday night's.
    at(new Date("2026-11-29T23:30:00Z"));
    const monday = (await getMenu(`shop_id=${cafe.locationId}`))
      .json()
      .data.menu_items.map((i: { id: number }) => i.id);
    expect(monday).not.toContain(cafe.ids.lateNight);
  });

  it("shows an item hidden a moment ago never, and again when shown", async () => {
    await t.db.execute(sql`update menu_items set hidden = true where id = ${cafe.ids.soup}`);
    const hidden = (await getMenu(`shop_id=${cafe.locationId}`))
      .json()
      .data.menu_items.map((i: { id: number }) => i.id);
    expect(hidden).not.toContain(cafe.ids.soup);
    await t.db.execute(sql`update menu_items set hidden = false where id = ${cafe.ids.soup}`);
    const shown = (await getMenu(`shop_id=${cafe.locationId}`))
      .json()
      .data.menu_items.map((i: { id: number }) => i.id);
    expect(shown).toContain(cafe.ids.soup);
  });

  it("answers 404 for a menu guests cannot see, and 422 for ids that are no ids", async () => {
    // Unknown location; another company's table; a location without a booking.
    expect((await getMenu("shop_id=999999")).statusCode).toBe(404);
    const other = await livePartner(t);
    expect((await getMenu(`shop_id=${other.locationId}`)).statusCode).toBe(404);
    await setDigitalMenu(t.db, other.locationId, true, adminId);
    expect((await getMenu(`shop_id=${other.locationId}`)).statusCode).toBe(200);
    expect((await getMenu(`shop_id=${other.locationId}&table_id=${cafe.tableId}`)).statusCode).toBe(404);
    expect((await getMenu(`shop_id=${cafe.locationId}&table_id=999999`)).statusCode).toBe(404);
    // A blocked (red) company's menu, and a menu switched off.
    await t.db.execute(sql`update companies set status = 'red' where id = ${other.id}`);
    expect((await getMenu(`shop_id=${other.locationId}`)).statusCode).toBe(404);
    await t.db.execute(sql`update companies set status = 'orange' where id = ${other.id}`);
    expect((await getMenu(`shop_id=${other.locationId}`)).statusCode).toBe(200);
    await setDigitalMenu(t.db, other.locationId, false, adminId);
    expect((await getMenu(`shop_id=${other.locationId}`)).statusCode).toBe(404);
    for (const query of [
      "shop_id=abc",
      "shop_id=0",
      "",
      `shop_id=${cafe.locationId}&table_id=x`,
      "shop_id=1e30",
    ]) {
      const res = await getMenu(query);
      expect(res.statusCode, query).toBe(422);
    }
  });
});

describe("POST /api/v2/statistics/menu/item/click", () => {
  const clicksOf = async (itemId: number) =>
    rowsOf<{ month: string; clicks: number }>(
      await t.db.execute(sql`
        select to_char(month, 'YYYY-MM-DD') as month, clicks from menu_item_clicks where item_id = ${itemId}`),
    );

  it("counts a visible item's taps in the Berlin month", async () => {
    // 23:30 UTC on 30 November is 1 December in Berlin.
    at(new Date("2026-11-30T23:30:00Z"));
    const first = await click(`menu_item_id=${cafe.ids.link}&item_type=link`);
    expect(first.statusCode, first.body).toBe(204);
    expect((await click(`menu_item_id=${cafe.ids.link}`)).statusCode).toBe(204);
    expect(await clicksOf(cafe.ids.link)).toEqual([
      { month: berlinMonth(new Date("2026-11-30T23:30:00Z")), clicks: 2 },
    ]);
    expect(berlinMonth(new Date("2026-11-30T23:30:00Z"))).toBe("2026-12-01");
  });

  it("answers 404 for unknown, hidden, unscheduled or mistyped items and 422 for bad input", async () => {
    at(MONDAY_NOON);
    expect((await click("menu_item_id=999999")).statusCode).toBe(404);
    expect((await click(`menu_item_id=${cafe.ids.hidden}`)).statusCode).toBe(404);
    expect((await click(`menu_item_id=${cafe.ids.lateNight}`)).statusCode).toBe(404);
    expect((await click(`menu_item_id=${cafe.ids.soup}&item_type=link`)).statusCode).toBe(404);
    expect((await click(`menu_item_id=${cafe.ids.soup}&item_type=banana`)).statusCode).toBe(422);
    expect((await click("menu_item_id=abc")).statusCode).toBe(422);
    expect(await clicksOf(cafe.ids.hidden)).toEqual([]);
    expect(await clicksOf(cafe.ids.lateNight)).toEqual([]);
  });

  it("is rate limited per address and item", async () => {
    at(MONDAY_NOON);
    const address = "10.20.9.9";
    for (let i = 0; i < 10; i++) {
      expect((await click(`menu_item_id=${cafe.ids.soup}`, address)).statusCode).toBe(204);
    }
    const refused = await click(`menu_item_id=${cafe.ids.soup}`, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    // Another guest is not affected.
    expect((await click(`menu_item_id=${cafe.ids.soup}`, "10.20.9.10")).statusCode).toBe(204);
  });
});

describe("the guest page", () => {
  const order = (html: string, words: string[]) => words.map((w) => html.indexOf(w));

  it("has the whole menu in the HTML, in order, with scripts off", async () => {
    at(MONDAY_NOON);
    const res = await page(`/dm/${cafe.locationId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = res.body;
    expect(html).toContain('<html lang="de">');
    const positions = order(html, [
      "Sommerfest am Samstag",
      "Vorspeisen",
      "Tomatensuppe",
      "Unser Garten",
      "Mittagstisch",
      "Weinkarte",
      "Tagesangebot",
    ]);
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(html).not.toContain("Geheimgericht");
    expect(html).not.toContain("Mitternachtssnack");
    expect(html).not.toContain("Wasser gratis");
    // A dish: price as German writes it, allergens and additives by name.
    expect(html).toContain("12,50\u00a0€");
    expect(html).toContain("<b>Allergene:</b> Sellerie, Milch (einschließlich Laktose)");
    expect(html).toContain("<b>Zusatzstoffe:</b> mit Farbstoff");
    // Pictures from the renditions, with their size; PDF and link as plain links.
    const photo = `/media/menu/${cafe.companyId}/${cafe.photoHash}`;
    expect(html).toContain(`srcset="${photo}/480.webp 480w, ${photo}/960.webp 960w"`);
    expect(html).toMatch(/sizes="[^"]+" width="1000" height="750"/);
    expect(html).toContain(`href="/media/menu/${cafe.companyId}/${cafe.pdfHash}.pdf"`);
    expect(html).toContain('href="https://cafe.example/tagesangebot"');
    expect(html).toContain('href="https://reviews.example/cafe"');
    expect(html).toContain('href="https://instagram.com/cafe"');
    // An email link is stored as the bare address, as the card's links are.
    expect(html).toContain('href="mailto:hallo@cafe.example"');
    // The one script counts taps and is allowed by its hash only.
    const scripts = html.match(/<script>([\s\S]*?)<\/script>/g) ?? [];
    expect(scripts).toHaveLength(1);
    expect(html).toContain("sendBeacon");
    expect(gzipSync(scripts.join("")).length).toBeLessThan(MENU.guestJsBudgetBytes);
    expect(res.headers["content-security-policy"]).toContain(`script-src 'self' ${CLICK_SCRIPT_HASH}`);
    expect(res.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=60");
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    // The language link is a plain link.
    expect(html).toContain('<a href="?lang=en" hreflang="en" lang="en">English</a>');
  });

  it("lazy-loads every picture but the first", async () => {
    at(MONDAY_NOON);
    const html = (await page(`/dm/${cafe.locationId}`)).body;
    const images = html.match(/<img [^>]+>/g) ?? [];
    expect(images).toHaveLength(2);
    expect(images[0]).toContain('fetchpriority="high"');
    expect(images[1]).toContain('loading="lazy"');
  });

  it("answers 304 to a phone that has this minute's page, and a new ETag when the menu changes", async () => {
    at(MONDAY_NOON);
    const first = await page(`/dm/${cafe.locationId}`);
    const etag = String(first.headers.etag);
    const again = await page(`/dm/${cafe.locationId}`, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    // A cache that compressed the page sends the tag back weak, among others.
    expect((await page(`/dm/${cafe.locationId}`, { "if-none-match": `"x", W/${etag}` })).statusCode).toBe(
      304,
    );
    // Saturday night's dish appears: another page, another tag.
    at(SATURDAY_0030);
    const later = await page(`/dm/${cafe.locationId}`, { "if-none-match": etag });
    expect(later.statusCode).toBe(200);
    expect(later.body).toContain("Mitternachtssnack");
  });

  it("shows a table's items first and names the table", async () => {
    at(MONDAY_NOON);
    const res = await page(`/dm/${cafe.locationId}/${cafe.tableId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Tisch Terrasse 4");
    const [table, soup] = order(res.body, ["Wasser gratis am Tisch", "Tomatensuppe"]);
    expect(table).toBeGreaterThan(0);
    expect(table).toBeLessThan(soup!);
  });

  it("speaks the path's language, else ?lang=, else the browser's, among the offered ones", async () => {
    at(MONDAY_NOON);
    const en = await page(`/en/dm/${cafe.locationId}`);
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain("Tomato soup");
    expect(en.body).toContain("€12.50");
    expect(en.body).toContain("<b>Allergens:</b> Celery, Milk (including lactose)");
    // No English text: the German one.
    expect(en.body).toContain("Mittagstisch");
    expect(en.body).toContain(`<a href="/de/dm/${cafe.locationId}" hreflang="de" lang="de">Deutsch</a>`);
    expect((await page(`/dm/${cafe.locationId}?lang=en`)).body).toContain('<html lang="en">');
    expect((await page(`/dm/${cafe.locationId}`, { "accept-language": "en-GB,en;q=0.9" })).body).toContain(
      '<html lang="en">',
    );
    // French is not offered here: the browser's next language that is.
    const fr = await page(`/dm/${cafe.locationId}`, { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" });
    expect(fr.body).toContain('<html lang="en">');
    expect((await page(`/fr/dm/${cafe.locationId}`)).body).toContain('<html lang="de">');
  });

  it("offers fr and it to the configured locations, and no German to a DE-blocked one", async () => {
    at(MONDAY_NOON);
    const lists = t.config.menuLocales;
    try {
      t.config.menuLocales = { blockedDe: [cafe.locationId], allowFr: [cafe.locationId], allowIt: [] };
      const fr = await page(`/fr/dm/${cafe.locationId}`);
      expect(fr.body).toContain('<html lang="fr">');
      expect(fr.body).toContain("Soupe de tomates");
      expect(fr.body).toContain("12,50\u00a0€");
      expect(fr.body).toContain("<b>Allergènes:</b> Céleri, Lait (y compris le lactose)");
      expect(fr.body).toContain(">English</a>");
      expect(fr.body).not.toContain(">Deutsch</a>");
      // A German browser gets the first offered language, English.
      const de = await page(`/dm/${cafe.locationId}`, { "accept-language": "de-DE,de" });
      expect(de.body).toContain('<html lang="en">');
      const blocked = (await getMenu(`shop_id=${cafe.locationId}`)).json().data;
      expect(blocked.offered_locales).toEqual(["en", "fr"]);
      // German is not offered: a dish with other texts answers those; a photo titled only in
      // German keeps its title, as the page shows it, rather than going blank.
      const byId = new Map(blocked.menu_items.map((i: { id: number }) => [i.id, i]));
      expect(byId.get(cafe.ids.soup)).toMatchObject({ texts: { en: { title: "Tomato soup" } } });
      expect((byId.get(cafe.ids.soup) as { texts: object }).texts).not.toHaveProperty("de");
      expect(byId.get(cafe.ids.photo)).toMatchObject({ texts: { de: { title: "Unser Garten" } } });
      expect(fr.body).toContain("Unser Garten");
      t.config.menuLocales = { blockedDe: [], allowFr: [], allowIt: [cafe.locationId] };
      const it = await page(`/it/dm/${cafe.locationId}`);
      expect(it.body).toContain('<html lang="it">');
      expect(it.body).toContain("Allergeni");
      expect(it.body).toContain("12,50\u00a0€");
    } finally {
      t.config.menuLocales = lists;
    }
  });

  it("answers a small 404 page in the guest's language for a menu that does not show", async () => {
    for (const url of [
      "/dm/999999",
      "/dm/abc",
      `/dm/${cafe.locationId}/xyz`,
      `/dm/${cafe.locationId}/999999`,
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body).toContain("Speisekarte nicht verfügbar");
    }
    const en = await page("/en/dm/999999");
    expect(en.statusCode).toBe(404);
    expect(en.body).toContain("Menu not available");
    const it = await page("/dm/999999", { "accept-language": "it" });
    expect(it.body).toContain("Menù non disponibile");
  });
});

describe("beside the built web app", () => {
  it("the guest paths are the menu's pages, not the app's", async () => {
    const dist = tempDir("stempla-dist-");
    writeFileSync(
      path.join(dist, "index.html"),
      '<!doctype html><html lang="de"><head><meta name="marketing-site-url" content=""></head><body>app</body></html>',
    );
    const withApp = await build({ WEB_DIST_DIR: dist });
    try {
      for (const url of ["/dm/999999", "/dm/999999/1", "/de/dm/999999", "/en/dm/999999/", "/it/dm/1/2"]) {
        const res = await withApp.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain("<body>app</body>");
        expect(res.body, url).toMatch(/Speisekarte nicht verfügbar|Menu not available|Menù non disponibile/);
      }
      // The app's own pages are still the app's.
      expect((await withApp.inject({ url: "/de/pricing" })).body).toContain("<body>app</body>");
    } finally {
      await withApp.close();
    }
  });
});
