import { MENU, type MessageKey, translate } from "@stempla/domain";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf, LOCATION } from "../../test/review.ts";

// The digital menu's management API (docs/decisions/009-digital-menu.md, section 4): bad input is
// 422 with the field's message, another company's ids are 404, moves keep one order per list.

type Partner = Awaited<ReturnType<typeof signedInPartner>>;
let t: TestApp;
let owner: Partner;
let stranger: Partner;
let master: Partner;
let franchisee: Partner;
let shop: number;
let otherShop: number;
let franchiseShop: number;

const api = (
  who: Partner,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  t.inject({
    method,
    url: `/api/v2${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function newLocation(who: Partner, name = LOCATION.name): Promise<number> {
  const res = await api(who, "POST", "/dashboard/shop", { ...LOCATION, name });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.id as number;
}

/** 422 with exactly this message on the field (in German, the default language). */
function refused(res: LightMyRequestResponse, field: string, key: MessageKey) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().errors[field], res.body).toEqual([translate(key, "de")]);
}

async function item(who: Partner, location: number, payload: object, table?: number) {
  const res = await api(
    who,
    "POST",
    `/dashboard/menu/item/create?shop_id=${location}${table ? `&table_id=${table}` : ""}`,
    payload,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; position: number; [key: string]: unknown };
}

const dish = (title: string, extra: object = {}) => ({ kind: "dish", texts: { de: { title } }, ...extra });
const titles = (list: { texts: { de?: { title?: string } } }[]) => list.map((i) => i.texts.de?.title);

async function menuOf(who: Partner, location: number) {
  const res = await api(who, "GET", `/dashboard/menu?shop_id=${location}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A stored picture for the company, as an upload stores it, for banners (uploads are menu/uploads.ts's). */
async function storedImage(companyId: number, hash: string) {
  await t.db.execute(sql`
    insert into menu_files (company_id, hash, kind, bytes, width, height, size_bytes)
    values (${companyId}, ${hash}, 'image', '\\x00'::bytea, 1000, 750, 1)`);
  await t.db.execute(sql`
    insert into menu_image_renditions (company_id, hash, width, height, bytes)
    values (${companyId}, ${hash}, 480, 360, '\\x00'::bytea), (${companyId}, ${hash}, 960, 720, '\\x00'::bytea)`);
}

async function banner(
  location: number,
  companyId: number,
  hash: string,
  position: number,
  url: string | null,
) {
  const [row] = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      insert into menu_banners (location_id, company_id, image_hash, url, position)
      values (${location}, ${companyId}, ${hash}, ${url}, ${position}) returning id::int`),
  );
  return row!.id;
}

beforeAll(async () => {
  t = await build();
  owner = await signedInPartner(t);
  stranger = await signedInPartner(t);
  master = await signedInPartner(t, { type: "master", contact_name: "Greta", contact_surname: "Gross" });
  franchisee = await signedInPartner(t);
  await t.db.execute(sql`
    update companies set type = 'slave', master_id = ${companyIdOf(master)}, franchise_joined_at = now()
    where id = ${companyIdOf(franchisee)}`);
  shop = await newLocation(owner);
  otherShop = await newLocation(stranger);
  franchiseShop = await newLocation(franchisee);
}, 120_000);

describe("the menu of a location", () => {
  it("is empty and off at first, with its public address and languages", async () => {
    const location = await newLocation(owner, "Neues Café");
    const menu = await menuOf(owner, location);
    expect(menu).toMatchObject({
      location: { id: location, name: "Neues Café", country: "DE" },
      enabled: false,
      since: null,
      offered_locales: ["de", "en"],
      public_url: `${t.config.publicUrl}/dm/${location}`,
      links: { registration_url: null, review_url: null, social_links: [] },
      tables: [],
      items: [],
      table_items: {},
      banners: [],
    });
  });

  it("needs a signed-in partner", async () => {
    const res = await t.inject({ method: "GET", url: `/api/v2/dashboard/menu?shop_id=${shop}` });
    expect(res.statusCode).toBe(401);
  });

  it("is turned on (booked from today) and off again, keeping its content", async () => {
    const created = await item(owner, shop, dish("Tagessuppe"));
    const on = await api(owner, "PUT", `/dashboard/menu/enabled?shop_id=${shop}`, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({ enabled: true, since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const bookings = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from digital_menu_bookings where location_id = ${shop} and ends_on is null`,
      ),
    );
    expect(bookings[0]!.n).toBe(1);
    expect((await menuOf(owner, shop)).enabled).toBe(true);
    const off = await api(owner, "PUT", `/dashboard/menu/enabled?shop_id=${shop}`, { enabled: false });
    expect(off.json().data).toEqual({ enabled: false, since: null });
    const menu = await menuOf(owner, shop);
    expect(menu.enabled).toBe(false);
    expect(menu.items.map((i: { id: number }) => i.id)).toContain(created.id);
    await api(owner, "DELETE", `/dashboard/menu/item?id=${created.id}`);
  });

  it("keeps its links", async () => {
    const links = {
      registration_url: "https://stempla.de/app",
      review_url: "https://g.page/r/cafe/review",
      social_links: [{ type: "instagram", url: "https://instagram.com/cafe" }],
    };
    const res = await api(owner, "PUT", `/dashboard/menu/settings?shop_id=${shop}`, links);
    expect(res.statusCode, res.body).toBe(200);
    expect((await menuOf(owner, shop)).links).toEqual(links);
    const cleared = await api(owner, "PUT", `/dashboard/menu/settings?shop_id=${shop}`, {
      registration_url: "",
      review_url: null,
      social_links: [],
    });
    expect(cleared.json().data).toEqual({ registration_url: null, review_url: null, social_links: [] });
  });
});

