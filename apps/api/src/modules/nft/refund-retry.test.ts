import { NFT, platformFeeCents } from "@stempla/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  nftItems,
  nftPurchases,
  nftRefunds,
  nftTransfers,
  paymentSandboxPayments,
} from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { build, type TestApp } from "../../test/build.ts";
import {
  bulkCustomers,
  buy,
  type MarketCustomer,
  type MarketPartner,
  marketPartner,
  onMarketOffer,
  purchase,
} from "../../test/nft-market.ts";
import { type MarketplaceProvider, paymentProvider, settleSandboxPayment } from "../payments/service.ts";
import { runNftLifecycleJob } from "./lifecycle-job.ts";
import { applyPaymentOutcome } from "./purchase.ts";
import { withdrawItem } from "./withdraw.ts";

// A refund the provider could not take when it was recorded (out of reach, or the process
// stopped) is asked for again by the nft-lifecycle job until the provider answers, once
// (docs/decisions/010-coupons-and-vouchers.md, sections 4 and 5): a withdrawal's and a late
// payment's alike. One app and database for the file.

let t: TestApp;
let partner: MarketPartner;
let kim: MarketCustomer;

beforeAll(async () => {
  t = await build();
  partner = await marketPartner(t);
  [kim] = await bulkCustomers(t, 1);
});

/** The sandbox provider whose refunds fail as an unreachable provider's would. */
function unreachableRefunds(): MarketplaceProvider {
  const real = paymentProvider(t.db);
  return Object.assign(Object.create(real) as MarketplaceProvider, {
    refund: async () => {
      throw new Error("provider out of reach");
    },
  });
}

const job = async () => {
  const errors: string[] = [];
  await runNftLifecycleJob(t.db, {
    publicUrl: t.app.config.publicUrl,
    log: { error: (_o, m) => errors.push(m) },
  });
  return errors;
};

const sandboxRefunds = async (paymentId: string) =>
  (await t.db.select().from(paymentSandboxPayments).where(eq(paymentSandboxPayments.kind, "refund"))).filter(
    (r) => JSON.stringify(r.relatedIds).includes(paymentId),
  );

describe("pending refunds", () => {
  it("a withdrawal whose refund the provider could not take is refunded by the job, once", async () => {
    const offer = await onMarketOffer(t, partner, { priceCents: 2500 });
    const paid = await buy(t, kim, offer.id, 1);
    const withdrawn = await withdrawItem(
      t.db,
      unreachableRefunds(),
      kim.id,
      paid.items[0]!.nft_id,
      undefined,
    );
    expect(withdrawn.refund).toEqual({ amount_cents: 2500, state: "pending" });

    expect(await job()).toEqual([]);
    const [refund] = await t.db.select().from(nftRefunds).where(eq(nftRefunds.purchaseId, paid.id));
    expect(refund!.state).toBe("succeeded");
    expect(refund!.providerRefundId).not.toBeNull();
    await job();
    const [row] = await t.db.select().from(nftPurchases).where(eq(nftPurchases.id, paid.id));
    const books = await sandboxRefunds(row!.providerPaymentId!);
    expect(books.map((b) => b.amountCents)).toEqual([2500]);

    // A refund the provider took and reported pending is its to finish: not asked again.
    await t.db
      .update(nftRefunds)
      .set({ state: "pending", completedAt: null })
      .where(eq(nftRefunds.id, refund!.id));
    await job();
    const [left] = await t.db.select().from(nftRefunds).where(eq(nftRefunds.id, refund!.id));
    expect(left!.state).toBe("pending");
  });

  it("a late payment whose refund the provider could not take is refunded by the job, once", async () => {
    const offer = await onMarketOffer(t, partner, { priceCents: 1800 });
    const res = await purchase(t, kim, offer.id, `late-${Date.now()}`, {
      quantity: 2,
      payment_method: "card",
    });
    expect(res.statusCode).toBe(201);
    const purchaseId = res.json().data.purchase.id as number;
    const [row] = await t.db.select().from(nftPurchases).where(eq(nftPurchases.id, purchaseId));
    // The customer's payment succeeds at the provider after the reservation ended.
    await settleSandboxPayment(t.db, row!.providerPaymentId!, "succeed");
    const late = new Date(row!.reservedUntil.getTime() + 60_000);
    await applyPaymentOutcome(t.db, t.app.config, unreachableRefunds(), purchaseId, "succeeded", late);
    const [before] = await t.db.select().from(nftRefunds).where(eq(nftRefunds.purchaseId, purchaseId));
    expect(before).toMatchObject({ reason: "late_payment", amountCents: 3600, state: "pending" });

    await job();
    await job();
    const [after] = await t.db.select().from(nftRefunds).where(eq(nftRefunds.purchaseId, purchaseId));
    expect(after!.state).toBe("succeeded");
    expect((await sandboxRefunds(row!.providerPaymentId!)).map((b) => b.amountCents)).toEqual([3600]);
  });
});

