import {
  NFT_ITEM_STATES,
  NFT_MONITOR_KINDS,
  NFT_OFF_MARKET_REASONS,
  NFT_OFFER_STATES,
  NFT_TYPES,
  NFT_VALIDITY_TYPES,
  VOUCHER_PURPOSES,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies, users } from "./accounts.ts";
import { bytea } from "./column-types.ts";
import { appUsers } from "./customers.ts";
import { locations } from "./locations.ts";
import { categories } from "./reference.ts";

// Coupons, vouchers and cash vouchers (docs/decisions/010-coupons-and-vouchers.md, section 6).
// The numbers in the checks are literals on purpose: nft-schema.test.ts compares them with NFT.

export const NFT_OFFER_ACTORS = ["partner", "team", "system", "customer"] as const;
export const NFT_PURCHASE_STATES = ["pending", "paid", "failed", "expired"] as const;
export const NFT_REFUND_REASONS = ["withdrawal", "late_payment"] as const;
export const NFT_REFUND_STATES = ["pending", "succeeded", "failed"] as const;
export const NFT_ITEM_SOURCES = ["market"] as const;

/**
 * A campaign ("offer"). `quantity` null is unlimited. `sold_count + reserved_count` never exceeds
 * `quantity` (the check repeats the rule of the claim and purchase statements, section 4).
 * `version` increments with every edit, so an approval names the version the team reviewed.
 * `purpose` is set at approval and never changes afterwards (section 1).
 */
