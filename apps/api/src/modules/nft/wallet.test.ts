import { createPublicKey, verify } from "node:crypto";
import { berlinYear, NFT, nftCodeMessage, parseNftCode, withdrawalDeadline } from "@stempla/domain";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config.ts";
import {
  nftItemEvents,
  nftItems,
  nftOffers,
  nftPurchases,
  nftRefunds,
  paymentSandboxPayments,
} from "../../db/schema/index.ts";
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
import { nftSigner, signNftCode } from "./codes.ts";
import { releaseExpiredReservations } from "./purchase.ts";

// The customer's wallet, the signed codes and their check page, redemption, withdrawal and the
// payment's outcomes (docs/decisions/010-coupons-and-vouchers.md, sections 1, 4, 5 and 7;
// section 9 items 4 and 7). Another customer's item or purchase is 404 everywhere.

let t: TestApp;
let partner: MarketPartner;
let elsewhere: MarketPartner;
let kim: MarketCustomer;
let ben: MarketCustomer;
const PIN = "4711";

beforeAll(async () => {
  t = await build();
  [partner, elsewhere] = [await marketPartner(t), await marketPartner(t)];
  await setStaffPin(t, partner, partner.locationId, PIN, { count: 2, hours: 24 });
  const two = await bulkCustomers(t, 2);
  [kim, ben] = [two[0], two[1]!];
});

const wallet = (c: MarketCustomer, query = "") =>
  t.inject({ url: `/api/app/nft/wallet${query}`, headers: c.headers });
const checkJson = (code: string) => t.inject({ url: `/api/v2/nft/check/${code}` });
const checkPage = (code: string, language = "de-DE,de;q=0.9") =>
  t.inject({ url: `/n/${code}`, headers: { "accept-language": language } });
const itemRow = async (nftId: string) =>
  (await t.db.select().from(nftItems).where(eq(nftItems.nftId, nftId)))[0]!;
const at = { code: "", pin: PIN };
const here = () => ({ ...at, code: partner.scanCode });

describe("the wallet", () => {
  it("lists coupons and vouchers with their signed codes, validity and withdrawal, by state", async () => {
    const [kim] = await bulkCustomers(t, 1);
    const voucher = await onMarketOffer(t, partner, { priceCents: 3000 });
    const coupon = await onMarketOffer(t, partner, { type: "coupon", validityDays: 30 });
    const bought = await buy(t, kim, voucher.id, 2);
    const claimed = await claim(t, kim, coupon.id);
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json().data).toMatchObject({ state: "held", price_cents: 0, can_withdraw: false });
    expect((await redeemNft(t, kim, bought.items[0]!.nft_id, here())).statusCode).toBe(200);

    const all = await wallet(kim);
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ page: 1, per_page: NFT.pageSize, total: 3 });
    const held = (await wallet(kim, "?state=held")).json().data;
    expect(held.map((i: { nft_id: string }) => i.nft_id).sort()).toEqual(
      [bought.items[1]!.nft_id, claimed.json().data.nft_id].sort(),
    );
    expect((await wallet(kim, "?state=redeemed")).json().data).toHaveLength(1);
    expect((await wallet(kim, "?state=lost")).statusCode).toBe(422);

    const item = held.find((i: { nft_id: string }) => i.nft_id === bought.items[1]!.nft_id);
    const paidAt = new Date(
      (await t.db.select().from(nftPurchases).where(eq(nftPurchases.id, bought.id)))[0]!.paidAt!,
    );
    expect(item).toMatchObject({
      state: "held",
      price_cents: 3000,
      can_withdraw: true,
      last_day: `${berlinYear(paidAt) + NFT.voucherValidityYears}-12-31`,
      withdrawal_ends_at: withdrawalDeadline(paidAt).endsAt.toISOString(),
      wallet_address: kim.wallet,
      wallet_address_short: `${kim.wallet.slice(0, 6)}…${kim.wallet.slice(-4)}`,
      receipt_url: `/api/app/nft/purchases/${bought.id}/receipt.pdf`,
      offer: { id: voucher.id, type: "voucher", partner: { id: partner.id } },
      locations: [{ id: partner.locationId, name: expect.any(String), address: expect.any(String) }],
    });
    expect(parseNftCode(item.code)?.nftId).toBe(item.nft_id);
    expect(item.check_url).toBe(`${t.config.publicUrl}/n/${item.code}`);
    // The transfer to the partner is due when the withdrawal period ends.
    const row = await itemRow(item.nft_id);
    expect(row.transferDueAt?.toISOString()).toBe(item.withdrawal_ends_at);
    const events = await t.db.select().from(nftItemEvents).where(eq(nftItemEvents.offerId, voucher.id));
    expect(events.map((e) => e.kind).sort()).toEqual(["purchased", "purchased", "redeemed"]);
    const receipt = (
      await t.inject({ url: `/api/app/nft/purchases/${bought.id}`, headers: kim.headers })
    ).json().data;
    expect(receipt).toMatchObject({ state: "paid", receipt_number: expect.stringMatching(/^STG-/) });
    const pdf = await t.inject({ url: receipt.receipt_url, headers: kim.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // A purchase not paid has no receipt.
    const unpaid = (await purchase(t, kim, voucher.id, "no-receipt-yet")).json().data.purchase.id;
    const none = await t.inject({
      url: `/api/app/nft/purchases/${unpaid}/receipt.pdf`,
      headers: kim.headers,
    });
    expect(none.statusCode).toBe(404);
  });
});

