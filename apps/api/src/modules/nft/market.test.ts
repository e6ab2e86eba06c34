import { NFT } from "@stempla/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, nftOffers, paymentAccounts } from "../../db/schema/index.ts";
import { build, type TestApp } from "../../test/build.ts";
import {
  bulkCustomers,
  claim,
  type MarketCustomer,
  type MarketPartner,
  marketPartner,
  onMarketOffer,
  purchase,
} from "../../test/nft-market.ts";
import { categoryIds } from "../../test/review.ts";

// The market of the app (docs/decisions/010-coupons-and-vouchers.md, sections 1 and 7; section 9
// item 7): offers of live companies only, nearest first, by industry; paid offers hidden while the
// partner's payout account is not active; the purchase's answers at the quantity field.

let t: TestApp;
let cologne: MarketPartner;
let bonn: MarketPartner;
let kim: MarketCustomer;
let industries: number[];
const COLOGNE = { lat: 50.9375, lng: 6.9603 };
const BONN = { lat: 50.7374, lng: 7.0982 };

beforeAll(async () => {
  t = await build();
  [cologne, bonn] = [await marketPartner(t, COLOGNE), await marketPartner(t, BONN)];
  [kim] = await bulkCustomers(t, 1);
  industries = await categoryIds(t);
});

const market = (query = "", headers = kim.headers) =>
  t.inject({ url: `/api/app/nft/market${query}`, headers });
const idsOf = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((o) => o.id);

