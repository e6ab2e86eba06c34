import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { nftItems, nftOffers, nftPurchases, nftRedemptions } from "../../db/schema/index.ts";
import { build, type TestApp } from "../../test/build.ts";
import {
  bulkCustomers,
  buy,
  claim,
  type MarketCustomer,
  type MarketPartner,
  marketPartner,
  onMarketOffer,
  purchase,
  redeemNft,
  settle,
  withdraw,
} from "../../test/nft-market.ts";
import { setStaffPin } from "../../test/scans.ts";

// Never oversell, redeem once, answer retries once (docs/decisions/010-coupons-and-vouchers.md,
// sections 4 and 9 item 4). On PostgreSQL the requests race for real (READ COMMITTED, a pool of
// connections); PGlite runs their transactions one after another, which must give the same
// counts.

let t: TestApp;
let partner: MarketPartner;
let crowd: MarketCustomer[];
const PIN = "4711";

beforeAll(async () => {
  t = await build();
  partner = await marketPartner(t);
  await setStaffPin(t, partner, partner.locationId, PIN, { count: 2, hours: 24 });
  crowd = await bulkCustomers(t, 200);
});

const offerRow = async (id: number) => (await t.db.select().from(nftOffers).where(eq(nftOffers.id, id)))[0]!;
const codes = (responses: { statusCode: number; json(): { code?: string } }[]) =>
  responses.reduce<Record<string, number>>((acc, res) => {
    const key = res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${res.json().code}`;
    acc[key] = (acc[key] ?? 0) + 1;
    return acc;
  }, {});

describe("the last vouchers and coupons", () => {
  it("sells the last 10 vouchers exactly 10 times to 200 concurrent purchases", async () => {
    const offer = await onMarketOffer(t, partner, { quantity: 100, soldCount: 90, priceCents: 1500 });
    const answers = await Promise.all(crowd.map((c, i) => purchase(t, c, offer.id, `last-ten-${i}`)));
    expect(codes(answers)).toEqual({ "201": 10, "409 nft_sold_out": 190 });
    const reserved = await offerRow(offer.id);
    expect(reserved.soldCount + reserved.reservedCount).toBe(100);
    expect(reserved.reservedCount).toBe(10);

    // The ten customers pay: sold for good, the offer leaves the market as sold out.
    const winners = answers.flatMap((res, i) => (res.statusCode === 201 ? [{ c: crowd[i]!, res }] : []));
    for (const { c, res } of winners) {
      const paid = await settle(t, c, res.json().data.purchase.id, "succeed");
      expect(paid.statusCode).toBe(200);
      expect(paid.json().data).toMatchObject({ state: "paid", quantity: 1 });
      expect(paid.json().data.items).toHaveLength(1);
    }
    const sold = await offerRow(offer.id);
    expect(sold).toMatchObject({
      soldCount: 100,
      reservedCount: 0,
      state: "off_market",
      offMarketReason: "sold_out",
    });
    expect(await t.db.select().from(nftItems).where(eq(nftItems.offerId, offer.id))).toHaveLength(10);
    // One more is refused: sold out.
    const late = await purchase(t, crowd[0]!, offer.id, "after-sold-out");
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("nft_sold_out");
  });

  it("gives the last coupon to exactly one of 200 concurrent claims", async () => {
    const offer = await onMarketOffer(t, partner, { type: "coupon", quantity: 100, soldCount: 99 });
    const answers = await Promise.all(crowd.map((c) => claim(t, c, offer.id)));
    expect(codes(answers)).toEqual({ "201": 1, "409 nft_sold_out": 199 });
    expect(await offerRow(offer.id)).toMatchObject({
      soldCount: 100,
      state: "off_market",
      offMarketReason: "issued",
    });
    expect(await t.db.select().from(nftItems).where(eq(nftItems.offerId, offer.id))).toHaveLength(1);
  });

  it("gives one customer one coupon, also when they claim 20 times at once", async () => {
    const offer = await onMarketOffer(t, partner, { type: "coupon", quantity: 500 });
    const kim = crowd[5]!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(t, kim, offer.id)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("nft_already_claimed");
    }
    expect((await offerRow(offer.id)).soldCount).toBe(1);
  });
});

describe("redeem once", () => {
  it("refuses a second redemption, sequential and concurrent", async () => {
    const offer = await onMarketOffer(t, partner, { quantity: 50 });
    const kim = crowd[10]!;
    const { items } = await buy(t, kim, offer.id, 2);
    const [first, second] = items;
    const body = { code: partner.scanCode, pin: PIN };

    const once = await redeemNft(t, kim, first!.nft_id, body);
    expect(once.statusCode).toBe(200);
    expect(once.json().data.location).toEqual({ id: partner.locationId, name: expect.any(String) });
    const again = await redeemNft(t, kim, first!.nft_id, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("nft_already_redeemed");

    const racing = await Promise.all(
      Array.from({ length: 10 }, () => redeemNft(t, kim, second!.nft_id, body)),
    );
    expect(codes(racing)).toEqual({ "200": 1, "409 nft_already_redeemed": 9 });
    const [item] = await t.db.select().from(nftItems).where(eq(nftItems.nftId, second!.nft_id));
    expect(await t.db.select().from(nftRedemptions).where(eq(nftRedemptions.itemId, item!.id))).toHaveLength(
      1,
    );
    expect(item!.transferDueAt?.getTime()).toBe(item!.redeemedAt?.getTime());
  });
});

describe("idempotent replays", () => {
  it("answers a repeated claim with the same coupon and refuses the key for another offer", async () => {
    const offer = await onMarketOffer(t, partner, { type: "coupon", quantity: 100 });
    const other = await onMarketOffer(t, partner, { type: "coupon", quantity: 100 });
    const kim = crowd[20]!;
    const answers = await Promise.all([1, 2, 3].map(() => claim(t, kim, offer.id, "claim-key-0001")));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().data.nft_id)).size).toBe(1);
    expect((await offerRow(offer.id)).soldCount).toBe(1);
    const reused = await claim(t, kim, other.id, "claim-key-0001");
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe("idempotency_key_reused");
  });

  it("answers a repeated purchase with the same purchase and payment, once reserved", async () => {
    const offer = await onMarketOffer(t, partner, { quantity: 50 });
    const kim = crowd[21]!;
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        purchase(t, kim, offer.id, "purchase-key-1", { quantity: 2, payment_method: "paypal" }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((r) => r.json().data.purchase.id));
    expect(ids.size).toBe(1);
    expect(new Set(answers.map((r) => r.json().data.payment.payment_id)).size).toBe(1);
    expect((await offerRow(offer.id)).reservedCount).toBe(2);
    const rows = await t.db.select().from(nftPurchases).where(eq(nftPurchases.offerId, offer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ grossCents: 5000, quantity: 2, paymentMethod: "paypal" });

    const otherRequest = await purchase(t, kim, offer.id, "purchase-key-1", {
      quantity: 3,
      payment_method: "paypal",
    });
    expect(otherRequest.statusCode).toBe(409);
    expect(otherRequest.json().code).toBe("idempotency_key_reused");
    const noKey = await t.inject({
      method: "POST",
      url: `/api/app/nft/market/${offer.id}/purchase`,
      headers: kim.headers,
      payload: { quantity: 1, payment_method: "card" },
    });
    expect(noKey.statusCode).toBe(422);
  });

  it("answers a repeated redemption and withdrawal with their first result", async () => {
    const offer = await onMarketOffer(t, partner, { quantity: 50 });
    const kim = crowd[22]!;
    const { items } = await buy(t, kim, offer.id, 2);
    const body = { code: partner.scanCode, pin: PIN };
    const redeemed = await Promise.all(
      [1, 2].map(() => redeemNft(t, kim, items[0]!.nft_id, body, "redeem-key-1")),
    );
    expect(redeemed.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(redeemed[0]!.json().data).toEqual(redeemed[1]!.json().data);
    const reused = await redeemNft(t, kim, items[1]!.nft_id, body, "redeem-key-1");
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe("idempotency_key_reused");

    const withdrawn = await Promise.all(
      [1, 2].map(() => withdraw(t, kim, items[1]!.nft_id, "withdraw-key-1")),
    );
    expect(withdrawn.map((r) => r.statusCode)).toEqual([200, 200]);
    for (const res of withdrawn) {
      expect(res.json().data.refund).toEqual({ amount_cents: 2500, state: "succeeded" });
    }
    expect((await offerRow(offer.id)).soldCount).toBe(1);
  });
});
