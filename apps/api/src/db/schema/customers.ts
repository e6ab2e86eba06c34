import { FRAUD_RULES, SCAN_KINDS, SCAN_METHODS, SOCIAL_PROVIDERS } from "@stempla/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./accounts.ts";
import { locations } from "./locations.ts";

/**
 * End customers of the mobile app. `id` is the user number and the HD wallet's address index,
 * so the wallet address can always be derived again from the configured seed.
 */
export const appUsers = pgTable(
  "app_users",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    /** Null for accounts that only sign in through a social identity (modules/app/social-sign-in.ts). */
    passwordHash: text("password_hash"),
    firstName: text("first_name"),
    surname: text("surname"),
    phone: text("phone"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    walletAddress: text("wallet_address").unique(),
    locale: text("locale").notNull().default("de"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("app_users_email_unique").on(sql`lower(${t.email})`)],
);

/**
 * Social sign-in identities (Google, Facebook, Apple): the subject of the provider's ID tokens.
 * The unique index lets only one of two concurrent first sign-ins create the identity.
 */
export const appUserIdentities = pgTable(
  "app_user_identities",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    appUserId: bigint("app_user_id", { mode: "number" })
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: SOCIAL_PROVIDERS }).notNull(),
    subject: text("subject").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("app_user_identities_subject_unique").on(t.provider, t.subject)],
);

/** Bearer sessions of the app; only the token's hash is stored. */
export const appSessions = pgTable(
  "app_sessions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    appUserId: bigint("app_user_id", { mode: "number" })
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("app_sessions_user_idx").on(t.appUserId)],
);

/**
 * A customer's stamp card at one partner: the points on it now and what the clients list and
 * the per-customer figures need, kept current by every scan. Points are valid only here.
 */
export const cards = pgTable(
  "cards",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    appUserId: bigint("app_user_id", { mode: "number" })
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    points: integer("points").notNull().default(0),
    collects: integer("collects").notNull().default(0),
    redeems: integer("redeems").notNull().default(0),
    /**
     * The customer's number at this partner ("Kunde 4711"): how the dashboard names a customer who
     * does not share their name. Counted per partner (customer_numbers), never reused, and not
     * derived from the app user, so it links no customer across partners.
     */
    customerNumber: integer("customer_number").notNull(),
    /** The customer lets this partner see their contact data (clients list, CSV). */
    shareContact: boolean("share_contact").notNull().default(false),
    shareChangedAt: timestamp("share_changed_at", { withTimezone: true }),
    firstScanAt: timestamp("first_scan_at", { withTimezone: true }).notNull(),
    lastScanAt: timestamp("last_scan_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("cards_company_user_unique").on(t.companyId, t.appUserId),
    uniqueIndex("cards_company_number_unique").on(t.companyId, t.customerNumber),
    index("cards_company_last_scan_idx").on(t.companyId, t.lastScanAt),
    index("cards_company_collects_idx").on(t.companyId, t.collects),
  ],
);

/** The last customer number a partner gave out (cards.customer_number); one row per partner. */
export const customerNumbers = pgTable("customer_numbers", {
  companyId: bigint("company_id", { mode: "number" })
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  last: integer("last").notNull(),
});

/**
 * Every collection and redemption as it happened (the raw truth the aggregates are built from,
 * and what billing counts). `idempotency_key` makes a retried request count once.
 */
export const scans = pgTable(
  "scans",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    locationId: bigint("location_id", { mode: "number" })
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    appUserId: bigint("app_user_id", { mode: "number" })
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SCAN_KINDS }).notNull(),
    /** Points added (collect) or taken off the card (redeem, negative). */
    points: integer("points").notNull(),
    /** Points on the card after this scan (what a retried request answers again). */
    balance: integer("balance").notNull(),
    method: text("method", { enum: SCAN_METHODS }).notNull(),
    withPin: boolean("with_pin").notNull().default(false),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("scans_idempotency_unique").on(t.appUserId, t.idempotencyKey),
    index("scans_user_location_time_idx").on(t.appUserId, t.locationId, t.createdAt),
    index("scans_company_time_idx").on(t.companyId, t.createdAt),
  ],
);

