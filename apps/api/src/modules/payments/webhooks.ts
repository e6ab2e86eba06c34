import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { paymentProviderEvents } from "../../db/schema/payments.ts";
import { syncPaymentAccount } from "./accounts.ts";
import type { MarketplaceProvider, ProviderEvent } from "./provider.ts";

// The provider's notifications (docs/decisions/010-coupons-and-vouchers.md, sections 4 and 5):
// each is stored once under (provider, event id), so a delivery the provider repeats (it does,
// until it gets a 2xx) changes nothing the second time.

export interface ReceivedEvent {
  /** False when this event id was received before: nothing was done again. */
  stored: boolean;
  event: ProviderEvent;
}

/**
 * Stores the event once and acts on it: `account.updated` refreshes the partner's payout account
 * flags (the vouchers page then lets it sell). Payment outcomes of the sandbox are settled by the
 * purchase's own call (section 7) and are recorded here only.
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
  if (!inserted) return { stored: false, event };
  if (event.type === "account.updated") await syncPaymentAccount(db, event.objectId);
  await db
    .update(paymentProviderEvents)
    .set({ processedAt: sql`now()` })
    .where(
      and(eq(paymentProviderEvents.provider, provider.name), eq(paymentProviderEvents.eventId, event.id)),
    );
  return { stored: true, event };
}
