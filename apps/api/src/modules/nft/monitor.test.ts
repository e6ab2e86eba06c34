import { randomBytes } from "node:crypto";
import { type NftMonitorKind, type NftMonitorRow, type NftType, nftIdFromBytes } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { build, type TestApp } from "../../test/build.ts";
import { categoryIds, inLocale, signedInAdmin } from "../../test/review.ts";
import { appCustomer, type Customer, livePartner, scan } from "../../test/scans.ts";

// The monitor reads nft_item_events, which the claim, purchase, redemption and refund
// transactions write (docs/decisions/010-coupons-and-vouchers.md, section 6). This file writes
// offers, items and their events as those transactions leave them, at chosen instants, so the
// filters' Berlin-day edges and the paging are exact; the services' own tests cover the writing.

type Partner = Awaited<ReturnType<typeof livePartner>>;

let t: TestApp;
let cafe: Partner;
let bakery: Partner;
let sharer: Customer;
let silent: Customer;
let industry: number;
let voucherId: number;
let couponId: number;
let bakeryOfferId: number;
/** The café's events, newest first, as the monitor must list them. */
const expected: { kind: NftMonitorKind; at: string; nftId: string; offerId: number }[] = [];
let franchiseLocation: { id: number; name: string };

async function offer(companyId: number, type: NftType, name: string, priceCents: number): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      insert into nft_offers (company_id, type, state, industry_id, name, description, photo_hash,
        validity_type, validity_days, quantity, sold_count, price_cents, vat_rate, purpose, on_market_at, approved_at)
      values (${companyId}, ${type}, 'on_market', ${industry}, ${name}, 'Beschreibung', 'hash-of-photo',
        ${type === "coupon" ? "days" : "statutory"}, ${type === "coupon" ? 30 : null}, 500, 0, ${priceCents},
        ${type === "voucher" ? 19 : null}, ${type === "coupon" ? "none" : type === "voucher" ? "single" : "multi"},
        now(), now())
      returning id::int as id`),
  );
  return row!.id;
}

/** An item in the customer's wallet and its events (`kinds` at the instants given). */
async function item(
  companyId: number,
  offerId: number,
  customer: Customer,
  priceCents: number,
  events: { kind: NftMonitorKind; at: string; locationId?: number }[],
): Promise<string> {
  const nftId = nftIdFromBytes(randomBytes(16));
  const redeemed = events.find((e) => e.kind === "redeemed");
  const [row] = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      insert into nft_items (nft_id, offer_id, company_id, app_user_id, wallet_address, state, price_cents,
        expires_at, last_day, redeemed_at, redeemed_location_id)
      values (${nftId}, ${offerId}, ${companyId}, ${customer.id}, ${customer.wallet}, ${redeemed ? "redeemed" : "held"},
        ${priceCents}, '2030-01-01T00:00:00+01:00', '2029-12-31', ${redeemed?.at ?? null}::timestamptz,
        ${redeemed?.locationId ?? null})
      returning id::int as id`),
  );
  for (const event of events) {
    await t.db.execute(sql`
      insert into nft_item_events (company_id, offer_id, item_id, kind, app_user_id, location_id, amount_cents, created_at)
      values (${companyId}, ${offerId}, ${row!.id}, ${event.kind}, ${customer.id}, ${event.locationId ?? null},
        ${event.kind === "issued" ? 0 : priceCents}, ${event.at}::timestamptz)`);
  }
  return nftId;
}

const monitor = (partner: Partner, query = "", locale: "de" | "en" = "de") =>
  t.inject({ url: `/api/v2/dashboard/nft/monitor${query}`, headers: inLocale(partner, locale) });

const kindsAndTimes = (rows: NftMonitorRow[]) => rows.map((r) => `${r.kind}@${r.at}`);

async function download(partner: Partner, query = "", locale: "de" | "en" = "de") {
  const res = await t.inject({
    url: `/api/v2/dashboard/nft/monitor/csv${query}`,
    headers: inLocale(partner, locale),
  });
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().data.file as string);
  expect(url.origin).toBe(new URL(t.config.publicUrl).origin);
  return t.inject({ url: url.pathname, headers: partner.headers });
}

