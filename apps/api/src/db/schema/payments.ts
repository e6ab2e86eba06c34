import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { companies } from "./accounts.ts";

// The marketplace payment provider's side of the voucher market
// (docs/decisions/010-coupons-and-vouchers.md, sections 5 and 6).

/** A partner's payout account at the provider; selling paid vouchers needs it active. */
export const paymentAccounts = pgTable("payment_accounts", {
  companyId: bigint("company_id", { mode: "number" })
    .primaryKey()
    .references(() => companies.id, { onDelete: "restrict" }),
  provider: text("provider").notNull(),
  accountId: text("account_id").notNull().unique(),
  chargesEnabled: boolean("charges_enabled").notNull().default(false),
  payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
  detailsSubmitted: boolean("details_submitted").notNull().default(false),
  activatedAt: timestamp("activated_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The provider's notifications, stored once each (a replayed webhook changes nothing). */
export const paymentProviderEvents = pgTable(
  "payment_provider_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The built-in sandbox provider's books, in the database so that it works across processes: its
 * accounts (activated on its onboarding page) and its payments, transfers and refunds.
 */
export const paymentSandboxAccounts = pgTable("payment_sandbox_accounts", {
  accountId: text("account_id").primaryKey(),
  companyId: bigint("company_id", { mode: "number" })
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  /** The onboarding page's secret token (the link is the only way to activate the account). */
  onboardingToken: text("onboarding_token").notNull().unique(),
  returnUrl: text("return_url"),
  refreshUrl: text("refresh_url"),
  activatedAt: timestamp("activated_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const PAYMENT_SANDBOX_KINDS = ["payment", "transfer", "refund"] as const;
export const PAYMENT_SANDBOX_STATES = ["requires_action", "succeeded", "failed", "pending"] as const;

export const paymentSandboxPayments = pgTable(
  "payment_sandbox_payments",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: PAYMENT_SANDBOX_KINDS }).notNull(),
    /** The caller's idempotency key: a repeated call answers the first call's record. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: PAYMENT_SANDBOX_STATES }).notNull(),
    accountId: text("account_id"),
    /** A refund's payment, or a transfer's source payments. */
    relatedIds: jsonb("related_ids").$type<string[]>().notNull().default([]),
    description: text("description"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_sandbox_payments_kind_idx").on(t.kind, t.createdAt)],
);
