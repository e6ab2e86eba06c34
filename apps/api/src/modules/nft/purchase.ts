import { createHash, randomBytes } from "node:crypto";
import {
  berlinYear,
  isExhausted,
  NFT,
  type NftType,
  type NftValidityType,
  nftIdFromBytes,
  orderQuantityIssue,
  platformFeeCents,
  remaining,
  splitPurchase,
  type VoucherPurpose,
  walletEntryExpiry,
  withdrawalDeadline,
} from "@stempla/domain";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { appUsers, nftItemEvents, nftItems, nftPurchases, nftRefunds } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import {
  type MarketplaceProvider,
  PaymentProviderError,
  paymentProvider,
  paymentSettings,
} from "../payments/service.ts";
import { queueLatePaymentMail, queuePurchasePaidMail } from "./customer-mails.ts";
import { transitionOffer } from "./lifecycle.ts";
import { isSoldOut, notOnMarket, type SellableOffer, sellableOffer, soldOut, unsellable } from "./market.ts";
import { nextReceiptNumber } from "./receipt-pdf.ts";
import { completeRefund } from "./withdraw.ts";

// Getting a coupon and buying vouchers (docs/decisions/010-coupons-and-vouchers.md, section 4).
// Items are taken from the offer with one conditional statement, so concurrent customers never
// get more than there are; the provider is called after that short transaction commits, and the
// payment's outcome is applied once by the purchase row's `where state = 'pending'`. The outcome
// comes from the app's call, the provider's notice (payments/webhooks.ts) or the job's question
// for an expired reservation, whichever is first; the customer's mails (customer-mails.ts) are
// queued in the transaction that issues the vouchers or records the late payment's refund.

/** The payment methods the app offers (spec section 1: card, invoice or instant, PayPal). */
export const NFT_PAYMENT_METHODS = ["card", "invoice", "instant", "paypal"] as const;
export type NftPaymentMethod = (typeof NFT_PAYMENT_METHODS)[number];

const keyReused = () =>
  new HttpError(409, {
    code: "idempotency_key_reused",
    messageKey: "scan.keyReused",
    fields: { idempotency_key: ["scan.keyReused"] },
  });

/** The constraint a unique violation names (PostgreSQL 23505, raised directly or wrapped by drizzle). */
export function violatedUnique(error: unknown): string | undefined {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505") return e.constraint ?? "";
    e = e.cause as typeof e;
  }
  return undefined;
}

async function walletOf(db: Database, appUserId: number): Promise<string> {
  const [user] = await db
    .select({ wallet: appUsers.walletAddress })
    .from(appUsers)
    .where(eq(appUsers.id, appUserId));
  if (!user?.wallet) throw new Error(`app user ${appUserId} has no wallet address`);
  return user.wallet;
}

interface Counts {
  type: NftType;
  quantity: number | null;
  sold_count: number;
  reserved_count: number;
  min_order_quantity: number;
  state: string;
}

/** Takes the offer off the market in the caller's transaction when nothing orderable is left. */
async function offMarketWhenExhausted(
  tx: Database,
  offerId: number,
  counts: Counts,
  config: Pick<Config, "publicUrl">,
  now: Date,
) {
  if (counts.state !== "on_market" || !isExhausted(counts)) return;
  await transitionOffer(tx, {
    offerId,
    event: { type: "exhausted", coupon: counts.type === "coupon" },
    actor: "customer",
    publicUrl: config.publicUrl,
    now,
  });
}

// ——— coupons ———

export interface ClaimResult {
  nftId: string;
  replayed: boolean;
}

/**
 * POST /nft/market/{id}/claim: one coupon of the offer into the customer's wallet. The coupon's
 * row in `nft_items` claims the customer's one coupon of the offer (unique index), the offer's
 * conditional update takes it from the count; both in one transaction.
 */
