import { berlinDay, NFT, NftTransitionError } from "@stempla/domain";
import { and, asc, eq, isNotNull, isNull, lt, lte, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { nftOffers, nftRefunds } from "../../db/schema/index.ts";
import { paymentProvider, runDueTransfers } from "../payments/service.ts";
import { transitionOffer } from "./lifecycle.ts";
import { releaseExpiredReservations } from "./purchase.ts";
import { completeRefund, retryFailedRefund } from "./withdraw.ts";

// The nft-lifecycle job (docs/decisions/010-coupons-and-vouchers.md, section 3), run by the
// scheduler every tick: ends offers past their end day, starts scheduled offers on their start
// day, then runs the market's other timed work (the hooks: released reservations, due transfers).
// Each offer moves in its own transaction under its row lock with the condition checked again
// on the locked row, so two processes never act on it twice and a failure stays with its offer.

export interface LifecycleJobOptions {
  publicUrl: string;
  now?: Date;
}

export interface LifecycleRun {
  expired: number[];
  started: number[];
  failed: { offerId: number; error: unknown }[];
}

/** One offer's move, if its condition still holds under the row lock; true when it moved. */
async function moveOne(
  db: Database,
  offerId: number,
  condition: ReturnType<typeof and>,
  event: { type: "ended" } | { type: "started" },
  opts: { publicUrl: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: nftOffers.id })
      .from(nftOffers)
      .where(and(eq(nftOffers.id, offerId), condition))
      .for("update");
    // Another process (or the partner, the team, a last sale) moved it since it was listed.
    if (!due) return false;
    try {
      const moved = await transitionOffer(tx, {
        offerId,
        event,
        actor: "system",
        publicUrl: opts.publicUrl,
        now: opts.now,
      });
      return moved !== null;
    } catch (error) {
      if (error instanceof NftTransitionError) return false;
      throw error;
    }
  });
}

async function moveDue(
  db: Database,
  condition: ReturnType<typeof and>,
  event: { type: "ended" } | { type: "started" },
  opts: { publicUrl: string; now: Date },
  run: LifecycleRun,
  into: number[],
): Promise<void> {
  const due = await db
    .select({ id: nftOffers.id })
    .from(nftOffers)
    .where(condition)
    .orderBy(asc(nftOffers.id));
  for (const { id } of due) {
    try {
      if (await moveOne(db, id, condition, event, opts)) into.push(id);
    } catch (error) {
      run.failed.push({ offerId: id, error });
    }
  }
}

/**
 * Ends every offer past its end day (`end_date` < today in Berlin, from any state but off
 * market: one in review or scheduled ends too, as its campaign is over) and then starts every
 * scheduled offer whose start day has come (`start_date` <= today). Ending first: an offer whose
 * start and end both passed while nobody ran the job ends without a day on the market.
 */
export async function runOfferLifecycle(db: Database, opts: LifecycleJobOptions): Promise<LifecycleRun> {
  const now = opts.now ?? new Date();
  const today = berlinDay(now);
  const run: LifecycleRun = { expired: [], started: [], failed: [] };
  const ctx = { publicUrl: opts.publicUrl, now };
  await moveDue(
    db,
    and(ne(nftOffers.state, "off_market"), isNotNull(nftOffers.endDate), lt(nftOffers.endDate, today)),
    { type: "ended" },
    ctx,
    run,
    run.expired,
  );
  await moveDue(
    db,
    and(eq(nftOffers.state, "scheduled"), lte(nftOffers.startDate, today)),
    { type: "started" },
    ctx,
    run,
    run.started,
  );
  return run;
}

type Log = { error: (obj: object, msg: string) => void };

/**
 * The market's timed work that belongs to other parts (decision 010, sections 4 and 5), run by
 * the same job after the offers' moves; each is idempotent and claims its work in the database.
 */
export interface LifecycleHook {
  name: string;
  run: (db: Database, now: Date, log: Log) => Promise<void>;
}

export const NFT_LIFECYCLE_HOOKS: readonly LifecycleHook[] = [
  {
    // Purchases whose payment did not come within NFT.reservationMinutes give their vouchers back.
    name: "release-reservations",
    run: async (db, now) => {
      await releaseExpiredReservations(db, now);
    },
  },
  {
    // The partners' shares of redeemed vouchers and of those past their withdrawal deadline.
    name: "transfers",
    run: async (db, now, log) => {
      const run = await runDueTransfers(db, now);
      for (const f of run.failed) {
        log.error({ companyId: f.companyId, err: f.error }, "transfer not sent; retried next tick");
      }
    },
  },
  {
    // Refunds the provider never answered: it was out of reach when the customer withdrew or a
    // late payment was refunded, or the process stopped after recording the refund. Only a repeat
    // of the withdrawal would ask again, and for a late payment's refund nobody would, so the
    // customer's money waited for ever. The key derived from the item or purchase makes a repeat
    // the same refund (decision 010, section 4). A refund the provider took and reported pending
    // (it has its id) is not asked again: its outcome is the provider's to report, and a key
    // asked again long after may no longer be known to it.
    name: "refunds",
    run: async (db, _now, log) => {
      const pending = await db
        .select({ id: nftRefunds.id })
        .from(nftRefunds)
        .where(and(eq(nftRefunds.state, "pending"), isNull(nftRefunds.providerRefundId)))
        .orderBy(asc(nftRefunds.id));
      const provider = paymentProvider(db);
      for (const { id } of pending) {
        const state = await completeRefund(db, provider, id);
        if (state === "pending") log.error({ refundId: id }, "refund not confirmed by the provider yet");
      }
      // Refunds the provider answered "failed" moved no money: asked again under a new key, a
      // bounded number of times; after the last the team pays the customer back by hand.
      const failed = await db
        .select({ id: nftRefunds.id, attempts: nftRefunds.attempts })
        .from(nftRefunds)
        .where(and(eq(nftRefunds.state, "failed"), lt(nftRefunds.attempts, NFT.refundAttempts)))
        .orderBy(asc(nftRefunds.id));
      for (const { id, attempts } of failed) {
        const state = await retryFailedRefund(db, provider, id);
        if (state === "failed" && attempts + 1 >= NFT.refundAttempts) {
          log.error({ refundId: id }, "refund failed at the provider on every attempt: pay it back by hand");
        }
      }
    },
  },
];

/**
 * The whole nft-lifecycle job: the offers' moves, then each hook. A hook's failure is reported
 * and does not stop the others (the next tick retries it).
 */
export async function runNftLifecycleJob(
  db: Database,
  opts: LifecycleJobOptions & { log: Log },
): Promise<LifecycleRun> {
  const now = opts.now ?? new Date();
  const run = await runOfferLifecycle(db, { publicUrl: opts.publicUrl, now });
  for (const f of run.failed) {
    opts.log.error(
      { offerId: f.offerId, err: f.error },
      "offer not moved by nft-lifecycle; retried next tick",
    );
  }
  for (const hook of NFT_LIFECYCLE_HOOKS) {
    try {
      await hook.run(db, now, opts.log);
    } catch (err) {
      opts.log.error({ err }, `nft-lifecycle ${hook.name} failed; retried next tick`);
    }
  }
  return run;
}
