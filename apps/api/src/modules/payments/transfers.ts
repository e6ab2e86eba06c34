import { addDays, berlinDay, berlinMidnight, platformFeeCents } from "@stempla/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { nftTransfers } from "../../db/schema/nft.ts";
import { paymentAccounts } from "../../db/schema/payments.ts";
import { paymentProvider } from "./select.ts";

// The partner's share of its sold vouchers, moved to its payout account
// (docs/decisions/010-coupons-and-vouchers.md, section 5): an item's price minus the platform fee
// (platformFeeCents, withheld here) once it is the partner's for good: at redemption, or after the
// withdrawal deadline (`nft_items.transfer_due_at`, set by the purchase and the redemption). Due
// items of a partner go out together, one transfer a Berlin day. A withdrawn item is never
// transferred, so a withdrawal never needs a transfer reversed and its fee is never charged.

export interface TransferMade {
  transferId: number;
  companyId: number;
  items: number;
  amountCents: number;
  feeCents: number;
  providerTransferId: string;
}

export interface TransferRun {
  made: TransferMade[];
  /** Partners whose provider call failed; their transfer is sent again on the next run. */
  failed: { companyId: number; error: unknown }[];
}

/**
 * Claims and sends the due transfers: for every partner with due items and an active payout
 * account, and no transfer yet this Berlin day, one `nft_transfers` row takes the items
 * (`update … where transfer_id is null returning`), so two processes at once never transfer an
 * item twice; then the provider is called with the idempotency key `transfer-{id}`. A transfer
 * whose provider call failed (or whose process stopped) is sent again with the same key.
 */
export async function runDueTransfers(db: Database, now: Date): Promise<TransferRun> {
  const run: TransferRun = { made: [], failed: [] };
  const today = berlinDay(now);
  const dayStart = berlinMidnight(today);
  const dayEnd = berlinMidnight(addDays(today, 1));
  const due = rowsOf<{ company_id: number }>(
    await db.execute(sql`
      select distinct i.company_id::int as company_id
      from nft_items i
      join payment_accounts a on a.company_id = i.company_id and a.charges_enabled and a.payouts_enabled
      where i.transfer_due_at <= ${now.toISOString()}::timestamptz and i.transfer_id is null
        and i.state <> 'withdrawn'
        and not exists (
          select 1 from nft_transfers t
          where t.company_id = i.company_id and t.created_at >= ${dayStart.toISOString()}::timestamptz
            and t.created_at < ${dayEnd.toISOString()}::timestamptz)
      order by 1`),
  );
  for (const { company_id: companyId } of due) await claimTransfer(db, companyId, now);
  // Every transfer not yet at the provider: the ones just claimed and any an earlier run left,
  // of partners whose payout account is active. One claimed before its account was deactivated
  // waits (no provider call each tick to be refused) and goes out once it is active again.
  const unsent = await db
    .select({ id: nftTransfers.id, companyId: nftTransfers.companyId })
    .from(nftTransfers)
    .innerJoin(
      paymentAccounts,
      and(
        eq(paymentAccounts.companyId, nftTransfers.companyId),
        eq(paymentAccounts.chargesEnabled, true),
        eq(paymentAccounts.payoutsEnabled, true),
      ),
    )
    .where(isNull(nftTransfers.providerTransferId))
    .orderBy(nftTransfers.id);
  for (const transfer of unsent) {
    try {
      run.made.push(await sendTransfer(db, transfer.id));
    } catch (error) {
      run.failed.push({ companyId: transfer.companyId, error });
    }
  }
  return run;
}

/** One partner's due items into a new transfer row, in one transaction; none when another run took them. */
async function claimTransfer(db: Database, companyId: number, now: Date): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [transfer] = await tx
      .insert(nftTransfers)
      .values({
        companyId,
        provider: paymentProvider(db).name,
        amountCents: 0,
        feeCents: 0,
        items: 0,
        createdAt: now,
      })
      .returning({ id: nftTransfers.id });
    // Concurrent runs: the second update waits for the first's commit and re-checks
    // `transfer_id is null` on the newest row versions, so it takes nothing the first took.
    const items = rowsOf<{ price_cents: number }>(
      await tx.execute(sql`
        update nft_items set transfer_id = ${transfer!.id}
        where company_id = ${companyId} and transfer_id is null and state <> 'withdrawn'
          and transfer_due_at <= ${now.toISOString()}::timestamptz
        returning price_cents`),
    );
    if (items.length === 0) {
      await tx.delete(nftTransfers).where(eq(nftTransfers.id, transfer!.id));
      return undefined;
    }
    const fee = items.reduce((sum, item) => sum + platformFeeCents(item.price_cents), 0);
    const gross = items.reduce((sum, item) => sum + item.price_cents, 0);
    await tx
      .update(nftTransfers)
      .set({ amountCents: gross - fee, feeCents: fee, items: items.length })
      .where(eq(nftTransfers.id, transfer!.id));
    return transfer!.id;
  });
}

/** The provider call of a claimed transfer; its idempotency key makes a repeat the same transfer. */
async function sendTransfer(db: Database, transferId: number): Promise<TransferMade> {
  const [row] = rowsOf<{
    company_id: number;
    amount_cents: number;
    fee_cents: number;
    items: number;
    account_id: string;
    payment_ids: string[] | null;
  }>(
    await db.execute(sql`
      select t.company_id::int as company_id, t.amount_cents, t.fee_cents, t.items, a.account_id,
        (select array_agg(distinct p.provider_payment_id order by p.provider_payment_id)
         from nft_items i join nft_purchases p on p.id = i.purchase_id
         where i.transfer_id = t.id and p.provider_payment_id is not null) as payment_ids
      from nft_transfers t join payment_accounts a on a.company_id = t.company_id
      where t.id = ${transferId}`),
  );
  if (!row) throw new Error(`transfer ${transferId}: the partner has no payout account`);
  const { transferId: providerTransferId } = await paymentProvider(db).transfer({
    accountId: row.account_id,
    amountCents: row.amount_cents,
    idempotencyKey: `transfer-${transferId}`,
    sourcePaymentIds: row.payment_ids ?? [],
  });
  await db
    .update(nftTransfers)
    .set({ providerTransferId })
    .where(and(eq(nftTransfers.id, transferId), isNull(nftTransfers.providerTransferId)));
  return {
    transferId,
    companyId: row.company_id,
    items: row.items,
    amountCents: row.amount_cents,
    feeCents: row.fee_cents,
    providerTransferId,
  };
}