describe("the check page and the signed code", () => {
  it("says valid, redeemed, expired, withdrawn or not a voucher, as page and JSON", async () => {
    const offer = await onMarketOffer(t, partner, { name: "Brunch im Park", priceCents: 2000 });
    const { items } = await buy(t, ben, offer.id, 4);
    const [valid, redeemed, expired, withdrawn] = items.map((i) => i.code);
    expect((await redeemNft(t, ben, items[1]!.nft_id, here())).statusCode).toBe(200);
    await t.db
      .update(nftItems)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(nftItems.nftId, items[2]!.nft_id));
    expect((await withdraw(t, ben, items[3]!.nft_id)).statusCode).toBe(200);

    const cases: [string, string, string, string][] = [
      [valid!, "valid", "Dieser Gutschein ist gültig", "This voucher is valid"],
      [redeemed!, "redeemed", "Dieser Gutschein wurde bereits eingelöst", "already been redeemed"],
      [expired!, "expired", "Dieser Gutschein ist abgelaufen", "This voucher has expired"],
      [withdrawn!, "withdrawn", "wurde widerrufen", "was withdrawn"],
    ];
    for (const [code, status, de, en] of cases) {
      const json = await checkJson(code);
      expect(json.statusCode).toBe(200);
      expect(json.json().data).toMatchObject({
        status,
        nft_id: parseNftCode(code)!.nftId,
        offer: { id: offer.id, type: "voucher", name: "Brunch im Park" },
        wallet_address_short: `${ben.wallet.slice(0, 6)}…${ben.wallet.slice(-4)}`,
      });
      const german = await checkPage(code);
      expect(german.statusCode).toBe(200);
      expect(german.headers["content-type"]).toContain("text/html");
      expect(german.body).toContain(de);
      expect(german.body).toContain("Brunch im Park");
      expect(german.body).not.toContain(ben.wallet);
      expect((await checkPage(code, "en-GB,en;q=0.8")).body).toContain(en);
    }
    const redeemedCheck = (await checkJson(redeemed!)).json().data;
    expect(redeemedCheck.redeemed_location).toMatchObject({ name: expect.any(String) });
    expect(redeemedCheck.redeemed_at).toEqual(expect.any(String));
    expect((await checkPage(redeemed!)).body).toContain("Eingelöst am");

    for (const garbage of ["nothing", "N0000000000000000000000000.deadbeef.xyz"]) {
      expect((await checkJson(garbage)).json().data.status).toBe("invalid");
      const page = await checkPage(garbage, "en");
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("This code is not a valid Stempla voucher.");
    }
  });

  it("refuses a code signed for another wallet, another last day, or altered", async () => {
    const offer = await onMarketOffer(t, partner, { type: "coupon" });
    const item = (await claim(t, kim, offer.id)).json().data;
    expect((await checkJson(item.code)).json().data.status).toBe("valid");
    const claims = {
      nftId: item.nft_id,
      offerId: offer.id,
      walletAddress: item.wallet_address,
      lastDay: item.last_day,
    };
    expect(signNftCode(t.config, claims)).toBe(item.code);

    const forOther = signNftCode(t.config, { ...claims, walletAddress: ben.wallet });
    const longer = signNftCode(t.config, { ...claims, lastDay: "2099-12-31" });
    const signature = item.code.split(".")[2] as string;
    const flipped = signature[10] === "A" ? "B" : "A";
    const altered = `${item.code.slice(0, -signature.length)}${signature.slice(0, 10)}${flipped}${signature.slice(11)}`;
    const otherKey = item.code.replace(/\.[0-9a-f]{8}\./, ".00000000.");
    for (const code of [forOther, longer, altered, otherKey]) {
      expect(code).not.toBe(item.code);
      expect((await checkJson(code)).json().data, code).toMatchObject({ status: "invalid", nft_id: null });
    }
  });

  it("limits checks per address, the page answering in HTML", async () => {
    const from = { remoteAddress: "10.99.0.7" };
    const statuses = await Promise.all(
      Array.from({ length: 120 }, () => t.inject({ url: "/api/v2/nft/check/nothing", ...from })),
    );
    expect(new Set(statuses.map((r) => r.statusCode))).toEqual(new Set([200]));
    const json = await t.inject({ url: "/api/v2/nft/check/nothing", ...from });
    expect(json.statusCode).toBe(429);
    expect(json.headers["retry-after"]).toBeDefined();
    const page = await t.inject({ url: "/n/nothing", headers: { "accept-language": "de" }, ...from });
    expect(page.statusCode).toBe(429);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Zu viele Prüfungen");
    expect((await t.inject({ url: "/n/nothing", remoteAddress: "10.99.0.8" })).statusCode).toBe(200);
  });

  it("publishes the Ed25519 keys that verify the codes", async () => {
    const res = await t.inject({ url: "/api/v2/nft/keys" });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json();
    expect(keys).toEqual([
      { kid: expect.stringMatching(/^[0-9a-f]{8}$/), alg: "Ed25519", x: expect.any(String) },
    ]);
    const offer = await onMarketOffer(t, partner, { type: "coupon" });
    const item = (await claim(t, ben, offer.id)).json().data;
    const parsed = parseNftCode(item.code)!;
    expect(parsed.keyId).toBe(keys[0].kid);
    const publicKey = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: keys[0].x }, format: "jwk" });
    const message = nftCodeMessage({
      nftId: item.nft_id,
      offerId: offer.id,
      walletAddress: ben.wallet,
      lastDay: item.last_day,
    });
    expect(verify(null, Buffer.from(message), publicKey, Buffer.from(parsed.signature, "base64url"))).toBe(
      true,
    );
  });

  it("signs with NFT_SIGNING_KEY when set, keeps earlier keys listed, and refuses a bad one", () => {
    const seeds = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)].map((b) => b.toString("base64"));
    const config = loadConfig({ NFT_SIGNING_KEY: seeds.join(",") });
    const signer = nftSigner(config);
    expect(signer.keys).toHaveLength(2);
    expect(signer.current.kid).toBe(signer.keys[0]!.kid);
    expect(nftSigner(loadConfig({})).current.kid).toBe(nftSigner(t.config).current.kid);
    expect(nftSigner(loadConfig({})).current.kid).not.toBe(signer.current.kid);
    expect(() => loadConfig({ NFT_SIGNING_KEY: "c2hvcnQ=" })).toThrow(ConfigError);
  });
});