beforeAll(async () => {
  t = await build();
  [cafe, bakery] = await Promise.all([livePartner(t), livePartner(t)]);
  industry = (await categoryIds(t))[0]!;
  sharer = await appCustomer(t, { first_name: "Anna", surname: "Schmidt" });
  silent = await appCustomer(t, { first_name: "Stefan", surname: "Schweigsam" });
  // Anna collected at the café and shares her contact with it; Stefan collected but does not share.
  for (const customer of [sharer, silent])
    expect((await scan(t, customer, cafe.scanCode)).statusCode).toBe(201);
  const share = await t.inject({
    method: "PUT",
    url: `/api/app/cards/${cafe.id}/share`,
    headers: sharer.headers,
    payload: { share_contact: true },
  });
  expect(share.statusCode).toBe(200);

  voucherId = await offer(cafe.id, "voucher", "Brunch für zwei", 4900);
  couponId = await offer(cafe.id, "coupon", "Kaffee gratis", 0);
  bakeryOfferId = await offer(bakery.id, "cash_voucher", "Gutschein über 50 €", 5000);
  // A location of another company, as a master's franchisee's is (decision 010, section 1).
  franchiseLocation = { id: bakery.locationId, name: "" };
  const [loc] = rowsOf<{ name: string }>(
    await t.db.execute(sql`select name from locations where id = ${bakery.locationId}`),
  );
  franchiseLocation.name = loc!.name;

  // 31 March 2026 22:30 UTC is 1 April 00:30 in Berlin (summer time since 29 March).
  const a = await item(cafe.id, voucherId, sharer, 4900, [
    { kind: "purchased", at: "2026-03-31T21:30:00Z" },
    { kind: "redeemed", at: "2026-03-31T22:30:00Z", locationId: franchiseLocation.id },
  ]);
  const b = await item(cafe.id, voucherId, silent, 4900, [
    { kind: "purchased", at: "2026-04-02T10:00:00Z" },
    { kind: "refunded", at: "2026-04-03T10:00:00Z" },
  ]);
  const c = await item(cafe.id, couponId, silent, 0, [
    { kind: "issued", at: "2026-04-03T10:00:00Z" },
    { kind: "redeemed", at: "2026-04-05T08:00:00Z", locationId: cafe.locationId },
  ]);
  await item(bakery.id, bakeryOfferId, sharer, 5000, [{ kind: "purchased", at: "2026-04-04T10:00:00Z" }]);
  expected.push(
    { kind: "redeemed", at: "2026-04-05T08:00:00.000Z", nftId: c, offerId: couponId },
    // Two events at one instant: the later written (higher id) first.
    { kind: "issued", at: "2026-04-03T10:00:00.000Z", nftId: c, offerId: couponId },
    { kind: "refunded", at: "2026-04-03T10:00:00.000Z", nftId: b, offerId: voucherId },
    { kind: "purchased", at: "2026-04-02T10:00:00.000Z", nftId: b, offerId: voucherId },
    { kind: "redeemed", at: "2026-03-31T22:30:00.000Z", nftId: a, offerId: voucherId },
    { kind: "purchased", at: "2026-03-31T21:30:00.000Z", nftId: a, offerId: voucherId },
  );
});