export async function claimCoupon(
  db: Database,
  config: Config,
  appUserId: number,
  offerId: number,
  key: string | undefined,
): Promise<ClaimResult> {
  const run = () =>
    db.transaction(async (tx): Promise<ClaimResult> => {
      if (key) {
        const [earlier] = await tx
          .select({ nftId: nftItems.nftId, offerId: nftItems.offerId })
          .from(nftItems)
          .where(and(eq(nftItems.appUserId, appUserId), eq(nftItems.idempotencyKey, key)));
        if (earlier) {
          if (earlier.offerId !== offerId) throw keyReused();
          return { nftId: earlier.nftId, replayed: true };
        }
      }
      const [held] = await tx
        .select({ nftId: nftItems.nftId, key: nftItems.idempotencyKey })
        .from(nftItems)
        .where(
          and(
            eq(nftItems.offerId, offerId),
            eq(nftItems.appUserId, appUserId),
            sql`${nftItems.purchaseId} is null`,
          ),
        );
      // The same request sent again may find its first answer committed only now.
      if (held && key && held.key === key) return { nftId: held.nftId, replayed: true };
      if (held) throw alreadyClaimed();
      const offer = await sellableOffer(tx, offerId);
      const refusal = unsellable(offer, "coupon");
      if (refusal) throw refusal;

      const [counts] = rowsOf<Counts>(
        await tx.execute(sql`
          update nft_offers set sold_count = sold_count + 1, updated_at = now()
          where id = ${offerId} and state = 'on_market'
            and (quantity is null or sold_count + reserved_count + 1 <= quantity)
          returning type, quantity, sold_count, reserved_count, min_order_quantity, state`),
      );
      if (!counts) throw await whyNotTaken(tx, offerId);

      const now = new Date();
      const end = walletEntryExpiry(validityOf(offer!), now);
      const [item] = await tx
        .insert(nftItems)
        .values({
          nftId: nftIdFromBytes(randomBytes(16)),
          offerId,
          companyId: offer!.companyId,
          appUserId,
          walletAddress: await walletOf(tx, appUserId),
          priceCents: 0,
          expiresAt: end.endsAt,
          lastDay: end.lastDay,
          idempotencyKey: key ?? null,
          createdAt: now,
        })
        .returning({ id: nftItems.id, nftId: nftItems.nftId });
      await tx.insert(nftItemEvents).values({
        companyId: offer!.companyId,
        offerId,
        itemId: item!.id,
        kind: "issued",
        appUserId,
        amountCents: 0,
        createdAt: now,
      });
      await offMarketWhenExhausted(tx, offerId, counts, config, now);
      return { nftId: item!.nftId, replayed: false };
    });
  try {
    return await run();
  } catch (error) {
    if (violatedUnique(error) === undefined) throw error;
    // A concurrent claim of the same customer won the one coupon: a second run answers the
    // winner's row when it carried the same key, else that the coupon is already claimed.
    return run();
  }
}

const alreadyClaimed = () =>
  new HttpError(409, { code: "nft_already_claimed", messageKey: "nft.alreadyClaimed" });

/** After a conditional update found no row: the offer left the market, or nothing is left. */
async function whyNotTaken(tx: Database, offerId: number): Promise<HttpError> {
  const [row] = rowsOf<{ state: string; off_market_reason: string | null }>(
    await tx.execute(sql`select state, off_market_reason from nft_offers where id = ${offerId}`),
  );
  return row?.state === "on_market" || isSoldOut(row?.off_market_reason ?? null) ? soldOut() : notOnMarket();
}

const validityOf = (offer: SellableOffer) => ({
  type: offer.type,
  validity_type: offer.validityType,
  validity_days: offer.validityDays,
  end_date: offer.endDate,
});

// ——— paid vouchers ———

export interface PurchaseRequest {
  quantity: number;
  payment_method: NftPaymentMethod;
}

export interface PurchaseAnswer {
  purchase: { id: number; state: string; gross_cents: number; reserved_until: string };
  payment: {
    provider: string;
    payment_id: string | null;
    client_secret: string | null;
    confirm_url: string | null;
  };
  replayed: boolean;
}

type PurchaseRow = typeof nftPurchases.$inferSelect;

const requestHash = (offerId: number, body: PurchaseRequest) =>
  createHash("sha256").update(`${offerId}|${body.quantity}|${body.payment_method}`).digest("hex");

/**
 * POST /nft/market/{id}/purchase: reserves the vouchers (section 4's single statement), records
 * the purchase with its frozen amounts, then asks the provider for the payment after the commit.
 * A repeat with the same Idempotency-Key answers the same purchase and payment.
 */
