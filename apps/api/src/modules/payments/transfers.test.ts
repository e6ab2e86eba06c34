import { platformFeeCents } from "@stempla/domain";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { nftItems, nftTransfers } from "../../db/schema/index.ts";
import { build, type TestApp } from "../../test/build.ts";
import {
  type OfferRow,
  paidPurchase,
  redeemedAt,
  type SellingPartner,
  sellingOffer,
  sellingPartner,
  withdrawnAt,
} from "../../test/nft-sales.ts";
import { appCustomer, type Customer } from "../../test/scans.ts";
import { runDueTransfers } from "./transfers.ts";

// The partner's share moves to its payout account once it is the partner's for good, minus the
// platform fee, once (docs/decisions/010-coupons-and-vouchers.md, sections 1 and 5).

let t: TestApp;
let cafe: SellingPartner;
let kim: Customer;
let brunch: OfferRow;

beforeAll(async () => {
  t = await build();
  cafe = await sellingPartner(t);
  kim = await appCustomer(t);
  brunch = await sellingOffer(t, cafe, {
    type: "voucher",
    name: "Brunch für zwei",
    priceCents: 2500,
    vatRate: 19,
    purpose: "single",
  });
});

const buyer = () => ({ companyId: cafe.id, appUserId: kim.id, wallet: kim.wallet });

const transfersOf = async (companyId: number) =>
  t.db.select().from(nftTransfers).where(eq(nftTransfers.companyId, companyId)).orderBy(nftTransfers.id);

