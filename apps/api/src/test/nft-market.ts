import { randomUUID } from "node:crypto";
import { type NftType, type NftVatRate, voucherPurpose } from "@stempla/domain";
import { eq } from "drizzle-orm";
import { locations, nftOfferLocations, nftOffers } from "../db/schema/index.ts";
import { createAppSession, insertAppUser } from "../modules/app/accounts.ts";
import { payoutAccountStatus, syncPaymentAccount } from "../modules/payments/accounts.ts";
import { activateSandboxAccount } from "../modules/payments/sandbox.ts";
import type { TestApp } from "./build.ts";
import { categoryIds } from "./review.ts";
import { livePartner } from "./scans.ts";

// The voucher market's test set-up (docs/decisions/010-coupons-and-vouchers.md): live partners
// with a located shop and an active sandbox payout account, offers on the market as rows, many
// app customers at once, and the app calls of claim, purchase, settle, redeem and withdraw.

export type MarketPartner = Awaited<ReturnType<typeof marketPartner>>;

/**
 * A live (green) partner whose location stands at `position`, with its payout account activated
 * through the sandbox (`payout: false`: none at all). The position is set after the approval, so
 * the approved (published) data has none.
 */
export async function marketPartner(
  t: TestApp,
  position: { lat: number; lng: number } = { lat: 50.9375, lng: 6.9603 },
  opts: { payout?: boolean } = {},
) {
  const partner = await livePartner(t);
  await t.db
    .update(locations)
    .set({ latitude: position.lat, longitude: position.lng })
    .where(eq(locations.id, partner.locationId));
  if (opts.payout !== false) {
    const { redirect_to } = await payoutAccountStatus(t.db, partner.id, "de");
    if (redirect_to) {
      const token = new URL(redirect_to).pathname.split("/").pop()!;
      const activated = await activateSandboxAccount(t.db, token);
      await syncPaymentAccount(t.db, activated!.accountId);
    }
  }
  return partner;
}

export interface MarketCustomer {
  id: number;
  wallet: string;
  headers: Record<string, string>;
}

let customers = 0;
/** `n` app customers with their wallets and Bearer sessions, made directly (no password hashing). */
export async function bulkCustomers(t: TestApp, n: number): Promise<[MarketCustomer, ...MarketCustomer[]]> {
  const made: MarketCustomer[] = [];
  for (let i = 0; i < n; i++) {
    customers++;
    const user = await insertAppUser(t.db, t.app.wallet, {
      email: `markt${customers}-${randomUUID()}@app.test`,
      firstName: "Kim",
      surname: `Kunde${customers}`,
    });
    const token = await createAppSession(t.db, user!.id);
    made.push({ id: user!.id, wallet: user!.walletAddress!, headers: { authorization: `Bearer ${token}` } });
  }
  if (made.length === 0) throw new Error("bulkCustomers: n must be at least 1");
  return made as [MarketCustomer, ...MarketCustomer[]];
}

export interface OfferOptions {
  type?: NftType;
  name?: string;
  /** Undefined: 100; null: unlimited. */
  quantity?: number | null;
  soldCount?: number;
  priceCents?: number;
  /** Undefined: 19 for a voucher, none for a cash voucher or coupon; null: several rates. */
  vatRate?: NftVatRate | null;
  /** Index into the categories list. */
  industryIndex?: number;
  locationIds?: number[];
  state?: "in_review" | "on_market" | "scheduled";
  minOrderQuantity?: number;
  /** A coupon's validity in days after it enters the wallet (default 30). */
  validityDays?: number;
}