export async function purchaseVouchers(
  db: Database,
  config: Config,
  provider: MarketplaceProvider,
  appUserId: number,
  offerId: number,
  body: PurchaseRequest,
  key: string,
): Promise<PurchaseAnswer> {
  const hash = requestHash(offerId, body);
  const reserve = () =>
    db.transaction(async (tx): Promise<{ row: PurchaseRow; replayed: boolean }> => {
      const [earlier] = await tx
        .select()
        .from(nftPurchases)
        .where(and(eq(nftPurchases.appUserId, appUserId), eq(nftPurchases.idempotencyKey, key)));
      if (earlier) {
        if (earlier.requestHash !== hash) throw keyReused();
        return { row: earlier, replayed: true };
      }
      const offer = await sellableOffer(tx, offerId);
      const refusal = unsellable(offer, "paid");
      if (refusal) throw refusal;
      const counts = {
        type: offer!.type,
        quantity: offer!.quantity,
        sold_count: offer!.soldCount,
        reserved_count: offer!.reservedCount,
        min_order_quantity: offer!.minOrderQuantity,
      };
      const left = remaining(counts);
      // Nothing left to order (all sold or held by payments under way): sold out, not a field error.
      if (left !== null && left < Math.min(body.quantity, counts.min_order_quantity)) throw soldOut();
      const issue = orderQuantityIssue(counts, body.quantity);
      if (issue) throw HttpError.validation({ quantity: [issue] });

      const [taken] = rowsOf<{ id: number }>(
        await tx.execute(sql`
          update nft_offers set reserved_count = reserved_count + ${body.quantity}, updated_at = now()
          where id = ${offerId} and state = 'on_market'
            and (quantity is null or sold_count + reserved_count + ${body.quantity} <= quantity)
          returning id, quantity, sold_count, reserved_count, min_order_quantity`),
      );
      if (!taken) throw await whyNotTaken(tx, offerId);

      const now = new Date();
      const unit = offer!.priceCents;
      // Net and VAT are frozen for the receipt: split per voucher for a single-purpose voucher;
      // a multi-purpose sale is not taxed (its VAT arises at redemption), so net is the gross.
      const split =
        offer!.purpose === "single" && offer!.vatRate !== null
          ? splitPurchase(unit, body.quantity, offer!.vatRate)
          : { grossCents: unit * body.quantity, netCents: unit * body.quantity, vatCents: 0 };
      const [row] = await tx
        .insert(nftPurchases)
        .values({
          offerId,
          companyId: offer!.companyId,
          appUserId,
          quantity: body.quantity,
          unitPriceCents: unit,
          grossCents: split.grossCents,
          purpose: offer!.purpose ?? "multi",
          vatRate: offer!.purpose === "single" ? offer!.vatRate : null,
          netCents: split.netCents,
          vatCents: split.vatCents,
          feeCents: platformFeeCents(unit) * body.quantity,
          provider: provider.name,
          paymentMethod: body.payment_method,
          idempotencyKey: key,
          requestHash: hash,
          reservedUntil: new Date(now.getTime() + NFT.reservationMinutes * 60_000),
          createdAt: now,
        })
        .returning();
      return { row: row!, replayed: false };
    });

  let reserved: { row: PurchaseRow; replayed: boolean };
  try {
    reserved = await reserve();
  } catch (error) {
    // The same key sent twice at once: the second insert lost the race; answer the first.
    if (violatedUnique(error) !== "nft_purchases_idempotency_unique") throw error;
    reserved = await reserve();
  }
  const { row, replayed } = reserved;
  if (row.state !== "pending") return answerOf(row, null, replayed);

  let payment: Awaited<ReturnType<MarketplaceProvider["createPayment"]>>;
  try {
    // The key derived from our row makes a repeated call (a retry of this request) the same payment.
    payment = await provider.createPayment({
      amountCents: row.grossCents,
      idempotencyKey: `purchase-${row.id}`,
      description: `${await offerName(db, row.offerId)} × ${row.quantity}`,
      metadata: {
        purchase_id: String(row.id),
        offer_id: String(row.offerId),
        company_id: String(row.companyId),
      },
    });
  } catch {
    // No payment could be started: give the vouchers back at once rather than after the
    // reservation, and tell the app to try again later (a new key starts a new purchase).
    await applyPaymentOutcome(db, config, provider, row.id, "failed");
    throw new HttpError(503);
  }
  if (row.providerPaymentId !== payment.paymentId) {
    await db
      .update(nftPurchases)
      .set({ providerPaymentId: payment.paymentId })
      .where(eq(nftPurchases.id, row.id));
  }
  if (payment.status !== "requires_action") {
    await applyPaymentOutcome(db, config, provider, row.id, payment.status);
    const [settled] = await db.select().from(nftPurchases).where(eq(nftPurchases.id, row.id));
    return answerOf(settled!, { ...payment, clientSecret: null, confirmUrl: null }, replayed);
  }
  return answerOf(row, payment, replayed);
}