export const nftOffers = pgTable(
  "nft_offers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    type: text("type", { enum: NFT_TYPES }).notNull(),
    state: text("state", { enum: NFT_OFFER_STATES }).notNull().default("in_review"),
    offMarketReason: text("off_market_reason", { enum: NFT_OFF_MARKET_REASONS }),
    industryId: integer("industry_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    legalNotes: text("legal_notes"),
    externalLink: text("external_link"),
    photoHash: text("photo_hash").notNull(),
    validityType: text("validity_type", { enum: NFT_VALIDITY_TYPES }).notNull(),
    validityDays: integer("validity_days"),
    quantity: integer("quantity"),
    soldCount: integer("sold_count").notNull().default(0),
    reservedCount: integer("reserved_count").notNull().default(0),
    minOrderQuantity: integer("min_order_quantity").notNull().default(1),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    priceCents: integer("price_cents").notNull().default(0),
    originalPriceCents: integer("original_price_cents"),
    /** Null for a paid type: several rates (a multi-purpose voucher); always null for coupons. */
    vatRate: integer("vat_rate"),
    purpose: text("purpose", { enum: VOUCHER_PURPOSES }),
    version: integer("version").notNull().default(1),
    rejectionReason: text("rejection_reason"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedByUserId: bigint("approved_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    onMarketAt: timestamp("on_market_at", { withTimezone: true }),
    offMarketAt: timestamp("off_market_at", { withTimezone: true }),
    createdByUserId: bigint("created_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "nft_offers_counts_check",
      sql`${t.soldCount} >= 0 and ${t.reservedCount} >= 0 and (${t.quantity} is null or ${t.soldCount} + ${t.reservedCount} <= ${t.quantity})`,
    ),
    check(
      "nft_offers_off_market_reason_check",
      sql`(${t.state} = 'off_market') = (${t.offMarketReason} is not null)`,
    ),
    check("nft_offers_coupon_free_check", sql`(${t.type} = 'coupon') = (${t.priceCents} = 0)`),
    check("nft_offers_minimum_coupons_check", sql`${t.type} <> 'coupon' or ${t.quantity} >= 100`),
    check(
      "nft_offers_cash_voucher_value_check",
      sql`${t.type} <> 'cash_voucher' or ${t.priceCents} between 500 and 50000`,
    ),
    check("nft_offers_quantity_check", sql`${t.quantity} is null or ${t.quantity} between 1 and 1000000`),
    check("nft_offers_min_order_check", sql`${t.minOrderQuantity} between 1 and 100`),
    check(
      "nft_offers_dates_check",
      sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`,
    ),
    check(
      "nft_offers_validity_days_check",
      sql`${t.validityType} <> 'days' or ${t.validityDays} is not null`,
    ),
    check(
      "nft_offers_campaign_end_check",
      sql`${t.validityType} <> 'campaign_end' or ${t.endDate} is not null`,
    ),
    check("nft_offers_vat_rate_check", sql`${t.vatRate} is null or ${t.vatRate} in (19, 7, 0)`),
    index("nft_offers_company_state_idx").on(t.companyId, t.state, t.createdAt.desc()),
    index("nft_offers_queue_idx").on(t.state, t.submittedAt),
    index("nft_offers_market_idx").on(t.state, t.industryId),
    index("nft_offers_scheduled_start_idx").on(t.startDate).where(sql`${t.state} = 'scheduled'`),
    index("nft_offers_open_end_idx").on(t.endDate).where(sql`${t.state} <> 'off_market'`),
  ],
);

/** Where an offer's items can be redeemed. Restrict: a location cannot vanish under sold vouchers. */
export const nftOfferLocations = pgTable(
  "nft_offer_locations",
  {
    offerId: bigint("offer_id", { mode: "number" })
      .notNull()
      .references(() => nftOffers.id, { onDelete: "cascade" }),
    locationId: bigint("location_id", { mode: "number" })
      .notNull()
      .references(() => locations.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.locationId] }),
    index("nft_offer_locations_location_idx").on(t.locationId),
  ],
);

/** An offer's photo, stored once per company by the SHA-256 of its bytes (as menu_files). */
export const nftPhotos = pgTable(
  "nft_photos",
  {
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    hash: text("hash").notNull(),
    format: text("format", { enum: ["jpeg", "png"] }).notNull(),
    bytes: bytea("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.hash] })],
);

/** A photo's WebP rendition at one width (NFT.photoWidths, or the original's when smaller). */
export const nftPhotoRenditions = pgTable(
  "nft_photo_renditions",
  {
    companyId: bigint("company_id", { mode: "number" }).notNull(),
    hash: text("hash").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.hash, t.width] }),
    foreignKey({
      columns: [t.companyId, t.hash],
      foreignColumns: [nftPhotos.companyId, nftPhotos.hash],
    }).onDelete("cascade"),
  ],
);

/** Every state change of an offer (section 3), written in the transition's transaction. */
export const nftOfferEvents = pgTable(
  "nft_offer_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    offerId: bigint("offer_id", { mode: "number" })
      .notNull()
      .references(() => nftOffers.id, { onDelete: "cascade" }),
    fromState: text("from_state", { enum: NFT_OFFER_STATES }),
    toState: text("to_state", { enum: NFT_OFFER_STATES }).notNull(),
    /** The off-market reason, or "edit" / "rejected" for transitions that stay or leave review. */
    reason: text("reason"),
    /** The team's or partner's words (a rejection or revocation reason). */
    note: text("note"),
    actor: text("actor", { enum: NFT_OFFER_ACTORS }).notNull(),
    actorUserId: bigint("actor_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("nft_offer_events_offer_idx").on(t.offerId, t.createdAt)],
);

/**
 * A customer's order of paid vouchers. Net and VAT are frozen for the receipt; the state change
 * `where state = 'pending'` makes each payment outcome count once (section 4).
 */
export const nftPurchases = pgTable(
  "nft_purchases",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    offerId: bigint("offer_id", { mode: "number" })
      .notNull()
      .references(() => nftOffers.id, { onDelete: "restrict" }),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    appUserId: bigint("app_user_id", { mode: "number" })
      .notNull()
      .references(() => appUsers.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    grossCents: integer("gross_cents").notNull(),
    purpose: text("purpose", { enum: VOUCHER_PURPOSES }).notNull(),
    vatRate: integer("vat_rate"),
    netCents: integer("net_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    state: text("state", { enum: NFT_PURCHASE_STATES }).notNull().default("pending"),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").unique(),
    paymentMethod: text("payment_method").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** Hash of the request that used the key, so a reused key for another request is refused. */
    requestHash: text("request_hash").notNull(),
    reservedUntil: timestamp("reserved_until", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    receiptNumber: text("receipt_number").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("nft_purchases_idempotency_unique").on(t.appUserId, t.idempotencyKey),
    index("nft_purchases_pending_idx").on(t.reservedUntil).where(sql`${t.state} = 'pending'`),
    index("nft_purchases_company_idx").on(t.companyId, t.createdAt),
    check("nft_purchases_quantity_check", sql`${t.quantity} between 1 and 100`),
  ],
);

/** Receipt numbers per partner and year, gapless (STG-{company}-{year}-{n}), as invoice_numbers. */
export const nftReceiptNumbers = pgTable(
  "nft_receipt_numbers",
  {
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.year] })],
);

/** Money moved to a partner's payout account: the due items of a day, minus their fees. */
export const nftTransfers = pgTable(
  "nft_transfers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    providerTransferId: text("provider_transfer_id").unique(),
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    items: integer("items").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("nft_transfers_company_idx").on(t.companyId, t.createdAt)],
);

/**
 * One coupon or voucher in a customer's wallet. `expired` is read from `expires_at` (exclusive),
 * never stored. A coupon has no purchase; one coupon per customer and offer.
 */
export const nftItems = pgTable(
  "nft_items",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    nftId: text("nft_id").notNull().unique(),
    offerId: bigint("offer_id", { mode: "number" })
      .notNull()
      .references(() => nftOffers.id, { onDelete: "restrict" }),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    purchaseId: bigint("purchase_id", { mode: "number" }).references(() => nftPurchases.id, {
      onDelete: "restrict",
    }),
    appUserId: bigint("app_user_id", { mode: "number" })
      .notNull()
      .references(() => appUsers.id, { onDelete: "restrict" }),
    walletAddress: text("wallet_address").notNull(),
    source: text("source", { enum: NFT_ITEM_SOURCES }).notNull().default("market"),
    state: text("state", { enum: NFT_ITEM_STATES }).notNull().default("held"),
    priceCents: integer("price_cents").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastDay: date("last_day", { mode: "string" }).notNull(),
    withdrawalEndsAt: timestamp("withdrawal_ends_at", { withTimezone: true }),
    transferDueAt: timestamp("transfer_due_at", { withTimezone: true }),
    transferId: bigint("transfer_id", { mode: "number" }).references(() => nftTransfers.id, {
      onDelete: "restrict",
    }),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    redeemedLocationId: bigint("redeemed_location_id", { mode: "number" }).references(() => locations.id, {
      onDelete: "restrict",
    }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** A coupon claim's Idempotency-Key (paid items share their purchase's). */
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("nft_items_one_coupon_unique").on(t.offerId, t.appUserId).where(sql`${t.purchaseId} is null`),
    uniqueIndex("nft_items_claim_idempotency_unique")
      .on(t.appUserId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("nft_items_wallet_idx").on(t.appUserId, t.createdAt),
    index("nft_items_company_idx").on(t.companyId, t.createdAt),
    index("nft_items_purchase_idx").on(t.purchaseId),
    index("nft_items_transfer_due_idx")
      .on(t.transferDueAt)
      .where(sql`${t.transferId} is null and ${t.state} <> 'withdrawn'`),
    check("nft_items_redeemed_check", sql`(${t.state} = 'redeemed') = (${t.redeemedAt} is not null)`),
    check("nft_items_withdrawn_check", sql`(${t.state} = 'withdrawn') = (${t.withdrawnAt} is not null)`),
  ],
);

/** The one redemption of an item: its primary key refuses a second, concurrent or later. */
export const nftRedemptions = pgTable(
  "nft_redemptions",
  {
    itemId: bigint("item_id", { mode: "number" })
      .primaryKey()
      .references(() => nftItems.id, { onDelete: "restrict" }),
    locationId: bigint("location_id", { mode: "number" })
      .notNull()
      .references(() => locations.id, { onDelete: "restrict" }),
    appUserId: bigint("app_user_id", { mode: "number" })
      .notNull()
      .references(() => appUsers.id, { onDelete: "restrict" }),
    withPin: boolean("with_pin").notNull(),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("nft_redemptions_idempotency_unique")
      .on(t.appUserId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/** A refund of one item (a withdrawal, or a payment that arrived after its reservation). */
export const nftRefunds = pgTable(
  "nft_refunds",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    itemId: bigint("item_id", { mode: "number" })
      .unique()
      .references(() => nftItems.id, { onDelete: "restrict" }),
    purchaseId: bigint("purchase_id", { mode: "number" })
      .notNull()
      .references(() => nftPurchases.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason", { enum: NFT_REFUND_REASONS }).notNull(),
    providerRefundId: text("provider_refund_id"),
    state: text("state", { enum: NFT_REFUND_STATES }).notNull().default("pending"),
    /** Attempts after the provider answered "failed"; each is asked under its own key (refund-{item}-{n}). */
    attempts: integer("attempts").notNull().default(0),
    appUserId: bigint("app_user_id", { mode: "number" })
      .notNull()
      .references(() => appUsers.id, { onDelete: "restrict" }),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("nft_refunds_idempotency_unique")
      .on(t.appUserId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("nft_refunds_purchase_idx").on(t.purchaseId),
  ],
);

/** What the partner's monitor lists: every issue, purchase, redemption and refund, as it happens. */
export const nftItemEvents = pgTable(
  "nft_item_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    offerId: bigint("offer_id", { mode: "number" })
      .notNull()
      .references(() => nftOffers.id, { onDelete: "restrict" }),
    itemId: bigint("item_id", { mode: "number" }).references(() => nftItems.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: NFT_MONITOR_KINDS }).notNull(),
    appUserId: bigint("app_user_id", { mode: "number" }).references(() => appUsers.id, {
      onDelete: "restrict",
    }),
    locationId: bigint("location_id", { mode: "number" }).references(() => locations.id, {
      onDelete: "restrict",
    }),
    amountCents: integer("amount_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("nft_item_events_company_idx").on(t.companyId, t.createdAt.desc()),
    index("nft_item_events_company_kind_idx").on(t.companyId, t.kind, t.createdAt),
  ],
);
