import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { nftPurchases, nftRefunds } from "../../db/schema/nft.ts";
import { paymentProviderEvents } from "../../db/schema/payments.ts";
import { applyProviderPaymentOutcome } from "../nft/service.ts";
import { syncPaymentAccount } from "./accounts.ts";
import type { MarketplaceProvider, ProviderEvent } from "./provider.ts";
import { paymentSettings } from "./select.ts";

// The provider's notifications (docs/decisions/010-coupons-and-vouchers.md, sections 4 and 5):
// each is stored once under (provider, event id), so a delivery the provider repeats (it does,
// until it gets a 2xx) changes nothing the second time. An event whose handling failed stays
// unprocessed (`processed_at` null) and is handled again when the provider repeats it; handling is
// idempotent itself (a purchase's outcome is applied once, section 4).

export interface ReceivedEvent {
  /** False when this event id was received before: nothing was done again. */
  stored: boolean;
  event: ProviderEvent;
  /** False when the event is left unprocessed for a redelivery (its payment or refund is not known yet). */
  handled: boolean;
}

/**
 * Stores the event once and acts on it: `account.updated` refreshes the partner's payout account
 * flags (the vouchers page then lets it sell); `payment.succeeded` and `payment.failed` apply the
 * outcome to the purchase the payment belongs to (vouchers issued, or the reservation released; a
 * payment after the reservation is refunded), whichever of this notice, the app's call or the
 * job's question comes first; `refund.succeeded` and `refund.failed` give a refund its final state.
 */
export async function receiveProviderEvent(
  db: Database,
  provider: MarketplaceProvider,
  event: ProviderEvent,
): Promise<ReceivedEvent> {
  const [inserted] = await db
    .insert(paymentProviderEvents)
    .values({ provider: provider.name, eventId: event.id, type: event.type, payload: event.payload })
    .onConflictDoNothing()
    .returning({ eventId: paymentProviderEvents.eventId });
  if (!inserted) {
    const [earlier] = await db
      .select({ processedAt: paymentProviderEvents.processedAt })
      .from(paymentProviderEvents)
      .where(
        and(eq(paymentProviderEvents.provider, provider.name), eq(paymentProviderEvents.eventId, event.id)),
      );
    if (earlier?.processedAt) return { stored: false, event, handled: true };
  }
  if (event.type === "account.updated") await syncPaymentAccount(db, event.objectId);
  if (event.type === "payment.succeeded" || event.type === "payment.failed") {
    // A payment no purchase carries (yet: the notice can overtake the purchase's commit) is left
    // unprocessed, so the provider's redelivery applies it then.
    const [purchase] = await db
      .select({ id: nftPurchases.id })
      .from(nftPurchases)
      .where(
        and(eq(nftPurchases.providerPaymentId, event.objectId), eq(nftPurchases.provider, provider.name)),
      );
    if (!purchase) return { stored: inserted !== undefined, event, handled: false };
    await applyProviderPaymentOutcome(
      db,
      { publicUrl: paymentSettings(db).publicUrl },
      provider,
      event.objectId,
      event.type === "payment.succeeded" ? "succeeded" : "failed",
    );
  }
  if (event.type === "refund.succeeded" || event.type === "refund.failed") {
    // The final state of a refund the provider answered pending (decision 010, section 4). Once:
    // a succeeded refund never changes again; a failed one is asked again by the nft-lifecycle
    // job. One no refund carries (yet: the provider's answer is stored after its call) waits for
    // the redelivery.
    const succeeded = event.type === "refund.succeeded";
    const [refund] = await db
      .select({ id: nftRefunds.id })
      .from(nftRefunds)
      .where(eq(nftRefunds.providerRefundId, event.objectId));
    if (!refund) return { stored: inserted !== undefined, event, handled: false };
    await db
      .update(nftRefunds)
      .set({ state: succeeded ? "succeeded" : "failed", completedAt: succeeded ? sql`now()` : null })
      .where(and(eq(nftRefunds.id, refund.id), ne(nftRefunds.state, "succeeded")));
  }
  await db
    .update(paymentProviderEvents)
    .set({ processedAt: sql`now()` })
    .where(
      and(eq(paymentProviderEvents.provider, provider.name), eq(paymentProviderEvents.eventId, event.id)),
    );
  return { stored: inserted !== undefined, event, handled: true };
}