async function offerName(db: Database, offerId: number): Promise<string> {
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`select name from nft_offers where id = ${offerId}`),
  );
  return row?.name ?? "";
}

function answerOf(
  row: PurchaseRow,
  payment: { paymentId: string; clientSecret: string | null; confirmUrl: string | null } | null,
  replayed: boolean,
): PurchaseAnswer {
  return {
    purchase: {
      id: row.id,
      state: row.state,
      gross_cents: row.grossCents,
      reserved_until: row.reservedUntil.toISOString(),
    },
    payment: {
      provider: row.provider,
      payment_id: payment?.paymentId ?? row.providerPaymentId,
      client_secret: payment?.clientSecret ?? null,
      confirm_url: payment?.confirmUrl ?? null,
    },
    replayed,
  };
}

/**
 * Applies a payment's outcome to its purchase, once (section 4):
 * - succeeded within the reservation: the reserved vouchers become sold, the items are issued
 *   (NFT id, validity from walletEntryExpiry, withdrawal deadline, transfer due at its end), the
 *   receipt gets its number, and an offer with nothing orderable left goes off the market;
 * - failed: the reservation is released;
 * - succeeded after the reservation ended: released (if the job has not yet) and refunded at once.
 * Safe to call again for the same outcome (webhook repeats, the app asking, the sandbox call).
 */
export async function applyPaymentOutcome(
  db: Database,
  config: Pick<Config, "publicUrl">,
  provider: MarketplaceProvider,
  purchaseId: number,
  outcome: "succeeded" | "failed",
  now: Date = new Date(),
): Promise<void> {
  await settlePurchase(db, config, provider, purchaseId, outcome, now);
}

/** applyPaymentOutcome; true when this call ended the purchase's reservation. */
async function settlePurchase(
  db: Database,
  config: Pick<Config, "publicUrl">,
  provider: MarketplaceProvider,
  purchaseId: number,
  outcome: "succeeded" | "failed",
  now: Date,
): Promise<boolean> {
  const { refundId, ended } = await db.transaction(
    async (tx): Promise<{ refundId?: number; ended: boolean }> => {
      const [purchase] = await tx
        .select()
        .from(nftPurchases)
        .where(eq(nftPurchases.id, purchaseId))
        .for("update");
      if (!purchase) return { ended: false };
      if (purchase.state === "paid") return { ended: false };
      if (purchase.state === "pending" && outcome === "failed") {
        return { ended: await endReservation(tx, purchase, "failed") };
      }
      if (outcome === "failed") return { ended: false };
      if (purchase.state === "pending" && purchase.reservedUntil.getTime() > now.getTime()) {
        return { ended: await issueVouchers(tx, config, purchase, now) };
      }
      // Paid too late: the reservation ended (or ends now), the money goes back.
      const ended = purchase.state === "pending" && (await endReservation(tx, purchase, "expired"));
      const refundId = await recordLateRefund(tx, purchase, now);
      return { ended, ...(refundId !== undefined ? { refundId } : {}) };
    },
  );
  if (refundId !== undefined) await completeRefund(db, provider, refundId);
  return ended;
}

/** The refund of a payment that came after its reservation, once per purchase, and its mail. */
async function recordLateRefund(tx: Database, purchase: PurchaseRow, now: Date): Promise<number | undefined> {
  const [done] = await tx
    .select({ id: nftRefunds.id })
    .from(nftRefunds)
    .where(and(eq(nftRefunds.purchaseId, purchase.id), eq(nftRefunds.reason, "late_payment")));
  if (done) return undefined;
  const [refund] = await tx
    .insert(nftRefunds)
    .values({
      purchaseId: purchase.id,
      amountCents: purchase.grossCents,
      reason: "late_payment",
      appUserId: purchase.appUserId,
      createdAt: now,
    })
    .returning({ id: nftRefunds.id });
  await queueLatePaymentMail(tx, purchase.id);
  return refund!.id;
}

