import { NFT, withdrawalDeadline } from "@stempla/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import {
  appUsers,
  mailOutbox,
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
  type MarketCustomer,
  type MarketPartner,
  marketPartner,
  onMarketOffer,
  purchase,
  withdraw,
} from "../../test/nft-market.ts";
import { settleSandboxPayment } from "../payments/service.ts";
import { releaseExpiredReservations } from "./purchase.ts";

// The payment's outcome reaching the purchase from the provider's notice and from the job, and
// the customer's mails about it (docs/decisions/010-coupons-and-vouchers.md, sections 1, 4, 5).

let t: TestApp;
let partner: MarketPartner;
let partnerName: string;

beforeAll(async () => {
  t = await build();
  partner = await marketPartner(t);
  const [row] = rowsOf<{ name: string }>(
    await t.db.execute(sql`select name from companies where id = ${partner.id}`),
  );
  partnerName = row!.name;
});

let keys = 0;
const key = () => `outcome-${++keys}-${Date.now()}`;

async function customer(locale: "de" | "en"): Promise<MarketCustomer & { email: string }> {
  const [c] = await bulkCustomers(t, 1);
  const [user] = await t.db.update(appUsers).set({ locale }).where(eq(appUsers.id, c.id)).returning();
  return { ...c, email: user!.email };
}

/** A purchase waiting for its payment: its id and the sandbox payment's id. */
async function pending(c: MarketCustomer, offerId: number, quantity = 1) {
  const res = await purchase(t, c, offerId, key(), { quantity, payment_method: "card" });
  expect(res.statusCode).toBe(201);
  const data = res.json().data;
  return { id: data.purchase.id as number, paymentId: data.payment.payment_id as string };
}

const webhook = (body: { id: string; type: string; object_id: string }) =>
  t.inject({
    method: "POST",
    url: "/api/v2/payments/webhooks/sandbox",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(body),
  });

const purchaseRow = async (id: number) =>
  (await t.db.select().from(nftPurchases).where(eq(nftPurchases.id, id)))[0]!;
const itemsOf = (purchaseId: number) =>
  t.db.select().from(nftItems).where(eq(nftItems.purchaseId, purchaseId)).orderBy(asc(nftItems.id));
const reserved = async (offerId: number) =>
  (await t.db.select().from(nftOffers).where(eq(nftOffers.id, offerId)))[0]!.reservedCount;
const mailsTo = (email: string, template: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, template)))
    .orderBy(asc(mailOutbox.id));
const refundsOf = (purchaseId: number) =>
  t.db.select().from(nftRefunds).where(eq(nftRefunds.purchaseId, purchaseId));
/** "01.02.2030" from a Berlin day. */
const deDay = (day: string) => day.split("-").reverse().join(".");
const expire = (purchaseId: number) =>
  t.db
    .update(nftPurchases)
    .set({ reservedUntil: new Date(Date.now() - 1000) })
    .where(eq(nftPurchases.id, purchaseId));

