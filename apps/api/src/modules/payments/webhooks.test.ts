import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { nftPurchases, nftRefunds, paymentSandboxPayments } from "../../db/schema/index.ts";
import { paymentProviderEvents } from "../../db/schema/payments.ts";
import { build, type TestApp } from "../../test/build.ts";
import {
  bulkCustomers,
  buy,
  type MarketPartner,
  marketPartner,
  onMarketOffer,
  purchase,
} from "../../test/nft-market.ts";
import { withdrawItem } from "../nft/withdraw.ts";
import { settleSandboxPayment } from "./sandbox.ts";
import { paymentProvider } from "./select.ts";

// The provider's notices of refunds, and of payments no purchase carries yet
// (docs/decisions/010-coupons-and-vouchers.md, sections 4 and 5). One app and database for the file.

let t: TestApp;
let seller: MarketPartner;

beforeAll(async () => {
  t = await build();
  seller = await marketPartner(t);
});

const webhook = (body: unknown) =>
  t.inject({
    method: "POST",
    url: "/api/v2/payments/webhooks/sandbox",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(body),
  });

describe("provider notifications of refunds and unknown payments", () => {
  const processedAt = async (id: string) =>
    (await t.db.select().from(paymentProviderEvents).where(eq(paymentProviderEvents.eventId, id)))[0]
      ?.processedAt;

  it("refund.succeeded and refund.failed give a refund the provider answered pending its final state, once", async () => {
    const [kim] = await bulkCustomers(t, 1);
    const offer = await onMarketOffer(t, seller, { priceCents: 2000 });
    const paid = await buy(t, kim!, offer.id, 2);
    const provider = paymentProvider(t.db);
    for (const item of paid.items) await withdrawItem(t.db, provider, kim!.id, item.nft_id, undefined);
    const refunds = await t.db
      .select()
      .from(nftRefunds)
      .where(eq(nftRefunds.purchaseId, paid.id))
      .orderBy(nftRefunds.id);
    expect(refunds).toHaveLength(2);
    const [ok, lost] = refunds as [(typeof refunds)[number], (typeof refunds)[number]];
    // The provider answered both pending; it decides later (the second is refused in its books).
    for (const r of refunds)
      await t.db
        .update(nftRefunds)
        .set({ state: "pending", completedAt: null })
        .where(eq(nftRefunds.id, r.id));
    await t.db
      .update(paymentSandboxPayments)
      .set({ status: "failed" })
      .where(eq(paymentSandboxPayments.id, lost.providerRefundId!));

    const done = { id: `evt_refund_ok_${ok.id}`, type: "refund.succeeded", object_id: ok.providerRefundId };
    expect((await webhook(done)).statusCode).toBe(200);
    const failed = {
      id: `evt_refund_failed_${lost.id}`,
      type: "refund.failed",
      object_id: lost.providerRefundId,
    };
    expect((await webhook(failed)).statusCode).toBe(200);
    const after = async (id: number) =>
      (await t.db.select().from(nftRefunds).where(eq(nftRefunds.id, id)))[0]!;
    const succeeded = await after(ok.id);
    expect(succeeded.state).toBe("succeeded");
    expect(succeeded.completedAt).not.toBeNull();
    expect((await after(lost.id)).state).toBe("failed");
    expect(await processedAt(done.id)).not.toBeNull();

    // Once: the notice again, under another id too, changes nothing.
    expect((await webhook(done)).json().data).toEqual({ received: true, duplicate: true });
    expect((await webhook({ ...done, id: `${done.id}_again` })).statusCode).toBe(200);
    expect(await after(ok.id)).toEqual(succeeded);
  });

  it("leave a payment no purchase carries yet unprocessed, and a redelivery applies it", async () => {
    const [ben] = await bulkCustomers(t, 1);
    const offer = await onMarketOffer(t, seller, { priceCents: 1500 });
    const res = await purchase(t, ben!, offer.id, `unknown-payment-${Date.now()}`, {
      quantity: 1,
      payment_method: "card",
    });
    expect(res.statusCode).toBe(201);
    const purchaseId = res.json().data.purchase.id as number;
    const paymentId = res.json().data.payment.payment_id as string;
    expect(await settleSandboxPayment(t.db, paymentId, "succeed")).toBe("succeeded");
    // The notice overtakes the purchase: its payment id is not stored yet.
    await t.db.update(nftPurchases).set({ providerPaymentId: null }).where(eq(nftPurchases.id, purchaseId));
    const event = { id: `evt_early_${purchaseId}`, type: "payment.succeeded", object_id: paymentId };
    // Answered 503, so the provider delivers it again.
    expect((await webhook(event)).statusCode).toBe(503);
    expect(await processedAt(event.id)).toBeNull();

    await t.db
      .update(nftPurchases)
      .set({ providerPaymentId: paymentId })
      .where(eq(nftPurchases.id, purchaseId));
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await processedAt(event.id)).not.toBeNull();
    const [row] = await t.db.select().from(nftPurchases).where(eq(nftPurchases.id, purchaseId));
    expect(row!.state).toBe("paid");
  });
});