describe("bad input is 422 on the field, never 500", () => {
  it("on the location's calls", async () => {
    refused(await api(owner, "GET", "/dashboard/menu?shop_id=abc"), "shop_id", "number.invalid");
    refused(await api(owner, "GET", "/dashboard/menu"), "shop_id", "number.invalid");
    refused(
      await api(owner, "PUT", `/dashboard/menu/enabled?shop_id=${shop}`, { enabled: "ja" }),
      "enabled",
      "menu.enabled",
    );
    refused(
      await api(owner, "PUT", `/dashboard/menu/settings?shop_id=${shop}`, {
        review_url: "javascript:alert(1)",
      }),
      "review_url",
      "menu.url",
    );
    refused(
      await api(owner, "PUT", `/dashboard/menu/settings?shop_id=${shop}`, {
        social_links: [{ type: "myspace", url: "https://myspace.com/x" }],
      }),
      "social_links.0.type",
      "social.type",
    );
    refused(
      await api(owner, "GET", `/dashboard/menu/clicks?shop_id=${shop}&month=2026-13`),
      "month",
      "menu.month",
    );
  });

  it("on creating and changing items", async () => {
    const create = (payload: unknown) =>
      api(owner, "POST", `/dashboard/menu/item/create?shop_id=${shop}`, payload);
    refused(await create({ kind: "video" }), "kind", "menu.kind");
    refused(await create({ kind: "dish", texts: {} }), "texts", "menu.title.required");
    refused(await create({ kind: "section", texts: { de: { title: " " } } }), "texts", "menu.title.required");
    refused(await create({ kind: "text", texts: { de: { body: "" } } }), "texts", "menu.text.required");
    refused(await create({ kind: "link", texts: {} }), "url", "menu.url.required");
    refused(await create({ kind: "link", url: "ftp://example.com/menu" }), "url", "menu.url");
    refused(await create(dish("Suppe", { price_cents: 100_001 })), "price_cents", "menu.price");
    refused(await create(dish("Suppe", { price_cents: -1 })), "price_cents", "menu.price");
    refused(await create(dish("Suppe", { price_cents: "4,50" })), "price_cents", "menu.price");
    refused(await create(dish("Suppe", { allergens: ["shellfish"] })), "allergens.0", "menu.allergens");
    refused(await create(dish("Suppe", { additives: ["e621"] })), "additives.0", "menu.additives");
    refused(
      await create(dish("Suppe", { texts: { de: { title: "Suppe" }, es: { title: "Sopa" } } })),
      "texts",
      "menu.texts",
    );
    refused(await create(dish("x".repeat(121))), "texts.de.title", "menu.title.max");
    refused(await create({ kind: "photo", texts: {} }), "file", "menu.file.required");
    refused(await create({ kind: "pdf", texts: {} }), "file", "menu.file.required");
    refused(
      await api(owner, "POST", `/dashboard/menu/item/create?shop_id=${shop}&table_id=x`, dish("Suppe")),
      "table_id",
      "number.invalid",
    );

    const soup = await item(owner, shop, dish("Suppe", { price_cents: 0 }));
    const link = await item(owner, shop, { kind: "link", url: "https://example.com" });
    const change = (id: number, payload: unknown) =>
      api(owner, "POST", `/dashboard/menu/item/${id}`, payload);
    refused(await change(soup.id, { texts: {} }), "texts", "menu.title.required");
    refused(
      await change(soup.id, { texts: { de: { title: "Suppe" } }, price_cents: 100_001 }),
      "price_cents",
      "menu.price",
    );
    refused(await change(link.id, { url: "" }), "url", "menu.url.required");
    refused(await change(link.id, { url: "data:text/html,hi" }), "url", "menu.url");
    refused(await api(owner, "POST", "/dashboard/menu/item/abc", {}), "id", "number.invalid");
    await api(owner, "DELETE", `/dashboard/menu/item?id=${soup.id}`);
    await api(owner, "DELETE", `/dashboard/menu/item?id=${link.id}`);
  });

  it("on moves, hide/show, display times and deletes", async () => {
    const soup = await item(owner, shop, dish("Suppe"));
    refused(
      await api(owner, "PUT", "/dashboard/menu/item/move", { id: soup.id, direction: "left" }),
      "direction",
      "menu.direction",
    );
    refused(
      await api(owner, "PUT", "/dashboard/menu/item/move", { direction: "up" }),
      "id",
      "number.invalid",
    );
    refused(
      await api(owner, "PUT", "/dashboard/menu/item/toggle", { id: soup.id }),
      "type",
      "menu.visibility",
    );
    refused(await api(owner, "PUT", "/dashboard/menu/item/hide", { id: "soup" }), "id", "number.invalid");
    const schedule = (display_times: unknown) =>
      api(owner, "PUT", `/dashboard/menu/item/${soup.id}/display-time`, { display_times });
    const w = { days: ["mon"], from: "11:00", to: "14:00" };
    refused(await schedule({ windows: [] }), "display_times.windows", "menu.displayTimes.windows");
    refused(await schedule({ windows: [w, w, w, w] }), "display_times.windows", "menu.displayTimes.windows");
    refused(
      await schedule({ windows: [{ ...w, from: "25:00" }] }),
      "display_times.windows.0.from",
      "menu.displayTimes.time",
    );
    refused(
      await schedule({ windows: [{ ...w, to: "2pm" }] }),
      "display_times.windows.0.to",
      "menu.displayTimes.time",
    );
    refused(
      await schedule({ windows: [{ ...w, days: [] }] }),
      "display_times.windows.0.days",
      "menu.displayTimes.days",
    );
    refused(
      await schedule({ windows: [{ ...w, days: ["monday"] }] }),
      "display_times.windows.0.days.0",
      "menu.displayTimes.days",
    );
    refused(
      await schedule({ windows: [{ ...w, to: "11:00" }] }),
      "display_times.windows.0.to",
      "menu.displayTimes.same",
    );
    refused(await schedule("always"), "display_times", "menu.displayTimes.windows");
    refused(await api(owner, "DELETE", "/dashboard/menu/item?id=0"), "id", "number.min");
    refused(await api(owner, "DELETE", "/dashboard/menu/item"), "id", "number.invalid");
    await api(owner, "DELETE", `/dashboard/menu/item?id=${soup.id}`);
  });

  it("on tables and banners", async () => {
    refused(
      await api(owner, "POST", `/dashboard/menu/tables?shop_id=${shop}`, { name: " " }),
      "name",
      "menu.table.name",
    );
    refused(
      await api(owner, "POST", `/dashboard/menu/tables?shop_id=${shop}`, { name: "x".repeat(41) }),
      "name",
      "menu.table.name",
    );
    refused(
      await api(owner, "POST", `/dashboard/menu/tables?shop_id=${shop}`, {}),
      "name",
      "menu.table.name",
    );
    refused(
      await api(owner, "POST", `/dashboard/menu/tables?shop_id=${shop}`, { name: "Tisch\n1" }),
      "name",
      "text.oneLine",
    );
    refused(
      await api(owner, "PUT", "/dashboard/menu/tables/abc", { name: "Terrasse" }),
      "id",
      "number.invalid",
    );
    refused(
      await api(owner, "PUT", "/dashboard/menu/banner/move", { id: 1, direction: 1 }),
      "direction",
      "menu.direction",
    );
    refused(
      await api(owner, "POST", "/dashboard/menu/banner/1", { url: "mailto:a@b.de" }),
      "url",
      "menu.url",
    );
    refused(
      await api(owner, "POST", "/dashboard/menu/banner/1", { texts: { de: { alt: "x".repeat(121) } } }),
      "texts.de.alt",
      "menu.alt.max",
    );
    refused(await api(owner, "DELETE", "/dashboard/menu/banner?id=abc"), "id", "number.invalid");
  });
});