describe("the provider's notices", () => {
  it("issue the vouchers of a paid purchase once, however often the notice comes, and mail the customer", async () => {
    const kim = await customer("de");
    const offer = await onMarketOffer(t, partner, {
      name: "Brunch für zwei",
      priceCents: 2500,
      quantity: 10,
    });
    const p = await pending(kim, offer.id, 2);
    expect(await settleSandboxPayment(t.db, p.paymentId, "succeed")).toBe("succeeded");

    const event = { id: `evt_paid_${p.id}`, type: "payment.succeeded", object_id: p.paymentId };
    // The same event delivered twice at once, and once more under another id (a second notice).
    const answers = await Promise.all([webhook(event), webhook(event)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await webhook({ ...event, id: `evt_again_${p.id}` })).statusCode).toBe(200);
    const repeat = await webhook(event);
    expect(repeat.json().data).toEqual({ received: true, duplicate: true });

    const row = await purchaseRow(p.id);
    expect(row).toMatchObject({ state: "paid", receiptNumber: expect.stringMatching(/^STG-/) });
    const items = await itemsOf(p.id);
    expect(items).toHaveLength(2);
    const [counts] = await t.db.select().from(nftOffers).where(eq(nftOffers.id, offer.id));
    expect(counts).toMatchObject({ soldCount: 2, reservedCount: 0 });

    const mails = await mailsTo(kim.email, "nft_purchase_paid");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.locale).toBe("de");
    expect(mail.subject).toBe(`Ihr Kauf bei ${partnerName}: 2 × „Brunch für zwei“`);
    const withdrawalDay = withdrawalDeadline(row.paidAt!).lastDay;
    for (const part of [
      "vielen Dank für Ihren Kauf! Ihre 2 Gutscheine „Brunch für zwei“",
      `von ${partnerName} liegen jetzt in der Wallet Ihrer Stempla-App`,
      "Bezahlt haben Sie 50,00\u00a0€.",
      `Ihren Beleg Nr. ${row.receiptNumber} finden Sie in der Stempla-App`,
      `Gültig bis einschließlich ${deDay(items[0]!.lastDay)}.`,
      `Widerrufsrecht: Sie können den Kauf jedes noch nicht eingelösten Gutscheins innerhalb von ${NFT.withdrawalDays} Tagen`,
      `endet am ${deDay(withdrawalDay)}`,
      "Anzahl: 2",
      `Gutschein-Nummern: ${items[0]!.nftId}\n${items[1]!.nftId}`,
      "Betrag: 50,00\u00a0€",
      `Beleg-Nr.: ${row.receiptNumber}`,
      `Widerruf bis: ${deDay(withdrawalDay)}`,
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain(items[1]!.nftId);
    // Mails never say NFT (decision 010, section 1). As a word: a random voucher number may hold
    // the letters (N7KGAYAQDKCNFTQK9… did, and failed a CI run).
    expect(mail.text).not.toMatch(/\bNFTs?\b/i);
  });

  it("release the reservation of a failed payment", async () => {
    const kim = await customer("de");
    const offer = await onMarketOffer(t, partner, { quantity: 10 });
    const p = await pending(kim, offer.id, 3);
    expect(await reserved(offer.id)).toBe(3);
    await settleSandboxPayment(t.db, p.paymentId, "fail");
    const event = { id: `evt_failed_${p.id}`, type: "payment.failed", object_id: p.paymentId };
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await purchaseRow(p.id)).state).toBe("failed");
    expect(await reserved(offer.id)).toBe(0);
    expect(await itemsOf(p.id)).toHaveLength(0);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, kim.email))).toHaveLength(0);
  });
});

describe("the job's expired reservations", () => {
  it("asks the provider: a payment taken after all is refunded once, the others are released", async () => {
    const ben = await customer("en");
    const kim = await customer("de");
    const offer = await onMarketOffer(t, partner, { name: "Pasta night", priceCents: 4900, quantity: 10 });
    const late = await pending(ben, offer.id, 1);
    const waiting = await pending(kim, offer.id, 2);
    const refused = await pending(kim, offer.id, 1);
    const current = await pending(kim, offer.id, 1);
    const lea = await customer("de");
    const lateTwo = await pending(lea, offer.id, 2);
    expect(await reserved(offer.id)).toBe(7);
    // Ben's payment settles after his reservation ran out; its notice never comes.
    for (const p of [late, waiting, refused, lateTwo]) await expire(p.id);
    await settleSandboxPayment(t.db, late.paymentId, "succeed");
    await settleSandboxPayment(t.db, lateTwo.paymentId, "succeed");
    await settleSandboxPayment(t.db, refused.paymentId, "fail");

    // Bounded per run: one purchase now (the oldest reservation first), the other three next run.
    expect(await releaseExpiredReservations(t.db, new Date(), 1)).toBe(1);
    expect(await releaseExpiredReservations(t.db)).toBe(3);
    expect(await releaseExpiredReservations(t.db)).toBe(0);

    expect((await purchaseRow(late.id)).state).toBe("expired");
    expect((await purchaseRow(waiting.id)).state).toBe("expired");
    expect((await purchaseRow(refused.id)).state).toBe("failed");
    expect((await purchaseRow(current.id)).state).toBe("pending");
    expect(await reserved(offer.id)).toBe(1);
    expect(await itemsOf(late.id)).toHaveLength(0);
    expect(await refundsOf(waiting.id)).toHaveLength(0);
    const [refund] = await refundsOf(late.id);
    expect(refund).toMatchObject({ reason: "late_payment", amountCents: 4900, state: "succeeded" });
    const [returned] = await t.db
      .select()
      .from(paymentSandboxPayments)
      .where(eq(paymentSandboxPayments.id, refund!.providerRefundId!));
    expect(returned).toMatchObject({ kind: "refund", amountCents: 4900, status: "succeeded" });

    // The notice arriving after all changes nothing: still one refund, one mail.
    const event = { id: `evt_late_${late.id}`, type: "payment.succeeded", object_id: late.paymentId };
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await refundsOf(late.id)).toHaveLength(1);
    expect(await itemsOf(late.id)).toHaveLength(0);

    const mails = await mailsTo(ben.email, "nft_late_payment_refund");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe("en");
    expect(mails[0]!.subject).toBe("Your payment for “Pasta night” is being refunded");
    expect(mails[0]!.text).toContain(
      `arrived only after the ${NFT.reservationMinutes}-minute reservation had ended`,
    );
    expect(mails[0]!.text).toContain("We refund the full amount of €49.00");
    expect(mails[0]!.text).toContain("The voucher was no longer held for you, so you do not receive it.");
    expect(await mailsTo(ben.email, "nft_purchase_paid")).toHaveLength(0);
    const [german] = await mailsTo(lea.email, "nft_late_payment_refund");
    expect(german).toMatchObject({ locale: "de", subject: "Ihre Zahlung für „Pasta night“ wird erstattet" });
    for (const part of [
      `Ihre Zahlung für 2 × „Pasta night“ von ${partnerName} ist erst eingegangen, nachdem die Reservierung von ${NFT.reservationMinutes} Minuten abgelaufen war.`,
      "Die Gutscheine waren daher nicht mehr für Sie reserviert; Sie erhalten sie nicht.",
      "Den vollen Betrag von 98,00\u00a0€ erstatten wir Ihnen",
      "Erstattung: 98,00\u00a0€",
    ]) {
      expect(german!.text).toContain(part);
    }
    expect((await refundsOf(lateTwo.id))[0]).toMatchObject({ reason: "late_payment", amountCents: 9800 });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, kim.email))).toHaveLength(0);
  });
});

