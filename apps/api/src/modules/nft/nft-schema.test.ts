import {
  NFT,
  NFT_ITEM_STATES,
  NFT_OFFER_STATES,
  NFT_TYPES,
  NFT_VALIDITY_TYPES,
  NFT_VAT_RATES,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, rowsOf } from "../../db/client.ts";
import { freshDatabase } from "../../test/database.ts";

// The numbers and words in the market's check constraints are literals in SQL (migration 0023,
// docs/decisions/010-coupons-and-vouchers.md section 6), so the database refuses what no code
// may store even when a code path forgets a rule. Read back from pg_constraint here and compared
// with NFT and the domain's lists: a change of a limit in one place and not the other fails.

let database: DatabaseHandle;
let checks: Map<string, string>;

// The migrated database alone: no app is needed to read the catalogue.
beforeAll(async () => {
  database = await freshDatabase();
  const rows = rowsOf<{ name: string; def: string }>(
    await database.db.execute(sql`
      select c.conname as name, pg_get_constraintdef(c.oid) as def
      from pg_constraint c join pg_class r on r.oid = c.conrelid
      where c.contype = 'c' and r.relname in ('nft_offers', 'nft_items', 'nft_purchases')`),
  );
  checks = new Map(rows.map((r) => [r.name, r.def]));
}, 60_000);
afterAll(() => database?.close());

/** The whole numbers a check's definition names, in order. */
function numbers(name: string): number[] {
  const def = checks.get(name);
  if (!def) throw new Error(`no check constraint ${name}`);
  return [...def.matchAll(/(?<![\w.])\d+(?![\w.])/g)].map((m) => Number(m[0]));
}

/** The quoted words a check's definition names ('coupon'::text and the like). */
function words(name: string): string[] {
  const def = checks.get(name);
  if (!def) throw new Error(`no check constraint ${name}`);
  return [...def.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
}

describe("nft check constraints", () => {
  it("hold the limits of NFT", () => {
    expect(numbers("nft_offers_minimum_coupons_check")).toEqual([NFT.minimumCoupons]);
    expect(numbers("nft_offers_cash_voucher_value_check")).toEqual([
      NFT.cashVoucherMinCents,
      NFT.cashVoucherMaxCents,
    ]);
    expect(numbers("nft_offers_quantity_check")).toEqual([1, NFT.maxQuantity]);
    expect(numbers("nft_offers_min_order_check")).toEqual([1, NFT.maxPerPurchase]);
    expect(numbers("nft_purchases_quantity_check")).toEqual([1, NFT.maxPerPurchase]);
    expect(numbers("nft_offers_vat_rate_check").sort()).toEqual([...NFT_VAT_RATES].sort());
    // A coupon is free, every other type has a price.
    expect(numbers("nft_offers_coupon_free_check")).toEqual([0]);
    expect(numbers("nft_offers_counts_check")).toEqual([0, 0]);
  });

  it("name only states, types and validity types the domain knows", () => {
    expect(words("nft_offers_coupon_free_check")).toEqual(["coupon"]);
    expect(words("nft_offers_minimum_coupons_check")).toEqual(["coupon"]);
    expect(words("nft_offers_cash_voucher_value_check")).toEqual(["cash_voucher"]);
    for (const word of words("nft_offers_coupon_free_check")) expect(NFT_TYPES).toContain(word);
    expect(NFT_TYPES).toContain(words("nft_offers_cash_voucher_value_check")[0]);
    expect(words("nft_offers_off_market_reason_check")).toEqual(["off_market"]);
    expect(NFT_OFFER_STATES).toContain("off_market");
    expect(words("nft_offers_validity_days_check")).toEqual(["days"]);
    expect(words("nft_offers_campaign_end_check")).toEqual(["campaign_end"]);
    for (const word of ["days", "campaign_end"]) expect(NFT_VALIDITY_TYPES).toContain(word);
    expect(words("nft_items_redeemed_check")).toEqual(["redeemed"]);
    expect(words("nft_items_withdrawn_check")).toEqual(["withdrawn"]);
    for (const word of ["redeemed", "withdrawn"]) expect(NFT_ITEM_STATES).toContain(word);
  });

  it("covers every check of the three tables (a new one is added here too)", () => {
    expect([...checks.keys()].sort()).toEqual(
      [
        "nft_items_redeemed_check",
        "nft_items_withdrawn_check",
        "nft_offers_campaign_end_check",
        "nft_offers_cash_voucher_value_check",
        "nft_offers_counts_check",
        "nft_offers_coupon_free_check",
        "nft_offers_dates_check",
        "nft_offers_min_order_check",
        "nft_offers_minimum_coupons_check",
        "nft_offers_off_market_reason_check",
        "nft_offers_quantity_check",
        "nft_offers_validity_days_check",
        "nft_offers_vat_rate_check",
        "nft_purchases_quantity_check",
      ].sort(),
    );
  });
});