describe("redemption", () => {
  it("needs the staff PIN and one of the offer's locations, and a held, valid item", async () => {
    const offer = await onMarketOffer(t, partner, { quantity: 10 });
    const { items } = await buy(t, kim, offer.id, 3);
    const english = { ...kim.headers, "content-language": "en" };
    const wrongPin = await t.inject({
      method: "POST",
      url: `/api/app/nft/wallet/${items[0]!.nft_id}/redeem`,
      headers: english,
      payload: { code: partner.scanCode, pin: "0000" },
    });
    expect(wrongPin.statusCode).toBe(403);
    expect(wrongPin.json().code).toBe("pin_wrong");
    for (const code of [elsewhere.scanCode, "unknown-code-123"]) {
      const refused = await t.inject({
        method: "POST",
        url: `/api/app/nft/wallet/${items[0]!.nft_id}/redeem`,
        headers: english,
        payload: { code, pin: PIN },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.code).toEqual(["This voucher cannot be redeemed at this location."]);
    }
    expect((await itemRow(items[0]!.nft_id)).state).toBe("held");

    await t.db
      .update(nftItems)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(nftItems.nftId, items[1]!.nft_id));
    const expired = await redeemNft(t, kim, items[1]!.nft_id, here());
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe("nft_expired");
    expect((await withdraw(t, kim, items[2]!.nft_id)).statusCode).toBe(200);
    const void_ = await redeemNft(t, kim, items[2]!.nft_id, here());
    expect(void_.statusCode).toBe(409);
    expect(void_.json().code).toBe("nft_withdrawn");
  });
});