describe("GET /dashboard/nft/monitor", () => {
  it("lists the company's events newest first with offer, price, client, NFT id and location", async () => {
    const res = await monitor(cafe, "?per_page=100");
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as NftMonitorRow[];
    expect(rows.map((r) => [r.kind, r.at, r.nft_id, r.offer_id])).toEqual(
      expected.map((e) => [e.kind, e.at, e.nftId, e.offerId]),
    );
    expect(res.json().meta).toEqual({ page: 1, per_page: 100, total: expected.length });
    const redemption = rows[4]!;
    expect(redemption).toEqual({
      at: "2026-03-31T22:30:00.000Z",
      offer_id: voucherId,
      name: "Brunch für zwei",
      type: "voucher",
      price_cents: 4900,
      kind: "redeemed",
      // Anna shares her contact with the café: her name is shown.
      client: { wallet_address: sharer.wallet, name: "Anna Schmidt" },
      nft_id: expected[4]!.nftId,
      // Redeemed at a location of another company of the offer (a master's franchisee).
      location: franchiseLocation,
    });
    // Stefan does not share: only his wallet address.
    expect(rows[0]!.client).toEqual({ wallet_address: silent.wallet, name: null });
    expect(rows[0]!.location).toEqual({ id: cafe.locationId, name: expect.any(String) });
    expect(rows[1]).toMatchObject({ type: "coupon", price_cents: 0, location: null });
    // Nothing of the bakery's sales, and not the bakery's customer's other purchase.
    expect(res.body).not.toContain("Gutschein über 50");
  });

  it("shows the other partner only its own events, and the name only where shared with it", async () => {
    const res = await monitor(bakery);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as NftMonitorRow[];
    expect(rows).toHaveLength(1);
    // Anna shares with the café, not with the bakery.
    expect(rows[0]).toMatchObject({ offer_id: bakeryOfferId, kind: "purchased", client: { name: null } });
  });

  it("pages without overlaps or gaps (15 per page unless asked)", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await monitor(cafe, `?per_page=2&page=${page}`);
      expect(res.json().meta).toEqual({ page, per_page: 2, total: expected.length });
      seen.push(...kindsAndTimes(res.json().data));
    }
    expect(seen).toEqual(expected.map((e) => `${e.kind}@${e.at}`));
    expect((await monitor(cafe, "?per_page=2&page=4")).json().data).toEqual([]);
    expect((await monitor(cafe)).json().meta).toEqual({ page: 1, per_page: 15, total: expected.length });
  });

  it("filters by Berlin days, type, kind and offer", async () => {
    const at = async (query: string) => {
      const res = await monitor(cafe, query);
      expect(res.statusCode).toBe(200);
      return kindsAndTimes(res.json().data);
    };
    const of = (...indexes: number[]) => indexes.map((i) => `${expected[i]!.kind}@${expected[i]!.at}`);
    // 22:30 UTC on 31 March is 1 April in Berlin: in April, not in March.
    expect(await at("?to=2026-03-31")).toEqual(of(5));
    expect(await at("?from=2026-04-01&to=2026-04-01")).toEqual(of(4));
    expect(await at("?from=2026-04-03")).toEqual(of(0, 1, 2));
    expect(await at("?type=coupon")).toEqual(of(0, 1));
    expect(await at("?kind=redeemed")).toEqual(of(0, 4));
    expect(await at(`?offer_id=${voucherId}&kind=purchased`)).toEqual(of(3, 5));
    expect(await at("?type=cash_voucher")).toEqual([]);
    expect((await monitor(cafe, "?from=2026-05-01")).json().meta.total).toBe(0);
  });

  it("answers 404 for another company's offer and for one that does not exist", async () => {
    expect((await monitor(cafe, `?offer_id=${bakeryOfferId}`)).statusCode).toBe(404);
    expect((await monitor(cafe, "?offer_id=999999")).statusCode).toBe(404);
    expect((await monitor(bakery, `?offer_id=${voucherId}`)).statusCode).toBe(404);
  });

  it("refuses bad filters at their field, in the caller's language", async () => {
    const fieldOf = async (query: string, locale: "de" | "en" = "de") => {
      const res = await monitor(cafe, query, locale);
      expect(res.statusCode).toBe(422);
      return res.json();
    };
    expect(JSON.stringify(await fieldOf("?from=2026-02-30"))).toContain("from");
    const range = await fieldOf("?from=2026-04-02&to=2026-04-01", "en");
    expect(JSON.stringify(range)).toContain("to");
    expect(JSON.stringify(range)).toContain("The end date cannot be before the start date.");
    expect(JSON.stringify(await fieldOf("?kind=sold"))).toContain("kind");
    expect(JSON.stringify(await fieldOf("?type=nft"))).toContain("type");
    expect(JSON.stringify(await fieldOf("?offer_id=abc"))).toContain("offer_id");
    expect((await monitor(cafe, "?per_page=101")).statusCode).toBe(422);
  });

  it("is for signed-in partners only", async () => {
    expect((await t.inject({ url: "/api/v2/dashboard/nft/monitor" })).statusCode).toBe(401);
    const admin = await signedInAdmin(t);
    expect(
      (await t.inject({ url: "/api/v2/dashboard/nft/monitor", headers: admin.headers })).statusCode,
    ).toBe(403);
  });
});

