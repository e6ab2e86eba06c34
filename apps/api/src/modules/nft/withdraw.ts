import { NFT } from "@stempla/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { nftItemEvents, nftItems, nftPurchases, nftRefunds } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import type { MarketplaceProvider, RefundStatus } from "../payments/service.ts";
import { queueWithdrawalMail } from "./customer-mails.ts";
import { violatedUnique } from "./purchase.ts";

// The customer's withdrawal from an unredeemed paid voucher (§§ 355, 356 BGB;
// docs/decisions/010-coupons-and-vouchers.md, sections 1 and 4): within the withdrawal period the
// item is voided, the offer's sold count goes down by one (its state stays: off market is final),
// the refund is recorded and the monitor's event written, all in one transaction. The provider
// refunds the full price after that commit with a key derived from the item, so a retry (the
// same request again, or a failed provider call) can never refund twice. The customer's
// confirmation mail is queued in that transaction too (customer-mails.ts).

export interface WithdrawResult {
  refund: { amount_cents: number; state: RefundStatus };
  replayed: boolean;
}

const closed = () =>
  new HttpError(409, { code: "nft_withdrawal_closed", messageKey: "nft.withdrawal.closed" });

export async function withdrawItem(
  db: Database,
  provider: MarketplaceProvider,
  appUserId: number,
  nftId: string,
  key: string | undefined,
  now: Date = new Date(),
): Promise<WithdrawResult> {
  const run = () =>
    db.transaction(async (tx): Promise<{ refundId: number; replayed: boolean }> => {
      const [item] = await tx
        .select()
        .from(nftItems)
        .where(and(eq(nftItems.nftId, nftId), eq(nftItems.appUserId, appUserId)))
        .for("update");
      if (!item) throw HttpError.notFound();
      if (key) {
        const [earlier] = await tx
          .select({ id: nftRefunds.id, itemId: nftRefunds.itemId })
          .from(nftRefunds)
          .where(and(eq(nftRefunds.appUserId, appUserId), eq(nftRefunds.idempotencyKey, key)));
        if (earlier) {
          if (earlier.itemId !== item.id) {
            throw new HttpError(409, {
              code: "idempotency_key_reused",
              messageKey: "scan.keyReused",
              fields: { idempotency_key: ["scan.keyReused"] },
            });
          }
          return { refundId: earlier.id, replayed: true };
        }
      }
      if (item.state === "withdrawn") {
        const [refund] = await tx
          .select({ id: nftRefunds.id, state: nftRefunds.state })
          .from(nftRefunds)
          .where(eq(nftRefunds.itemId, item.id));
        // A refund the provider has not confirmed yet is asked for again (same key, never twice).
        if (refund && refund.state !== "succeeded") return { refundId: refund.id, replayed: true };
        throw new HttpError(409, { code: "nft_withdrawn", messageKey: "nft.withdrawn" });
      }
      if (
        item.purchaseId === null ||
        item.state !== "held" ||
        // Already in a transfer to the partner: its share is the partner's, so no refund
        // (decision 010, section 5, a withdrawn item is never transferred). Checked here under
        // the item's row lock, which the transfer's claim also takes.
        item.transferId !== null ||
        item.withdrawalEndsAt === null ||
        now.getTime() >= item.withdrawalEndsAt.getTime()
      ) {
        throw closed();
      }
      await tx
        .update(nftItems)
        .set({ state: "withdrawn", withdrawnAt: now })
        .where(and(eq(nftItems.id, item.id), eq(nftItems.state, "held")));
      await tx.execute(sql`
        update nft_offers set sold_count = sold_count - 1, updated_at = now() where id = ${item.offerId}`);
      const [refund] = await tx
        .insert(nftRefunds)
        .values({
          itemId: item.id,
          purchaseId: item.purchaseId,
          amountCents: item.priceCents,
          reason: "withdrawal",
          appUserId,
          idempotencyKey: key ?? null,
          createdAt: now,
        })
        .returning({ id: nftRefunds.id });
      await tx.insert(nftItemEvents).values({
        companyId: item.companyId,
        offerId: item.offerId,
        itemId: item.id,
        kind: "refunded",
        appUserId,
        amountCents: item.priceCents,
        createdAt: now,
      });
      await queueWithdrawalMail(tx, {
        purchaseId: item.purchaseId,
        nftId: item.nftId,
        amountCents: item.priceCents,
      });
      return { refundId: refund!.id, replayed: false };
    });

  let outcome: { refundId: number; replayed: boolean };
  try {
    outcome = await run();
  } catch (error) {
    // One key sent for two items at once: the loser sees the winner's refund on a second run.
    if (violatedUnique(error) === undefined) throw error;
    outcome = await run();
  }
  const state = await completeRefund(db, provider, outcome.refundId);
  const [refund] = await db
    .select({ amount: nftRefunds.amountCents })
    .from(nftRefunds)
    .where(eq(nftRefunds.id, outcome.refundId));
  return { refund: { amount_cents: refund!.amount, state }, replayed: outcome.replayed };
}