async function endReservation(
  tx: Database,
  purchase: PurchaseRow,
  state: "failed" | "expired",
): Promise<boolean> {
  const [ended] = await tx
    .update(nftPurchases)
    .set({ state })
    .where(and(eq(nftPurchases.id, purchase.id), eq(nftPurchases.state, "pending")))
    .returning({ id: nftPurchases.id });
  if (!ended) return false;
  await tx.execute(sql`
    update nft_offers set reserved_count = reserved_count - ${purchase.quantity}, updated_at = now()
    where id = ${purchase.offerId}`);
  return true;
}

async function issueVouchers(
  tx: Database,
  config: Pick<Config, "publicUrl">,
  purchase: PurchaseRow,
  now: Date,
): Promise<boolean> {
  const receiptNumber = await nextReceiptNumber(tx, purchase.companyId, berlinYear(now));
  const [paid] = await tx
    .update(nftPurchases)
    .set({ state: "paid", paidAt: now, receiptNumber })
    .where(and(eq(nftPurchases.id, purchase.id), eq(nftPurchases.state, "pending")))
    .returning({ id: nftPurchases.id });
  if (!paid) return false;
  const [offer] = rowsOf<
    Counts & {
      validity_type: NftValidityType;
      validity_days: number | null;
      end_date: string | null;
      purpose: VoucherPurpose | null;
    }
  >(
    await tx.execute(sql`
      update nft_offers set reserved_count = reserved_count - ${purchase.quantity},
        sold_count = sold_count + ${purchase.quantity}, updated_at = now()
      where id = ${purchase.offerId}
      returning type, quantity, sold_count, reserved_count, min_order_quantity, state,
        validity_type, validity_days, end_date::text, purpose`),
  );
  const end = walletEntryExpiry(offer!, now);
  const withdrawal = withdrawalDeadline(now);
  const wallet = await walletOf(tx, purchase.appUserId);
  const items = await tx
    .insert(nftItems)
    .values(
      Array.from({ length: purchase.quantity }, () => ({
        nftId: nftIdFromBytes(randomBytes(16)),
        offerId: purchase.offerId,
        companyId: purchase.companyId,
        purchaseId: purchase.id,
        appUserId: purchase.appUserId,
        walletAddress: wallet,
        priceCents: purchase.unitPriceCents,
        expiresAt: end.endsAt,
        lastDay: end.lastDay,
        withdrawalEndsAt: withdrawal.endsAt,
        // The partner's share is due when the withdrawal period ends, or earlier at redemption.
        transferDueAt: withdrawal.endsAt,
        createdAt: now,
      })),
    )
    .returning({ id: nftItems.id, nftId: nftItems.nftId });
  await tx.insert(nftItemEvents).values(
    items.map((item) => ({
      companyId: purchase.companyId,
      offerId: purchase.offerId,
      itemId: item.id,
      kind: "purchased" as const,
      appUserId: purchase.appUserId,
      amountCents: purchase.unitPriceCents,
      createdAt: now,
    })),
  );
  await offMarketWhenExhausted(tx, purchase.offerId, offer!, config, now);
  await queuePurchasePaidMail(tx, {
    purchaseId: purchase.id,
    nftIds: items.map((item) => item.nftId),
    lastDay: end.lastDay,
    withdrawalLastDay: withdrawal.lastDay,
  });
  return true;
}

/**
 * The provider's notice of a payment's outcome (a webhook), applied to the purchase it pays;
 * nothing for a payment that belongs to no purchase.
 */
export async function applyProviderPaymentOutcome(
  db: Database,
  config: Pick<Config, "publicUrl">,
  provider: MarketplaceProvider,
  providerPaymentId: string,
  outcome: "succeeded" | "failed",
): Promise<void> {
  const [row] = await db
    .select({ id: nftPurchases.id })
    .from(nftPurchases)
    .where(
      and(eq(nftPurchases.providerPaymentId, providerPaymentId), eq(nftPurchases.provider, provider.name)),
    );
  if (row) await applyPaymentOutcome(db, config, provider, row.id, outcome);
}

/** How many expired reservations one run of the job looks at (each asks the provider once). */
export const RELEASE_BATCH = 100;