const sandboxTransfers = async (ids: string[]) =>
  rowsOf<{ id: string; amount_cents: number; account_id: string; related_ids: string[] }>(
    await t.db.execute(sql`
      select id, amount_cents, account_id, related_ids from payment_sandbox_payments
      where kind = 'transfer' and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );

describe("runDueTransfers", () => {
  it("transfers a redeemed voucher at once and the others after the withdrawal period, minus the fee", async () => {
    // Bought Friday 11 December 2026: the withdrawal period ends with Monday 28 December.
    const sale = await paidPurchase(t, brunch, {
      ...buyer(),
      quantity: 3,
      at: new Date("2026-12-11T10:00:00Z"),
    });
    const [first, , third] = sale.items;
    await redeemedAt(t, first!.id, cafe.locationId, new Date("2026-12-12T11:00:00Z"));
    await withdrawnAt(t, sale, third!.id, new Date("2026-12-13T09:00:00Z"));

    const fee = platformFeeCents(2500);
    expect(fee).toBe(150);
    const day = await runDueTransfers(t.db, new Date("2026-12-12T12:00:00Z"));
    expect(day.failed).toEqual([]);
    expect(day.made).toEqual([
      expect.objectContaining({ companyId: cafe.id, items: 1, amountCents: 2500 - fee, feeCents: fee }),
    ]);
    // Nothing more that day, nor before the period ends.
    expect((await runDueTransfers(t.db, new Date("2026-12-12T20:00:00Z"))).made).toEqual([]);
    expect((await runDueTransfers(t.db, new Date("2026-12-28T22:59:00Z"))).made).toEqual([]);
    // 29 December 00:00 in Berlin: the unredeemed voucher is the partner's; the withdrawn one never.
    const later = await runDueTransfers(t.db, new Date("2026-12-28T23:00:00Z"));
    expect(later.made).toEqual([
      expect.objectContaining({ items: 1, amountCents: 2500 - fee, feeCents: fee }),
    ]);
    expect((await runDueTransfers(t.db, new Date("2027-01-05T10:00:00Z"))).made).toEqual([]);

    const rows = await transfersOf(cafe.id);
    expect(rows.map((r) => [r.items, r.amountCents, r.feeCents])).toEqual([
      [1, 2350, 150],
      [1, 2350, 150],
    ]);
    const items = await t.db
      .select()
      .from(nftItems)
      .where(eq(nftItems.purchaseId, sale.id))
      .orderBy(nftItems.id);
    expect(items.map((i) => i.transferId)).toEqual([rows[0]!.id, rows[1]!.id, null]);
    // The provider's books: the partner's account got exactly that, from the customer's payment.
    const books = await sandboxTransfers(rows.map((r) => r.providerTransferId!));
    expect(books.map((b) => b.amount_cents)).toEqual([2350, 2350]);
    for (const b of books) expect(b.related_ids).toEqual([sale.paymentId]);
  });

  it("groups a partner's due vouchers into one transfer, and two runs at once transfer them once", async () => {
    const other = await sellingPartner(t);
    const cash = await sellingOffer(t, other, {
      type: "cash_voucher",
      name: "Wertgutschein 50 €",
      priceCents: 5000,
      vatRate: null,
      purpose: "multi",
    });
    const sales = [
      await paidPurchase(t, cash, {
        companyId: other.id,
        appUserId: kim.id,
        wallet: kim.wallet,
        quantity: 2,
        at: new Date("2027-02-01T09:00:00Z"),
      }),
      await paidPurchase(t, cash, {
        companyId: other.id,
        appUserId: kim.id,
        wallet: kim.wallet,
        quantity: 1,
        at: new Date("2027-02-02T09:00:00Z"),
      }),
    ];
    const now = new Date("2027-03-01T08:00:00Z");
    const runs = await Promise.all([runDueTransfers(t.db, now), runDueTransfers(t.db, now)]);
    const rows = await transfersOf(other.id);
    expect(rows).toHaveLength(1);
    const fee = platformFeeCents(5000);
    expect(rows[0]).toMatchObject({ items: 3, amountCents: 3 * (5000 - fee), feeCents: 3 * fee });
    expect(runs.flatMap((r) => r.failed)).toEqual([]);
    const books = await sandboxTransfers([rows[0]!.providerTransferId!]);
    expect(books).toHaveLength(1);
    expect(books[0]!.amount_cents).toBe(3 * (5000 - fee));
    expect([...books[0]!.related_ids].sort()).toEqual(sales.map((s) => s.paymentId).sort());
    const [{ count }] = rowsOf<{ count: number }>(
      await t.db.execute(sql`
        select count(*)::int as count from payment_sandbox_payments
        where kind = 'transfer' and account_id = ${books[0]!.account_id}`),
    ) as [{ count: number }];
    expect(count).toBe(1);
  });

  it("waits while the payout account is inactive and sends a transfer left unsent", async () => {
    // A partner of its own: tests run in any order, and each asserts only its partner's transfers.
    const bar = await sellingPartner(t);
    const drinks = await sellingOffer(t, bar, {
      type: "voucher",
      name: "Cocktailabend",
      priceCents: 2500,
      vatRate: null,
      purpose: "multi",
    });
    const sale = await paidPurchase(t, drinks, {
      companyId: bar.id,
      appUserId: kim.id,
      wallet: kim.wallet,
      quantity: 1,
      at: new Date("2027-04-01T09:00:00Z"),
    });
    await t.db.execute(sql`update payment_accounts set payouts_enabled = false where company_id = ${bar.id}`);
    expect((await runDueTransfers(t.db, new Date("2027-05-03T09:00:00Z"))).made).toEqual([]);
    await t.db.execute(sql`update payment_accounts set payouts_enabled = true where company_id = ${bar.id}`);

    // A run that stopped after claiming: the transfer is sent by the next run, under the same key.
    const [claimed] = await t.db
      .insert(nftTransfers)
      .values({
        companyId: bar.id,
        provider: "sandbox",
        amountCents: 2350,
        feeCents: 150,
        items: 1,
        createdAt: new Date("2027-05-04T09:00:00Z"),
      })
      .returning();
    await t.db.update(nftItems).set({ transferId: claimed!.id }).where(eq(nftItems.purchaseId, sale.id));
    // Deactivated after the claim: the transfer waits, without asking the provider.
    await t.db.execute(sql`update payment_accounts set payouts_enabled = false where company_id = ${bar.id}`);
    const waiting = await runDueTransfers(t.db, new Date("2027-05-04T09:30:00Z"));
    expect(waiting.made.filter((m) => m.companyId === bar.id)).toEqual([]);
    expect(waiting.failed.filter((f) => f.companyId === bar.id)).toEqual([]);
    const [unsent] = await t.db.select().from(nftTransfers).where(eq(nftTransfers.id, claimed!.id));
    expect(unsent!.providerTransferId).toBeNull();
    await t.db.execute(sql`update payment_accounts set payouts_enabled = true where company_id = ${bar.id}`);

    const run = await runDueTransfers(t.db, new Date("2027-05-04T10:00:00Z"));
    expect(run.made).toEqual([expect.objectContaining({ transferId: claimed!.id, amountCents: 2350 })]);
    const [sent] = await t.db.select().from(nftTransfers).where(eq(nftTransfers.id, claimed!.id));
    expect(sent!.providerTransferId).toMatch(/^tr_sbx_/);
  });
});