/**
 * Statistics aggregates, one row per partner, scope and period. `location_id` 0 is the scope
 * "all locations", so a cumulative view reads as few rows as a single location's view however
 * many locations a partner has.
 */
export const statsMonths = pgTable(
  "stats_months",
  {
    companyId: bigint("company_id", { mode: "number" }).notNull(),
    locationId: bigint("location_id", { mode: "number" }).notNull(),
    /** First day of the month in Europe/Berlin. */
    month: date("month", { mode: "string" }).notNull(),
    collects: integer("collects").notNull().default(0),
    redeems: integer("redeems").notNull().default(0),
    pointsCollected: integer("points_collected").notNull().default(0),
    pointsRedeemed: integer("points_redeemed").notNull().default(0),
    nfcCollects: integer("nfc_collects").notNull().default(0),
    pinCollects: integer("pin_collects").notNull().default(0),
    /**
     * Collections by returning customers, whose first visit in the scope was in an earlier month
     * (isReturningCustomer in packages/domain; the extra-revenue basis).
     */
    returningCollects: integer("returning_collects").notNull().default(0),
    /** Distinct customers with a scan in the month, and those whose first scan in the scope it was. */
    activeCustomers: integer("active_customers").notNull().default(0),
    newCustomers: integer("new_customers").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.locationId, t.month] })],
);

export const statsDays = pgTable(
  "stats_days",
  {
    companyId: bigint("company_id", { mode: "number" }).notNull(),
    locationId: bigint("location_id", { mode: "number" }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    collects: integer("collects").notNull().default(0),
    redeems: integer("redeems").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.locationId, t.day] })],
);

export const statsHours = pgTable(
  "stats_hours",
  {
    companyId: bigint("company_id", { mode: "number" }).notNull(),
    locationId: bigint("location_id", { mode: "number" }).notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    collects: integer("collects").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.locationId, t.hour] })],
);

/** Cards per number of points on them, per partner (the current points distribution). */
export const statsPoints = pgTable(
  "stats_points",
  {
    companyId: bigint("company_id", { mode: "number" }).notNull(),
    points: integer("points").notNull(),
    cards: integer("cards").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.points] })],
);

/**
 * Which customer was seen in which scope and month: the insert that succeeds is the one that
 * counts a distinct (active or new) customer, so the counts stay exact under concurrency.
 * `month` '0001-01-01' marks "ever" (first visit in that scope).
 */
export const statsCustomerSeen = pgTable(
  "stats_customer_seen",
  {
    companyId: bigint("company_id", { mode: "number" }).notNull(),
    locationId: bigint("location_id", { mode: "number" }).notNull(),
    appUserId: bigint("app_user_id", { mode: "number" }).notNull(),
    month: date("month", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.locationId, t.appUserId, t.month] })],
);

/**
 * Scans that tripped a fraud rule: the PIN limit (a collection refused without, or granted with,
 * the staff PIN) or an unusual number of collections by one customer at one location in a day,
 * one row per customer, location, day and rule; and one row per lock of a location's staff PIN
 * after too many wrong PINs (no customer). The daily summary mail marks them notified.
 */
export const fraudEvents = pgTable(
  "fraud_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    locationId: bigint("location_id", { mode: "number" })
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    /** Null for a PIN lock, which many customers' wrong PINs cause together. */
    appUserId: bigint("app_user_id", { mode: "number" }).references(() => appUsers.id, {
      onDelete: "cascade",
    }),
    rule: text("rule", { enum: FRAUD_RULES }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    occurrences: integer("occurrences").notNull().default(1),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("fraud_events_unique").on(t.companyId, t.locationId, t.appUserId, t.rule, t.day),
    index("fraud_events_company_day_idx").on(t.companyId, t.day),
  ],
);

/** Short-lived download links for the clients CSV; only the partner that asked may use one. */
export const exportTokens = pgTable("export_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  companyId: bigint("company_id", { mode: "number" })
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  query: text("query").notNull().default(""),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