/**
 * Ends the reservations of purchases whose payment did not arrive within NFT.reservationMinutes
 * (the nft-lifecycle job, each run; at most `batch` purchases, the oldest first, the rest the next
 * run). Each purchase's payment is asked for at the provider first, so a payment it has taken
 * (settled after the reservation ran out, or a notice that never came) is not silently kept: it
 * goes through applyPaymentOutcome, which ends the reservation and refunds the late payment
 * (section 4). A payment the provider still waits for, or refused, releases the vouchers in one
 * statement. Every change is conditional on `state = 'pending'`, so a payment settling at the same
 * moment wins or loses as a whole and each purchase's outcome counts once. A provider that cannot
 * be reached keeps the purchase pending for the next run. Returns how many reservations ended.
 */
export async function releaseExpiredReservations(
  db: Database,
  now: Date = new Date(),
  batch: number = RELEASE_BATCH,
): Promise<number> {
  const due = await db
    .select({
      id: nftPurchases.id,
      provider: nftPurchases.provider,
      paymentId: nftPurchases.providerPaymentId,
    })
    .from(nftPurchases)
    .where(and(eq(nftPurchases.state, "pending"), lte(nftPurchases.reservedUntil, now)))
    .orderBy(asc(nftPurchases.reservedUntil), asc(nftPurchases.id))
    .limit(batch);
  if (due.length === 0) return 0;
  const provider = paymentProvider(db);
  const config = { publicUrl: paymentSettings(db).publicUrl };
  let ended = 0;
  const release: number[] = [];
  for (const purchase of due) {
    // No payment was ever started (the provider's answer never stored), or by another provider
    // than the one configured now: nothing to ask, the vouchers go back.
    if (!purchase.paymentId || purchase.provider !== provider.name) {
      release.push(purchase.id);
      continue;
    }
    let status: Awaited<ReturnType<MarketplaceProvider["paymentStatus"]>>;
    try {
      status = await provider.paymentStatus(purchase.paymentId);
    } catch (error) {
      // The provider knows no such payment: none was taken. Out of reach: asked again next run.
      if (error instanceof PaymentProviderError && error.code === "not_found") release.push(purchase.id);
      continue;
    }
    if (status === "requires_action") release.push(purchase.id);
    else if (await settlePurchase(db, config, provider, purchase.id, status, now)) ended++;
  }
  if (release.length === 0) return ended;
  const [row] = rowsOf<{ released: number }>(
    await db.execute(sql`
      with expired as (
        update nft_purchases set state = 'expired'
        where state = 'pending' and reserved_until <= ${now.toISOString()}::timestamptz
          and id in (${sql.join(
            release.map((id) => sql`${id}`),
            sql`, `,
          )})
        returning offer_id, quantity
      ),
      per_offer as (
        select offer_id, sum(quantity)::int as quantity, count(*)::int as purchases from expired group by offer_id
      ),
      released as (
        update nft_offers o set reserved_count = o.reserved_count - p.quantity, updated_at = now()
        from per_offer p where o.id = p.offer_id
        returning p.purchases
      )
      select coalesce(sum(purchases), 0)::int as released from released`),
  );
  return ended + (row?.released ?? 0);
}

/** The customer's purchase, or 404 (another customer's too). */
export async function ownPurchase(db: Database, appUserId: number, purchaseId: number): Promise<PurchaseRow> {
  const [row] = await db
    .select()
    .from(nftPurchases)
    .where(and(eq(nftPurchases.id, purchaseId), eq(nftPurchases.appUserId, appUserId)));
  if (!row) throw HttpError.notFound();
  return row;
}

/**
 * A pending purchase whose payment the provider has meanwhile settled (a webhook not yet
 * delivered) gets its outcome applied when the app asks for it.
 */
export async function refreshPurchase(
  db: Database,
  config: Config,
  provider: MarketplaceProvider,
  row: PurchaseRow,
): Promise<PurchaseRow> {
  if (row.state !== "pending" || !row.providerPaymentId || row.provider !== provider.name) return row;
  // The provider out of reach: the purchase as we know it; its notice or the next ask settles it.
  const status = await provider.paymentStatus(row.providerPaymentId).catch(() => "requires_action" as const);
  if (status === "requires_action") return row;
  await applyPaymentOutcome(db, config, provider, row.id, status);
  const [fresh] = await db.select().from(nftPurchases).where(eq(nftPurchases.id, row.id));
  return fresh!;
}