/** An offer as the team approved it (or still in review), as a row. */
export async function onMarketOffer(t: TestApp, partner: MarketPartner, o: OfferOptions = {}) {
  const type = o.type ?? "voucher";
  const industries = await categoryIds(t);
  const priceCents = o.priceCents ?? (type === "coupon" ? 0 : type === "cash_voucher" ? 5000 : 2500);
  const vatRate = o.vatRate !== undefined ? o.vatRate : type === "voucher" ? 19 : null;
  const state = o.state ?? "on_market";
  const approved = state !== "in_review";
  const [offer] = await t.db
    .insert(nftOffers)
    .values({
      companyId: partner.id,
      type,
      state,
      industryId: industries[o.industryIndex ?? 0]!,
      name: o.name ?? (type === "coupon" ? "Espresso gratis" : "Brunch für zwei"),
      description: "Ein Angebot zum Testen",
      photoHash: "0".repeat(64),
      validityType: type === "coupon" ? "days" : "statutory",
      validityDays: type === "coupon" ? (o.validityDays ?? 30) : null,
      quantity: o.quantity === undefined ? 100 : o.quantity,
      soldCount: o.soldCount ?? 0,
      minOrderQuantity: o.minOrderQuantity ?? 1,
      priceCents,
      vatRate,
      purpose: approved ? voucherPurpose({ type, vatRate, locationCountries: ["DE"] }) : null,
      approvedAt: approved ? new Date() : null,
      onMarketAt: state === "on_market" ? new Date() : null,
    })
    .returning({ id: nftOffers.id });
  await t.db
    .insert(nftOfferLocations)
    .values(
      (o.locationIds ?? [partner.locationId]).map((locationId) => ({ offerId: offer!.id, locationId })),
    );
  return { id: offer!.id };
}

const key = (): string => `key-${randomUUID()}`;

/** POST /api/app/nft/market/{id}/claim (a fresh Idempotency-Key unless given). */
export function claim(t: TestApp, c: MarketCustomer, offerId: number, idempotencyKey = key()) {
  return t.inject({
    method: "POST",
    url: `/api/app/nft/market/${offerId}/claim`,
    headers: { ...c.headers, "idempotency-key": idempotencyKey },
  });
}

/** POST /api/app/nft/market/{id}/purchase. */
export function purchase(
  t: TestApp,
  c: MarketCustomer,
  offerId: number,
  idempotencyKey: string,
  body: { quantity: unknown; payment_method: string } = { quantity: 1, payment_method: "card" },
) {
  return t.inject({
    method: "POST",
    url: `/api/app/nft/market/${offerId}/purchase`,
    headers: { ...c.headers, "idempotency-key": idempotencyKey },
    payload: body,
  });
}

/** POST /api/app/nft/purchases/{id}/sandbox: the customer's outcome in the sandbox. */
export function settle(t: TestApp, c: MarketCustomer, purchaseId: number, outcome: "succeed" | "fail") {
  return t.inject({
    method: "POST",
    url: `/api/app/nft/purchases/${purchaseId}/sandbox`,
    headers: c.headers,
    payload: { outcome },
  });
}

/** Buys `quantity` vouchers and pays them: the paid purchase with its items. */
export async function buy(t: TestApp, c: MarketCustomer, offerId: number, quantity = 1) {
  const res = await purchase(t, c, offerId, key(), { quantity, payment_method: "card" });
  if (res.statusCode !== 201) throw new Error(`purchase failed: ${res.body}`);
  const paid = await settle(t, c, res.json().data.purchase.id, "succeed");
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  return paid.json().data as { id: number; state: string; items: { nft_id: string; code: string }[] };
}

/** POST /api/app/nft/wallet/{nft_id}/redeem. */
export function redeemNft(
  t: TestApp,
  c: MarketCustomer,
  nftId: string,
  body: { code: string; pin?: string },
  idempotencyKey = key(),
) {
  return t.inject({
    method: "POST",
    url: `/api/app/nft/wallet/${nftId}/redeem`,
    headers: { ...c.headers, "idempotency-key": idempotencyKey },
    payload: body,
  });
}

/** POST /api/app/nft/wallet/{nft_id}/withdraw. */
export function withdraw(t: TestApp, c: MarketCustomer, nftId: string, idempotencyKey = key()) {
  return t.inject({
    method: "POST",
    url: `/api/app/nft/wallet/${nftId}/withdraw`,
    headers: { ...c.headers, "idempotency-key": idempotencyKey },
  });
}