/**
 * The provider's idempotency key of a refund: derived from the refunded item (or, for a late
 * payment, the purchase), so asking again is the same refund; an attempt after the provider's
 * definite "failed" (which moved no money) gets its own key, since the old one answers "failed".
 */
function refundKey(refund: { itemId: number | null; purchaseId: number; attempts: number }): string {
  const base = refund.itemId !== null ? `refund-${refund.itemId}` : `refund-purchase-${refund.purchaseId}`;
  return refund.attempts === 0 ? base : `${base}-${refund.attempts}`;
}

/**
 * A refund the provider answered "failed" is asked for again under a new key, at most
 * NFT.refundAttempts times; the claim (`where state = 'failed' and attempts = n`) makes two
 * processes start one attempt. Answers the refund's state after the attempt, or null when
 * nothing was claimed.
 */
export async function retryFailedRefund(
  db: Database,
  provider: MarketplaceProvider,
  refundId: number,
): Promise<RefundStatus | null> {
  const [claimed] = await db
    .update(nftRefunds)
    .set({ state: "pending", providerRefundId: null, attempts: sql`${nftRefunds.attempts} + 1` })
    .where(
      and(
        eq(nftRefunds.id, refundId),
        eq(nftRefunds.state, "failed"),
        sql`${nftRefunds.attempts} < ${NFT.refundAttempts}`,
      ),
    )
    .returning({ id: nftRefunds.id });
  if (!claimed) return null;
  return completeRefund(db, provider, refundId);
}

/**
 * Asks the provider to pay a recorded refund back to the customer and stores its answer. The
 * provider's idempotency key is derived from the refunded item (or, for a late payment, the
 * purchase), so calling this again for the same refund never pays twice. A provider that cannot
 * be reached leaves the refund pending for the next attempt.
 */
export async function completeRefund(
  db: Database,
  provider: MarketplaceProvider,
  refundId: number,
): Promise<RefundStatus> {
  const [refund] = await db
    .select({
      id: nftRefunds.id,
      itemId: nftRefunds.itemId,
      purchaseId: nftRefunds.purchaseId,
      amountCents: nftRefunds.amountCents,
      state: nftRefunds.state,
      attempts: nftRefunds.attempts,
      paymentId: nftPurchases.providerPaymentId,
    })
    .from(nftRefunds)
    .innerJoin(nftPurchases, eq(nftPurchases.id, nftRefunds.purchaseId))
    .where(eq(nftRefunds.id, refundId));
  if (!refund) throw new Error(`refund ${refundId} vanished`);
  if (refund.state === "succeeded" || !refund.paymentId) return refund.state;
  let answer: { refundId: string; status: RefundStatus };
  try {
    answer = await provider.refund({
      paymentId: refund.paymentId,
      amountCents: refund.amountCents,
      idempotencyKey: refundKey(refund),
    });
  } catch {
    return refund.state;
  }
  await db
    .update(nftRefunds)
    .set({
      state: answer.status,
      providerRefundId: answer.refundId,
      completedAt: answer.status === "succeeded" ? new Date() : null,
    })
    .where(and(eq(nftRefunds.id, refund.id), sql`${nftRefunds.state} <> 'succeeded'`));
  return answer.status;
}