describe("another company's ids are 404", () => {
  it("for locations: a stranger's, and a franchisee's for its master", async () => {
    for (const [who, location] of [
      [stranger, shop],
      [master, franchiseShop],
      [owner, 999_999_999],
    ] as const) {
      expect((await api(who, "GET", `/dashboard/menu?shop_id=${location}`)).statusCode).toBe(404);
      expect((await api(who, "PUT", `/dashboard/menu/settings?shop_id=${location}`, {})).statusCode).toBe(
        404,
      );
      expect(
        (await api(who, "PUT", `/dashboard/menu/enabled?shop_id=${location}`, { enabled: true })).statusCode,
      ).toBe(404);
      expect(
        (await api(who, "POST", `/dashboard/menu/item/create?shop_id=${location}`, dish("Suppe"))).statusCode,
      ).toBe(404);
      expect(
        (await api(who, "POST", `/dashboard/menu/tables?shop_id=${location}`, { name: "T1" })).statusCode,
      ).toBe(404);
      expect((await api(who, "GET", `/dashboard/menu/clicks?shop_id=${location}`)).statusCode).toBe(404);
    }
    // Nothing was booked or created by the refused calls.
    const rows = rowsOf<{ n: number }>(
      await t.db.execute(sql`
        select (select count(*) from digital_menu_bookings where location_id = ${franchiseShop})
             + (select count(*) from menus where location_id = ${franchiseShop})::int as n`),
    );
    expect(Number(rows[0]!.n)).toBe(0);
    // Nor the franchisee's own items, tables and QR codes for its master.
    const theirs = await item(franchisee, franchiseShop, dish("Filialsuppe"));
    const theirTable = (
      await api(franchisee, "POST", `/dashboard/menu/tables?shop_id=${franchiseShop}`, { name: "T1" })
    ).json().data;
    for (const res of [
      await api(master, "PUT", "/dashboard/menu/item/hide", { id: theirs.id }),
      await api(master, "POST", `/dashboard/menu/item/${theirs.id}`, { texts: { de: { title: "Zentral" } } }),
      await api(master, "DELETE", `/dashboard/menu/item?id=${theirs.id}`),
      await api(master, "PUT", `/dashboard/menu/tables/${theirTable.id}`, { name: "T2" }),
      await api(master, "GET", `/dashboard/menu/tables/${theirTable.id}/qr.png`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    await api(franchisee, "DELETE", `/dashboard/menu/item?id=${theirs.id}`);
    await api(franchisee, "DELETE", `/dashboard/menu/tables/${theirTable.id}`);
  });

  it("for items, tables and banners", async () => {
    const soup = await item(owner, shop, dish("Suppe"));
    const table = (
      await api(owner, "POST", `/dashboard/menu/tables?shop_id=${shop}`, { name: "Fenster" })
    ).json().data;
    const theirTable = (
      await api(stranger, "POST", `/dashboard/menu/tables?shop_id=${otherShop}`, { name: "Fenster" })
    ).json().data;
    await storedImage(companyIdOf(owner), "a".repeat(64));
    const ad = await banner(shop, companyIdOf(owner), "a".repeat(64), 0, "https://example.com");

    for (const res of [
      await api(stranger, "POST", `/dashboard/menu/item/${soup.id}`, { texts: { de: { title: "Meins" } } }),
      await api(stranger, "PUT", "/dashboard/menu/item/move", { id: soup.id, direction: "up" }),
      await api(stranger, "PUT", "/dashboard/menu/item/hide", { id: soup.id }),
      await api(stranger, "PUT", "/dashboard/menu/item/show", { id: soup.id }),
      await api(stranger, "PUT", `/dashboard/menu/item/${soup.id}/display-time`, { display_times: null }),
      await api(stranger, "DELETE", `/dashboard/menu/item?id=${soup.id}`),
      await api(stranger, "PUT", `/dashboard/menu/tables/${table.id}`, { name: "Meins" }),
      await api(stranger, "DELETE", `/dashboard/menu/tables/${table.id}`),
      // The owner's location with a stranger's table.
      await api(
        owner,
        "POST",
        `/dashboard/menu/item/create?shop_id=${shop}&table_id=${theirTable.id}`,
        dish("Suppe"),
      ),
      // The stranger's location with the owner's table.
      await api(
        stranger,
        "POST",
        `/dashboard/menu/item/create?shop_id=${otherShop}&table_id=${table.id}`,
        dish("x"),
      ),
      await api(stranger, "POST", `/dashboard/menu/banner/${ad}`, { url: null }),
      await api(stranger, "PUT", "/dashboard/menu/banner/move", { id: ad, direction: "down" }),
      await api(stranger, "DELETE", `/dashboard/menu/banner?id=${ad}`),
      await api(owner, "DELETE", "/dashboard/menu/item?id=999999999"),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    const menu = await menuOf(owner, shop);
    expect(titles(menu.items)).toContain("Suppe");
    expect(menu.tables.map((x: { name: string }) => x.name)).toContain("Fenster");
    expect(menu.banners.map((b: { id: number }) => b.id)).toEqual([ad]);
    expect((await menuOf(stranger, otherShop)).items).toEqual([]);
    await api(owner, "DELETE", `/dashboard/menu/item?id=${soup.id}`);
    await api(owner, "DELETE", `/dashboard/menu/tables/${table.id}`);
    await api(owner, "DELETE", `/dashboard/menu/banner?id=${ad}`);
  });
});

describe("items", () => {
  it("keep a dish's fields and only the kind's own", async () => {
    const created = await item(owner, shop, {
      kind: "dish",
      texts: { de: { title: "Flammkuchen", body: "mit Speck" }, fr: { title: "Tarte flambée" } },
      price_cents: 1250,
      allergens: ["milk", "gluten"],
      additives: ["preservative"],
      url: "https://example.com/ignored",
    });
    expect(created).toMatchObject({
      kind: "dish",
      table_id: null,
      hidden: false,
      display_times: null,
      texts: { de: { title: "Flammkuchen", body: "mit Speck" }, fr: { title: "Tarte flambée" } },
      url: null,
      price_cents: 1250,
      allergens: ["gluten", "milk"],
      additives: ["preservative"],
      image: null,
      pdf: null,
    });
    const changed = await api(owner, "POST", `/dashboard/menu/item/${created.id}`, {
      texts: { de: { title: "Flammkuchen" } },
      price_cents: 100_000,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      price_cents: 100_000,
      allergens: [],
      additives: [],
      texts: { de: { title: "Flammkuchen" } },
    });
    const section = await item(owner, shop, {
      kind: "section",
      texts: { de: { title: "Vorspeisen" } },
      price_cents: 5,
    });
    expect(section.price_cents).toBeNull();
    for (const id of [created.id, section.id]) await api(owner, "DELETE", `/dashboard/menu/item?id=${id}`);
  });

  it("keep their order after moves; the ends are no-ops; each list has its own order", async () => {
    const location = await newLocation(owner, "Bistro Süd");
    const [a, b, c] = [
      await item(owner, location, dish("A")),
      await item(owner, location, dish("B")),
      await item(owner, location, dish("C")),
    ];
    const table = (
      await api(owner, "POST", `/dashboard/menu/tables?shop_id=${location}`, { name: "Tisch 1" })
    ).json().data;
    const t1 = await item(owner, location, dish("T1"), table.id);
    const t2 = await item(
      owner,
      location,
      { kind: "text", texts: { en: { body: "Ask for today's cake" } } },
      table.id,
    );
    expect(t1.table_id).toBe(table.id);

    const move = (id: number, direction: string) =>
      api(owner, "PUT", "/dashboard/menu/item/move", { id, direction });
    let res = await move(c!.id, "up");
    expect(res.statusCode, res.body).toBe(200);
    expect(titles(res.json().data)).toEqual(["A", "C", "B"]);
    res = await move(c!.id, "up");
    expect(titles(res.json().data)).toEqual(["C", "A", "B"]);
    res = await move(c!.id, "up");
    expect(res.statusCode).toBe(200);
    expect(titles(res.json().data)).toEqual(["C", "A", "B"]);
    res = await move(b!.id, "down");
    expect(res.statusCode).toBe(200);
    expect(titles(res.json().data)).toEqual(["C", "A", "B"]);
    res = await move(a!.id, "down");
    expect(titles(res.json().data)).toEqual(["C", "B", "A"]);
    // After a delete the gap does not matter: neighbours are found by order.
    await api(owner, "DELETE", `/dashboard/menu/item?id=${b!.id}`);
    res = await move(a!.id, "up");
    expect(titles(res.json().data)).toEqual(["A", "C"]);
    const d = await item(owner, location, dish("D"));
    expect(titles((await menuOf(owner, location)).items)).toEqual(["A", "C", "D"]);
    expect(d.position).toBeGreaterThan(c!.position);

    res = await move(t2.id, "up");
    expect(res.json().data.map((i: { id: number }) => i.id)).toEqual([t2.id, t1.id]);
    const menu = await menuOf(owner, location);
    expect(titles(menu.items)).toEqual(["A", "C", "D"]);
    expect(menu.table_items[String(table.id)].map((i: { id: number }) => i.id)).toEqual([t2.id, t1.id]);
  });

  it("are hidden and shown", async () => {
    const soup = await item(owner, shop, dish("Suppe"));
    const hidden = await api(owner, "PUT", "/dashboard/menu/item/hide", { id: soup.id });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data.hidden).toBe(true);
    expect((await menuOf(owner, shop)).items.find((i: { id: number }) => i.id === soup.id).hidden).toBe(true);
    const shown = await api(owner, "PUT", "/dashboard/menu/item/show", { id: soup.id });
    expect(shown.json().data.hidden).toBe(false);
    await api(owner, "DELETE", `/dashboard/menu/item?id=${soup.id}`);
  });

  it("keep display times in the decision's shape, or none", async () => {
    const lunch = await item(owner, shop, dish("Mittagstisch"));
    const res = await api(owner, "PUT", `/dashboard/menu/item/${lunch.id}/display-time`, {
      display_times: {
        windows: [
          { days: ["fri", "mon", "tue", "wed", "thu"], from: "11:30", to: "14:30" },
          { days: ["sat"], from: "22:00", to: "02:00" },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      windows: [
        { days: ["mon", "tue", "wed", "thu", "fri"], from: "11:30", to: "14:30" },
        { days: ["sat"], from: "22:00", to: "02:00" },
      ],
    };
    expect(res.json().data.display_times).toEqual(expected);
    const [stored] = rowsOf<{ display_times: unknown }>(
      await t.db.execute(sql`select display_times from menu_items where id = ${lunch.id}`),
    );
    expect(stored!.display_times).toEqual(expected);
    const cleared = await api(owner, "PUT", `/dashboard/menu/item/${lunch.id}/display-time`, {
      display_times: null,
    });
    expect(cleared.json().data.display_times).toBeNull();
    await api(owner, "DELETE", `/dashboard/menu/item?id=${lunch.id}`);
  });

  it("are deleted for good, with their clicks; the clicks call counts per month", async () => {
    const soup = await item(owner, shop, dish("Suppe"));
    const bread = await item(owner, shop, dish("Brot"));
    await t.db.execute(sql`
      insert into menu_item_clicks (item_id, month, clicks)
      values (${soup.id}, date_trunc('month', now() at time zone 'Europe/Berlin')::date, 7),
             (${soup.id}, '2025-01-01', 3), (${bread.id}, '2025-02-01', 2)`);
    const clicks = await api(owner, "GET", `/dashboard/menu/clicks?shop_id=${shop}`);
    expect(clicks.statusCode, clicks.body).toBe(200);
    const data = clicks.json().data;
    expect(data.items).toEqual(
      expect.arrayContaining([
        { id: soup.id, clicks: 7 },
        { id: bread.id, clicks: 0 },
      ]),
    );
    expect(data.months.slice(-2)).toEqual(["2025-02", "2025-01"]);
    const january = (await api(owner, "GET", `/dashboard/menu/clicks?shop_id=${shop}&month=2025-01`)).json()
      .data;
    expect(january.month).toBe("2025-01");
    expect(january.items).toEqual(expect.arrayContaining([{ id: soup.id, clicks: 3 }]));

    const deleted = await api(owner, "DELETE", `/dashboard/menu/item?id=${soup.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from menu_item_clicks where item_id = ${soup.id}`),
    );
    expect(left[0]!.n).toBe(0);
    expect((await menuOf(owner, shop)).items.map((i: { id: number }) => i.id)).not.toContain(soup.id);
    expect((await api(owner, "DELETE", `/dashboard/menu/item?id=${soup.id}`)).statusCode).toBe(404);
    await api(owner, "DELETE", `/dashboard/menu/item?id=${bread.id}`);
  });
});

describe("limits", () => {
  it(`a list holds ${MENU.maxItems} items and a location ${MENU.maxTables} tables`, async () => {
    const location = await newLocation(owner, "Volle Karte");
    await t.db.execute(sql`
      insert into menu_items (location_id, company_id, kind, position, texts)
      select ${location}, ${companyIdOf(owner)}, 'section', n, '{"de":{"title":"Abschnitt"}}'::jsonb
      from generate_series(0, ${MENU.maxItems - 2}) as n`);
    await item(owner, location, dish("Die letzte"));
    const full = await api(
      owner,
      "POST",
      `/dashboard/menu/item/create?shop_id=${location}`,
      dish("Eine zu viel"),
    );
    expect(full.statusCode, full.body).toBe(422);
    expect(full.json().message).toBe(translate("menu.items.max", "de"));
    // A table's list is a list of its own.
    const table = (
      await api(owner, "POST", `/dashboard/menu/tables?shop_id=${location}`, { name: "Bar" })
    ).json().data;
    await item(owner, location, dish("Am Tresen"), table.id);

    await t.db.execute(sql`
      insert into menu_tables (location_id, name, position)
      select ${location}, 'Tisch ' || n, n from generate_series(1, ${MENU.maxTables - 1}) as n`);
    const tooMany = await api(owner, "POST", `/dashboard/menu/tables?shop_id=${location}`, {
      name: "Noch einer",
    });
    expect(tooMany.statusCode, tooMany.body).toBe(422);
    expect(tooMany.json().message).toBe(translate("menu.tables.max", "de"));
  });
});

describe("tables", () => {
  it("are named uniquely per location in any case, renamed and deleted with their items", async () => {
    const location = await newLocation(owner, "Terrasse Nord");
    const create = (name: string) =>
      api(owner, "POST", `/dashboard/menu/tables?shop_id=${location}`, { name });
    const first = await create(" Tisch 1 ");
    expect(first.statusCode, first.body).toBe(201);
    const table = first.json().data;
    expect(table).toEqual({
      id: table.id,
      name: "Tisch 1",
      position: 0,
      public_url: `${t.config.publicUrl}/dm/${location}/${table.id}`,
    });
    refused(await create("TISCH 1"), "name", "menu.table.nameTaken");
    // Another location may use the same name.
    expect(
      (await api(owner, "POST", `/dashboard/menu/tables?shop_id=${shop}`, { name: "Tisch 1" })).statusCode,
    ).toBe(201);
    const second = (await create("Tisch 2")).json().data;
    expect(second.position).toBe(1);
    refused(
      await api(owner, "PUT", `/dashboard/menu/tables/${second.id}`, { name: "tisch 1" }),
      "name",
      "menu.table.nameTaken",
    );
    const renamed = await api(owner, "PUT", `/dashboard/menu/tables/${second.id}`, { name: "Tisch 2a" });
    expect(renamed.json().data.name).toBe("Tisch 2a");
    // Renaming to its own name in another case is fine.
    expect(
      (await api(owner, "PUT", `/dashboard/menu/tables/${second.id}`, { name: "TISCH 2A" })).statusCode,
    ).toBe(200);

    const tableItem = await item(owner, location, dish("Nur hier"), table.id);
    await t.db.execute(
      sql`insert into menu_item_clicks (item_id, month, clicks) values (${tableItem.id}, '2025-03-01', 1)`,
    );
    const deleted = await api(owner, "DELETE", `/dashboard/menu/tables/${table.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const menu = await menuOf(owner, location);
    expect(menu.tables.map((x: { name: string }) => x.name)).toEqual(["TISCH 2A"]);
    expect(menu.table_items[String(table.id)]).toBeUndefined();
    const left = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from menu_items where id = ${tableItem.id}`),
    );
    expect(left[0]!.n).toBe(0);
    expect((await api(owner, "DELETE", `/dashboard/menu/tables/${table.id}`)).statusCode).toBe(404);
  });
});

describe("banners", () => {
  it("change their link and texts, move, and are deleted with their unused picture", async () => {
    const location = await newLocation(owner, "Banner-Bistro");
    const company = companyIdOf(owner);
    await storedImage(company, "b".repeat(64));
    await storedImage(company, "c".repeat(64));
    const first = await banner(location, company, "b".repeat(64), 0, null);
    const second = await banner(location, company, "c".repeat(64), 1, "https://example.com/b");
    const third = await banner(location, company, "b".repeat(64), 2, null);

    const changed = await api(owner, "POST", `/dashboard/menu/banner/${first}`, {
      url: "https://example.com/a",
      texts: { de: { alt: "Sommerfest" }, en: { alt: "" } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      id: first,
      url: "https://example.com/a",
      texts: { de: { alt: "Sommerfest" } },
      image: {
        hash: "b".repeat(64),
        width: 1000,
        height: 750,
        urls: [
          { width: 480, url: `/media/menu/${company}/${"b".repeat(64)}/480.webp` },
          { width: 960, url: `/media/menu/${company}/${"b".repeat(64)}/960.webp` },
        ],
      },
    });
    const move = (id: number, direction: string) =>
      api(owner, "PUT", "/dashboard/menu/banner/move", { id, direction });
    expect((await move(first, "up")).json().data.map((b: { id: number }) => b.id)).toEqual([
      first,
      second,
      third,
    ]);
    expect((await move(third, "up")).json().data.map((b: { id: number }) => b.id)).toEqual([
      first,
      third,
      second,
    ]);
    expect((await move(second, "down")).json().data.map((b: { id: number }) => b.id)).toEqual([
      first,
      third,
      second,
    ]);

    // The picture two banners share stays until the last of them goes.
    expect((await api(owner, "DELETE", `/dashboard/menu/banner?id=${first}`)).statusCode).toBe(200);
    const files = async () =>
      rowsOf<{ hash: string }>(
        await t.db.execute(
          sql`select hash from menu_files where company_id = ${company} and hash in (${"b".repeat(64)}, ${"c".repeat(64)}) order by hash`,
        ),
      ).map((r) => r.hash[0]);
    expect(await files()).toEqual(["b", "c"]);
    expect((await api(owner, "DELETE", `/dashboard/menu/banner?id=${third}`)).statusCode).toBe(200);
    expect(await files()).toEqual(["c"]);
    expect((await menuOf(owner, location)).banners.map((b: { id: number }) => b.id)).toEqual([second]);
  });
});