describe("GET /nft/market", () => {
  it("lists offers nearest first with the distance of their nearest location, within a radius", async () => {
    const near = await onMarketOffer(t, cologne, { industryIndex: 2, name: "Kölner Brunch" });
    const far = await onMarketOffer(t, bonn, { type: "coupon", industryIndex: 2, name: "Bonner Espresso" });
    const industry = industries[2]!;

    const sorted = await market(`?lat=${COLOGNE.lat}&lng=${COLOGNE.lng}&industry_id=${industry}`);
    expect(sorted.statusCode).toBe(200);
    expect(idsOf(sorted)).toEqual([near.id, far.id]);
    const [first, second] = sorted.json().data;
    expect(first.distance_m).toBe(0);
    // Cologne to Bonn is about 24 km as the crow flies.
    expect(second.distance_m).toBeGreaterThan(22_000);
    expect(second.distance_m).toBeLessThan(26_000);
    expect(second.nearest_location).toMatchObject({ id: bonn.locationId, distance_m: second.distance_m });
    expect(sorted.json().meta).toEqual({ page: 1, per_page: NFT.pageSize, total: 2 });
    expect(first).toMatchObject({
      type: "voucher",
      price_cents: 2500,
      withdrawal_days: NFT.withdrawalDays,
      claimable: false,
      industry: { id: industry },
      partner: { id: cologne.id },
    });
    expect(second).toMatchObject({ type: "coupon", claimable: true, claimed: false, remaining: 100 });

    const fromBonn = await market(`?lat=${BONN.lat}&lng=${BONN.lng}&industry_id=${industry}`);
    expect(idsOf(fromBonn)).toEqual([far.id, near.id]);
    const within = await market(
      `?lat=${COLOGNE.lat}&lng=${COLOGNE.lng}&radius_km=10&industry_id=${industry}`,
    );
    expect(idsOf(within)).toEqual([near.id]);

    const otherIndustry = await market(`?industry_id=${industries[3]}`);
    expect(idsOf(otherIndustry)).not.toContain(near.id);
    expect(idsOf(otherIndustry)).not.toContain(far.id);
  });

  it("shows a claimed coupon as claimed and no longer claimable", async () => {
    const offer = await onMarketOffer(t, cologne, { type: "coupon", industryIndex: 4 });
    expect((await claim(t, kim, offer.id)).statusCode).toBe(201);
    const [listed] = (await market(`?industry_id=${industries[4]}`)).json().data;
    expect(listed).toMatchObject({ id: offer.id, claimed: true, claimable: false, remaining: 99 });
  });

  it("lists live companies only: green, or orange with the data last approved", async () => {
    const partner = await marketPartner(t, { lat: 51.2277, lng: 6.7735 });
    const offer = await onMarketOffer(t, partner, { type: "coupon", industryIndex: 5 });
    const query = `?industry_id=${industries[5]}`;
    expect(idsOf(await market(query))).toEqual([offer.id]);

    const setStatus = (status: "red" | "orange" | "green") =>
      t.db.update(companies).set({ status }).where(eq(companies.id, partner.id));
    await setStatus("orange");
    const orange = await market(query);
    expect(idsOf(orange)).toEqual([offer.id]);
    // The approved data was published before the location had its position: none to sort by.
    expect(orange.json().data[0].nearest_location).toMatchObject({
      id: partner.locationId,
      distance_m: null,
    });

    await setStatus("red");
    expect(idsOf(await market(query))).toEqual([]);
    expect(
      (await t.inject({ url: `/api/app/nft/market/${offer.id}`, headers: kim.headers })).statusCode,
    ).toBe(404);
    const refused = await claim(t, kim, offer.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("nft_not_on_market");
    await setStatus("green");
  });

  it("stops selling an offer past its last day before the lifecycle job takes it off", async () => {
    const offer = await onMarketOffer(t, cologne, { type: "coupon", industryIndex: 8 });
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await t.db
      .update(nftOffers)
      .set({ startDate: "2020-01-01", endDate: yesterday })
      .where(eq(nftOffers.id, offer.id));
    expect(idsOf(await market(`?industry_id=${industries[8]}`))).toEqual([]);
    const refused = await claim(t, kim, offer.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("nft_not_on_market");
  });

  it("hides paid offers while the payout account is inactive; coupons stay", async () => {
    const partner = await marketPartner(t, { lat: 48.137, lng: 11.575 }, { payout: false });
    const voucher = await onMarketOffer(t, partner, { industryIndex: 6 });
    const coupon = await onMarketOffer(t, partner, { type: "coupon", industryIndex: 6 });
    expect(idsOf(await market(`?industry_id=${industries[6]}`))).toEqual([coupon.id]);
    const refused = await purchase(t, kim, voucher.id, "inactive-payout-1");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("payment_account_inactive");

    await t.db.insert(paymentAccounts).values({
      companyId: partner.id,
      provider: "sandbox",
      accountId: `acct_later_${partner.id}`,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    expect(idsOf(await market(`?industry_id=${industries[6]}`)).sort()).toEqual(
      [voucher.id, coupon.id].sort(),
    );
  });

  it("pages by 15", async () => {
    const many = await Promise.all(
      Array.from({ length: NFT.pageSize + 2 }, () =>
        onMarketOffer(t, bonn, { type: "coupon", industryIndex: 7 }),
      ),
    );
    const first = await market(`?industry_id=${industries[7]}`);
    const second = await market(`?industry_id=${industries[7]}&page=2`);
    expect(first.json().data).toHaveLength(NFT.pageSize);
    expect(second.json().meta).toEqual({ page: 2, per_page: NFT.pageSize, total: many.length });
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(many.length);
    expect((await market(`?industry_id=${industries[7]}&page=9`)).json().meta.total).toBe(many.length);
  });

  it("answers bad positions with a field message and strangers with 401", async () => {
    const bad = await market("?lat=91&lng=6", { ...kim.headers, "content-language": "en" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain("lat");
    const half = await market("?lat=50.9");
    expect(half.statusCode).toBe(422);
    expect(Object.keys(half.json().errors)).toEqual(["lng"]);
    expect((await market("", {})).statusCode).toBe(401);
  });
});

describe("GET /nft/market/{id}", () => {
  it("shows an offer with all its locations, and not one that never reached the market", async () => {
    const offer = await onMarketOffer(t, cologne, { locationIds: [cologne.locationId] });
    const res = await t.inject({
      url: `/api/app/nft/market/${offer.id}?lat=${BONN.lat}&lng=${BONN.lng}`,
      headers: kim.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.locations).toEqual([
      {
        id: cologne.locationId,
        name: expect.any(String),
        address: expect.any(String),
        distance_m: expect.any(Number),
      },
    ]);
    const pending = await onMarketOffer(t, cologne, { state: "in_review" });
    for (const url of [`/api/app/nft/market/${pending.id}`, "/api/app/nft/market/999999"]) {
      expect((await t.inject({ url, headers: kim.headers })).statusCode).toBe(404);
    }
    expect((await claim(t, kim, pending.id)).statusCode).toBe(404);
  });
});

describe("POST /nft/market/{id}/purchase", () => {
  it("answers quantities the offer does not allow at the quantity field", async () => {
    const offer = await onMarketOffer(t, cologne, { quantity: 20, minOrderQuantity: 2 });
    const cases: [unknown, string][] = [
      [1, "This voucher has a higher minimum order quantity. Please choose more vouchers."],
      [21, "That many are no longer available. Please choose a smaller number."],
      [0, "Please choose a number of at least 1."],
      ["zwei", "Please choose a number of at least 1."],
    ];
    for (const [quantity, message] of cases) {
      const res = await t.inject({
        method: "POST",
        url: `/api/app/nft/market/${offer.id}/purchase`,
        headers: {
          ...kim.headers,
          "idempotency-key": `quantity-${String(quantity)}-key`,
          "content-language": "en",
        },
        payload: { quantity, payment_method: "card" },
      });
      expect(res.statusCode, String(quantity)).toBe(422);
      expect(res.json().errors.quantity, String(quantity)).toEqual([message]);
    }
    const unlimited = await onMarketOffer(t, cologne, { quantity: null });
    const tooMany = await purchase(t, kim, unlimited.id, "qty-101-xx", {
      quantity: 101,
      payment_method: "card",
    });
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().errors)).toEqual(["quantity"]);
    const method = await purchase(t, kim, unlimited.id, "method-bad", {
      quantity: 1,
      payment_method: "cash",
    });
    expect(method.statusCode).toBe(422);
    expect(Object.keys(method.json().errors)).toEqual(["payment_method"]);
    expect((await t.db.select().from(nftOffers).where(eq(nftOffers.id, offer.id)))[0]!.reservedCount).toBe(0);
  });

  it("reserves, freezes net and VAT per voucher and starts the sandbox payment", async () => {
    const offer = await onMarketOffer(t, cologne, { priceCents: 1000, vatRate: 19, quantity: 30 });
    const res = await purchase(t, kim, offer.id, "reserve-three", { quantity: 3, payment_method: "card" });
    expect(res.statusCode).toBe(201);
    const { purchase: bought, payment } = res.json().data;
    expect(bought).toMatchObject({ state: "pending", gross_cents: 3000 });
    const minutes = (Date.parse(bought.reserved_until) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(NFT.reservationMinutes - 1);
    expect(minutes).toBeLessThanOrEqual(NFT.reservationMinutes);
    expect(payment).toMatchObject({ provider: "sandbox", payment_id: expect.any(String) });
    expect(payment.confirm_url).toContain(`/api/app/nft/purchases/${bought.id}/sandbox`);
    const view = await t.inject({ url: `/api/app/nft/purchases/${bought.id}`, headers: kim.headers });
    expect(view.json().data).toMatchObject({ state: "pending", quantity: 3, items: [], receipt_url: null });
    // A coupon is not bought, and a voucher is not claimed.
    const coupon = await onMarketOffer(t, cologne, { type: "coupon" });
    expect((await purchase(t, kim, coupon.id, "buy-a-coupon")).statusCode).toBe(404);
    expect((await claim(t, kim, offer.id)).statusCode).toBe(404);
  });
});