describe("withdrawal", () => {
  it("refunds and voids within the deadline, in one go with the refund's record", async () => {
    const offer = await onMarketOffer(t, partner, { quantity: 10, priceCents: 4500 });
    const { id: purchaseId, items } = await buy(t, kim, offer.id, 2);
    const before = (await t.db.select().from(nftOffers).where(eq(nftOffers.id, offer.id)))[0]!;
    const res = await withdraw(t, kim, items[0]!.nft_id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ refund: { amount_cents: 4500, state: "succeeded" } });
    const item = await itemRow(items[0]!.nft_id);
    expect(item.state).toBe("withdrawn");
    expect(item.withdrawnAt).not.toBeNull();
    const after = (await t.db.select().from(nftOffers).where(eq(nftOffers.id, offer.id)))[0]!;
    expect(after.soldCount).toBe(before.soldCount - 1);
    const [refund] = await t.db.select().from(nftRefunds).where(eq(nftRefunds.itemId, item.id));
    expect(refund).toMatchObject({ purchaseId, amountCents: 4500, reason: "withdrawal", state: "succeeded" });
    const [event] = await t.db
      .select()
      .from(nftItemEvents)
      .where(and(eq(nftItemEvents.itemId, item.id), eq(nftItemEvents.kind, "refunded")));
    expect(event).toMatchObject({ amountCents: 4500 });
    const books = await t.db
      .select()
      .from(paymentSandboxPayments)
      .where(eq(paymentSandboxPayments.id, refund!.providerRefundId!));
    expect(books[0]).toMatchObject({ kind: "refund", amountCents: 4500, status: "succeeded" });
    const again = await withdraw(t, kim, items[0]!.nft_id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("nft_withdrawn");
    expect(
      (await wallet(kim, "?state=withdrawn")).json().data.map((i: { nft_id: string }) => i.nft_id),
    ).toContain(items[0]!.nft_id);
  });

  it("is closed after the deadline, after redemption, and for coupons", async () => {
    const offer = await onMarketOffer(t, partner, { quantity: 10 });
    const { items } = await buy(t, kim, offer.id, 2);
    await t.db
      .update(nftItems)
      .set({ withdrawalEndsAt: new Date(Date.now() - 1000) })
      .where(eq(nftItems.nftId, items[0]!.nft_id));
    expect((await redeemNft(t, kim, items[1]!.nft_id, here())).statusCode).toBe(200);
    const coupon = await onMarketOffer(t, partner, { type: "coupon" });
    const claimed = (await claim(t, kim, coupon.id)).json().data.nft_id;
    for (const nftId of [items[0]!.nft_id, items[1]!.nft_id, claimed]) {
      const res = await withdraw(t, kim, nftId);
      expect(res.statusCode, nftId).toBe(409);
      expect(res.json().code).toBe("nft_withdrawal_closed");
    }
    expect((await itemRow(items[0]!.nft_id)).state).toBe("held");
  });
});

