import { randomBytes } from "node:crypto";
import {
  berlinYear,
  earliestVoucherExpiry,
  type NftType,
  type NftVatRate,
  nftIdFromBytes,
  platformFeeCents,
  saleVat,
  type VoucherPurpose,
  withdrawalDeadline,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import { rowsOf } from "../db/client.ts";
import { nftItems, nftOfferLocations, nftOffers, nftPurchases } from "../db/schema/index.ts";
import { nextReceiptNumber } from "../modules/nft/receipt-pdf.ts";
import { payoutAccountStatus } from "../modules/payments/accounts.ts";
import { settleSandboxPayment } from "../modules/payments/sandbox.ts";
import { paymentProvider } from "../modules/payments/select.ts";
import type { TestApp } from "./build.ts";
import { livePartner } from "./scans.ts";

// Sales of the voucher market as rows, at chosen times, for the payments and statement tests
// (docs/decisions/010-coupons-and-vouchers.md, section 5): each purchase is paid through the
// sandbox provider (so transfers have a source payment) and numbered from the partner's receipt
// sequence, as the purchase flow of modules/nft does; that flow itself is tested there.

export type SellingPartner = Awaited<ReturnType<typeof sellingPartner>>;

/** A live partner whose sandbox payout account was activated on its onboarding page. */
export async function sellingPartner(t: TestApp) {
  const partner = await livePartner(t);
  const { redirect_to } = await payoutAccountStatus(t.db, partner.id, "de");
  const activate = await t.inject({
    method: "POST",
    url: new URL(redirect_to!).pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "",
  });
  if (activate.statusCode !== 303) throw new Error(`activation failed: ${activate.body}`);
  return partner;
}

export interface OfferRow {
  id: number;
  type: Exclude<NftType, "coupon">;
  name: string;
  priceCents: number;
  vatRate: NftVatRate | null;
  purpose: VoucherPurpose;
}

/** A paid offer on the market, redeemable at the partner's location. */
export async function sellingOffer(
  t: TestApp,
  partner: SellingPartner,
  o: Omit<OfferRow, "id">,
): Promise<OfferRow> {
  const [industry] = rowsOf<{ id: number }>(
    await t.db.execute(sql`select min(id)::int as id from categories`),
  );
  const [row] = await t.db
    .insert(nftOffers)
    .values({
      companyId: partner.id,
      type: o.type,
      state: "on_market",
      industryId: industry!.id,
      name: o.name,
      description: `${o.name} zum Testen`,
      photoHash: "0".repeat(64),
      validityType: "statutory",
      quantity: 500,
      priceCents: o.priceCents,
      vatRate: o.vatRate,
      purpose: o.purpose,
      approvedAt: sql`now()`,
      onMarketAt: sql`now()`,
    })
    .returning({ id: nftOffers.id });
  await t.db.insert(nftOfferLocations).values({ offerId: row!.id, locationId: partner.locationId });
  return { id: row!.id, ...o };
}

export interface Sale {
  id: number;
  receiptNumber: string;
  paymentId: string;
  items: { id: number; nftId: string }[];
}

let keys = 0;

/**
 * A purchase of `quantity` vouchers paid at `at`: net and VAT frozen per voucher, the sandbox
 * payment settled, the receipt numbered, the items issued with the transfer due when the
 * withdrawal period ends.
 */
export async function paidPurchase(
  t: TestApp,
  offer: OfferRow,
  p: { companyId: number; appUserId: number; wallet: string; quantity: number; at: Date },
): Promise<Sale> {
  keys++;
  const split = saleVat(offer.purpose, offer.priceCents, offer.vatRate);
  const deadline = withdrawalDeadline(p.at);
  const expiry = earliestVoucherExpiry(p.at);
  const [purchase] = await t.db
    .insert(nftPurchases)
    .values({
      offerId: offer.id,
      companyId: p.companyId,
      appUserId: p.appUserId,
      quantity: p.quantity,
      unitPriceCents: offer.priceCents,
      grossCents: offer.priceCents * p.quantity,
      purpose: offer.purpose,
      vatRate: offer.vatRate,
      netCents: (split?.netCents ?? offer.priceCents) * p.quantity,
      vatCents: (split?.vatCents ?? 0) * p.quantity,
      feeCents: platformFeeCents(offer.priceCents) * p.quantity,
      provider: "sandbox",
      paymentMethod: "card",
      idempotencyKey: `sale-${keys}-${randomBytes(4).toString("hex")}`,
      requestHash: "test",
      reservedUntil: new Date(p.at.getTime() + 15 * 60_000),
      createdAt: p.at,
    })
    .returning({ id: nftPurchases.id });
  const id = purchase!.id;
  const payment = await paymentProvider(t.db).createPayment({
    amountCents: offer.priceCents * p.quantity,
    idempotencyKey: `purchase-${id}`,
    description: offer.name,
    metadata: { purchase_id: String(id) },
  });
  await settleSandboxPayment(t.db, payment.paymentId, "succeed");
  return t.db.transaction(async (tx) => {
    const receiptNumber = await nextReceiptNumber(tx, p.companyId, berlinYear(p.at));
    await tx.execute(sql`
      update nft_purchases set state = 'paid', paid_at = ${p.at.toISOString()}::timestamptz,
        receipt_number = ${receiptNumber}, provider_payment_id = ${payment.paymentId}
      where id = ${id}`);
    const items = await tx
      .insert(nftItems)
      .values(
        Array.from({ length: p.quantity }, () => ({
          nftId: nftIdFromBytes(randomBytes(16)),
          offerId: offer.id,
          companyId: p.companyId,
          purchaseId: id,
          appUserId: p.appUserId,
          walletAddress: p.wallet.toLowerCase(),
          priceCents: offer.priceCents,
          expiresAt: expiry.endsAt,
          lastDay: expiry.lastDay,
          withdrawalEndsAt: deadline.endsAt,
          transferDueAt: deadline.endsAt,
          createdAt: p.at,
        })),
      )
      .returning({ id: nftItems.id, nftId: nftItems.nftId });
    await tx.execute(
      sql`update nft_offers set sold_count = sold_count + ${p.quantity} where id = ${offer.id}`,
    );
    return { id, receiptNumber, paymentId: payment.paymentId, items };
  });
}

/** A redemption at `at` at the partner's location, as the redemption does: the transfer is due then. */
export async function redeemedAt(t: TestApp, itemId: number, locationId: number, at: Date) {
  await t.db.execute(sql`
    update nft_items set state = 'redeemed', redeemed_at = ${at.toISOString()}::timestamptz,
      redeemed_location_id = ${locationId}, transfer_due_at = ${at.toISOString()}::timestamptz
    where id = ${itemId}`);
  await t.db.execute(sql`
    insert into nft_redemptions (item_id, location_id, app_user_id, with_pin, created_at)
    select id, ${locationId}, app_user_id, true, ${at.toISOString()}::timestamptz from nft_items where id = ${itemId}`);
}

/** A withdrawal at `at`: the refund through the provider, the item voided, as the withdrawal does. */
export async function withdrawnAt(t: TestApp, sale: Sale, itemId: number, at: Date) {
  const [item] = rowsOf<{ price_cents: number; app_user_id: number; offer_id: number }>(
    await t.db.execute(
      sql`select price_cents, app_user_id::int as app_user_id, offer_id::int as offer_id from nft_items where id = ${itemId}`,
    ),
  );
  const refund = await paymentProvider(t.db).refund({
    paymentId: sale.paymentId,
    amountCents: item!.price_cents,
    idempotencyKey: `refund-${itemId}`,
  });
  await t.db.execute(sql`
    update nft_items set state = 'withdrawn', withdrawn_at = ${at.toISOString()}::timestamptz where id = ${itemId}`);
  await t.db.execute(sql`
    insert into nft_refunds (item_id, purchase_id, amount_cents, reason, provider_refund_id, state, app_user_id, created_at, completed_at)
    values (${itemId}, ${sale.id}, ${item!.price_cents}, 'withdrawal', ${refund.refundId}, ${refund.status},
      ${item!.app_user_id}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
  await t.db.execute(sql`update nft_offers set sold_count = sold_count - 1 where id = ${item!.offer_id}`);
}