describe("the customer's mails", () => {
  it("confirm a withdrawal with the refund, in the customer's language", async () => {
    const ben = await customer("en");
    const offer = await onMarketOffer(t, partner, { name: "Wine tasting", priceCents: 3900, quantity: 10 });
    const bought = await buy(t, ben, offer.id, 1);
    const [paid] = await mailsTo(ben.email, "nft_purchase_paid");
    expect(paid!.locale).toBe("en");
    expect(paid!.subject).toBe(`Your purchase from ${partnerName}: 1 × “Wine tasting”`);
    expect(paid!.text).toContain("You paid €39.00.");
    expect(paid!.text).toContain("Right of withdrawal: you may withdraw");

    const nftId = bought.items[0]!.nft_id;
    expect((await withdraw(t, ben, nftId)).statusCode).toBe(200);
    const mails = await mailsTo(ben.email, "nft_withdrawal");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your withdrawal: voucher “Wine tasting” from ${partnerName}`);
    expect(mails[0]!.text).toContain(`(number ${nftId}) is now void and can no longer be redeemed`);
    expect(mails[0]!.text).toContain("We refund the full price of €39.00");
  });

  it("confirm a withdrawal formally in German", async () => {
    const kim = await customer("de");
    const offer = await onMarketOffer(t, partner, {
      type: "cash_voucher",
      name: "Gutschein über 49 €",
      priceCents: 4900,
      quantity: 10,
    });
    const bought = await buy(t, kim, offer.id, 1);
    const nftId = bought.items[0]!.nft_id;
    expect((await withdraw(t, kim, nftId)).statusCode).toBe(200);
    // The same withdrawal asked again: still one mail.
    await withdraw(t, kim, nftId);
    const mails = await mailsTo(kim.email, "nft_withdrawal");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe("de");
    expect(mails[0]!.subject).toBe(`Ihr Widerruf: Wertgutschein „Gutschein über 49 €“ von ${partnerName}`);
    expect(mails[0]!.text).toContain("wir bestätigen Ihren Widerruf.");
    expect(mails[0]!.text).toContain("ist damit ungültig und kann nicht mehr eingelöst werden");
    expect(mails[0]!.text).toContain("Den vollen Preis von 49,00\u00a0€ erstatten wir Ihnen");
    const [paid] = await mailsTo(kim.email, "nft_purchase_paid");
    expect(paid!.text).toContain("Ihr Wertgutschein „Gutschein über 49 €“");
    expect(paid!.text).toContain(`Gutschein-Nummer: ${nftId}`);
  });
});