describe("failed refunds", () => {
  it("a refund the provider answered 'failed' is asked again under a new key by the job, once, and at most NFT.refundAttempts times", async () => {
    const offer = await onMarketOffer(t, partner, { priceCents: 3100 });
    const paid = await buy(t, kim, offer.id, 2);
    const failing: MarketplaceProvider = Object.assign(
      Object.create(paymentProvider(t.db)) as MarketplaceProvider,
      { refund: async () => ({ refundId: `re_failed_${paid.id}`, status: "failed" as const }) },
    );
    const withdrawn = await withdrawItem(t.db, failing, kim.id, paid.items[0]!.nft_id, undefined);
    expect(withdrawn.refund.state).toBe("failed");
    const [row] = await t.db.select().from(nftPurchases).where(eq(nftPurchases.id, paid.id));
    expect(await sandboxRefunds(row!.providerPaymentId!)).toEqual([]);

    // The job asks again under refund-{item}-1: the sandbox pays it back, once.
    expect(await job()).toEqual([]);
    await job();
    const [refund] = await t.db.select().from(nftRefunds).where(eq(nftRefunds.purchaseId, paid.id));
    expect(refund).toMatchObject({ state: "succeeded", attempts: 1 });
    const books = await sandboxRefunds(row!.providerPaymentId!);
    expect(books.map((b) => [b.amountCents, b.idempotencyKey])).toEqual([
      [3100, `refund-${refund!.itemId}-1`],
    ]);

    // After the last attempt the job leaves it to the team.
    const second = await withdrawItem(t.db, failing, kim.id, paid.items[1]!.nft_id, undefined);
    expect(second.refund.state).toBe("failed");
    await t.db
      .update(nftRefunds)
      .set({ attempts: NFT.refundAttempts })
      .where(eq(nftRefunds.itemId, (await itemId(paid.items[1]!.nft_id))!));
    await job();
    expect((await sandboxRefunds(row!.providerPaymentId!)).map((b) => b.amountCents)).toEqual([3100]);
  });
});

const itemId = async (nftId: string) =>
  (await t.db.select({ id: nftItems.id }).from(nftItems).where(eq(nftItems.nftId, nftId)))[0]?.id;

describe("withdrawal of a transferred item", () => {
  it("is refused when the item is already in a transfer to the partner, and nothing is refunded", async () => {
    const offer = await onMarketOffer(t, partner, { priceCents: 1200 });
    const paid = await buy(t, kim, offer.id, 1);
    const [transfer] = await t.db
      .insert(nftTransfers)
      // Sent already (a provider id), so the job in the other tests never sends it again.
      .values({
        companyId: partner.id,
        provider: "sandbox",
        providerTransferId: `tr_test_${Date.now()}`,
        amountCents: 1200 - platformFeeCents(1200),
        feeCents: platformFeeCents(1200),
        items: 1,
      })
      .returning({ id: nftTransfers.id });
    await t.db
      .update(nftItems)
      .set({ transferId: transfer!.id })
      .where(eq(nftItems.nftId, paid.items[0]!.nft_id));
    const error = await withdrawItem(
      t.db,
      paymentProvider(t.db),
      kim.id,
      paid.items[0]!.nft_id,
      undefined,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(409);
    expect((error as HttpError).code).toBe("nft_withdrawal_closed");
    const [item] = await t.db.select().from(nftItems).where(eq(nftItems.nftId, paid.items[0]!.nft_id));
    expect(item!.state).toBe("held");
    expect(await t.db.select().from(nftRefunds).where(eq(nftRefunds.purchaseId, paid.id))).toEqual([]);
  });
});