describe("GET /dashboard/nft/monitor/csv", () => {
  it("downloads the selection in German: ';', Berlin time, decimal comma, the name only where shared", async () => {
    const res = await download(cafe, `?offer_id=${voucherId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/gutscheine-monitor-\d{4}-\d{2}-\d{2}\.csv/);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const lines = res.body.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Datum und Uhrzeit;Angebot;Art;Preis (EUR);Status;Kunde;Wallet-Adresse;Gutschein-ID;Standort",
    );
    expect(lines).toHaveLength(5);
    expect(lines[3]).toBe(
      `01.04.2026 00:30;Brunch für zwei;Gutschein;49,00;Eingelöst;Anna Schmidt;${sharer.wallet};${expected[4]!.nftId};${franchiseLocation.name}`,
    );
    expect(lines[1]).toBe(
      `03.04.2026 12:00;Brunch für zwei;Gutschein;49,00;Erstattet;;${silent.wallet};${expected[2]!.nftId};`,
    );
  });

  it("downloads in English with ',' and ISO days", async () => {
    const res = await download(cafe, "?kind=issued", "en");
    expect(res.headers["content-disposition"]).toMatch(/vouchers-monitor-/);
    const lines = res.body.slice(1).trimEnd().split("\r\n");
    expect(lines).toEqual([
      "Date and time,Offer,Type,Price (EUR),Status,Customer,Wallet address,Voucher ID,Location",
      `2026-04-03 12:00,Kaffee gratis,Coupon,0.00,Issued,,${silent.wallet},${expected[1]!.nftId},`,
    ]);
  });

  it("keeps links to their company and kind: another partner's, a clients link or an unknown one is 404", async () => {
    const res = await t.inject({ url: "/api/v2/dashboard/nft/monitor/csv", headers: cafe.headers });
    const path = new URL(res.json().data.file as string).pathname;
    expect((await t.inject({ url: path, headers: bakery.headers })).statusCode).toBe(404);
    const clients = await t.inject({ url: "/api/v2/dashboard/users/csv", headers: cafe.headers });
    const token = new URL(clients.json().data.file as string).pathname.split("/").pop();
    expect(
      (await t.inject({ url: `/api/v2/dashboard/nft/monitor/csv/${token}`, headers: cafe.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ url: "/api/v2/dashboard/nft/monitor/csv/unknown-token", headers: cafe.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.inject({
          url: `/api/v2/dashboard/nft/monitor/csv?offer_id=${bakeryOfferId}`,
          headers: cafe.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ url: "/api/v2/dashboard/nft/monitor/csv?to=x", headers: cafe.headers })).statusCode,
    ).toBe(422);
  });

  it("refuses a red account's export, a link asked for before the block too (403 account_red)", async () => {
    const res = await t.inject({ url: "/api/v2/dashboard/nft/monitor/csv", headers: bakery.headers });
    const path = new URL(res.json().data.file as string).pathname;
    await t.db.execute(sql`update companies set status = 'red' where id = ${bakery.id}`);
    try {
      const link = await t.inject({ url: "/api/v2/dashboard/nft/monitor/csv", headers: bakery.headers });
      expect([link.statusCode, link.json().code]).toEqual([403, "account_red"]);
      const file = await t.inject({ url: path, headers: bakery.headers });
      expect([file.statusCode, file.json().code]).toEqual([403, "account_red"]);
    } finally {
      await t.db.execute(sql`update companies set status = 'green' where id = ${bakery.id}`);
    }
  });
});