describe("payment outcomes", () => {
  it("releases the reservation of a failed payment and of one that never came", async () => {
    const offer = await onMarketOffer(t, partner, { quantity: 10 });
    const failed = (
      await purchase(t, kim, offer.id, "fails-payment", { quantity: 3, payment_method: "card" })
    ).json().data.purchase;
    const lapsed = (
      await purchase(t, ben, offer.id, "lapses-payment", { quantity: 2, payment_method: "card" })
    ).json().data.purchase;
    const reserved = async () =>
      (await t.db.select().from(nftOffers).where(eq(nftOffers.id, offer.id)))[0]!.reservedCount;
    expect(await reserved()).toBe(5);
    const settled = await settle(t, kim, failed.id, "fail");
    expect(settled.json().data).toMatchObject({ state: "failed", items: [] });
    expect(await reserved()).toBe(2);

    await t.db
      .update(nftPurchases)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(nftPurchases.id, lapsed.id));
    expect(await releaseExpiredReservations(t.db)).toBeGreaterThanOrEqual(1);
    expect(await reserved()).toBe(0);
    expect(await releaseExpiredReservations(t.db)).toBe(0);

    // The payment arrives after all: refunded at once, no vouchers issued.
    const late = await settle(t, ben, lapsed.id, "succeed");
    expect(late.json().data).toMatchObject({ state: "expired", items: [] });
    const [refund] = await t.db.select().from(nftRefunds).where(eq(nftRefunds.purchaseId, lapsed.id));
    expect(refund).toMatchObject({
      reason: "late_payment",
      amountCents: 5000,
      state: "succeeded",
      itemId: null,
    });
    expect(await reserved()).toBe(0);
    expect((await t.db.select().from(nftOffers).where(eq(nftOffers.id, offer.id)))[0]!.soldCount).toBe(0);
  });

  it("issues vouchers to a purchase whose reservation ends only as the payment succeeds late: refunded", async () => {
    const offer = await onMarketOffer(t, partner, { quantity: 10 });
    const pending = (
      await purchase(t, kim, offer.id, "pays-too-late", { quantity: 1, payment_method: "card" })
    ).json().data.purchase;
    await t.db.execute(
      sql`update nft_purchases set reserved_until = now() - interval '1 second' where id = ${pending.id}`,
    );
    const paid = await settle(t, kim, pending.id, "succeed");
    expect(paid.json().data).toMatchObject({ state: "expired", items: [] });
    expect((await t.db.select().from(nftOffers).where(eq(nftOffers.id, offer.id)))[0]).toMatchObject({
      reservedCount: 0,
      soldCount: 0,
    });
    const refunds = await t.db.select().from(nftRefunds).where(eq(nftRefunds.purchaseId, pending.id));
    expect(refunds).toHaveLength(1);
  });
});

describe("another customer's items and purchases", () => {
  it("are 404 everywhere", async () => {
    const offer = await onMarketOffer(t, partner, { quantity: 10 });
    const { id: purchaseId, items } = await buy(t, kim, offer.id, 1);
    const nftId = items[0]!.nft_id;
    const asBen = [
      t.inject({ url: `/api/app/nft/wallet/${nftId}`, headers: ben.headers }),
      redeemNft(t, ben, nftId, here()),
      withdraw(t, ben, nftId),
      t.inject({ url: `/api/app/nft/purchases/${purchaseId}`, headers: ben.headers }),
      t.inject({ url: `/api/app/nft/purchases/${purchaseId}/receipt.pdf`, headers: ben.headers }),
      settle(t, ben, purchaseId, "fail"),
      t.inject({ url: "/api/app/nft/wallet/not-an-nft-id", headers: ben.headers }),
    ];
    for (const res of await Promise.all(asBen)) expect(res.statusCode, res.body).toBe(404);
    expect((await itemRow(nftId)).state).toBe("held");
    expect((await t.inject({ url: `/api/app/nft/wallet/${nftId}`, headers: kim.headers })).statusCode).toBe(
      200,
    );
    expect((await t.inject({ url: `/api/app/nft/wallet/${nftId}` })).statusCode).toBe(401);
  });
});
