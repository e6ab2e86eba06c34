import { ACCOUNT_STATUSES, COMPANY_TYPES } from "@stempla/domain";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { legalForms } from "./reference.ts";

/**
 * A partner company (the account). `type` master/slave and `master_id` carry the franchise
 * relation (docs/decisions/008-franchise-model.md): a slave always has its master, nobody else
 * has one. `status` is the account colour of spec section 4.
 */
export const companies = pgTable(
  "companies",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type", { enum: COMPANY_TYPES }).notNull(),
    name: text("name").notNull(),
    legalFormId: integer("legal_form_id").references(() => legalForms.id),
    vatId: text("vat_id"),
    status: text("status", { enum: ACCOUNT_STATUSES }).notNull().default("gray"),
    masterId: bigint("master_id", { mode: "number" }).references((): AnyPgColumn => companies.id, {
      onDelete: "restrict",
    }),
    /** When an invited franchisee completed its registration. */
    franchiseJoinedAt: timestamp("franchise_joined_at", { withTimezone: true }),
    locale: text("locale").notNull().default("de"),
    registrationCompletedAt: timestamp("registration_completed_at", { withTimezone: true }),
    /** When the provider team last approved the account (null: never live yet). */
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** The first approval: the contract's start, from which the partner is billed. Never moves. */
    liveSince: timestamp("live_since", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("companies_created_at_idx").on(t.createdAt),
    index("companies_master_idx").on(t.masterId),
    check("companies_master_type_check", sql`(${t.type} = 'slave') = (${t.masterId} is not null)`),
  ],
);

/** The company's billing address (spec section 3: register payload). */
export const billingAddresses = pgTable("billing_addresses", {
  companyId: bigint("company_id", { mode: "number" })
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  street: text("street").notNull(),
  building: text("building").notNull(),
  postcode: text("postcode").notNull(),
  city: text("city").notNull(),
  country: text("country").notNull(),
  address: text("address"),
  latitude: doublePrecision("latitude"),
  longitude: doublePrecision("longitude"),
  /** E.164 ("+492211234567"), docs/decisions/007-phone-numbers-e164.md. */
  phoneNumber: text("phone_number").notNull(),
});

/** Partner logins and provider-team accounts (role admin, no company). */
export const users = pgTable(
  "users",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" }).references(() => companies.id, {
      onDelete: "cascade",
    }),
    role: text("role", { enum: ["partner", "admin"] }).notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name"),
    surname: text("surname"),
    phone: text("phone"),
    locale: text("locale").notNull().default("de"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    lastConfirmationSentAt: timestamp("last_confirmation_sent_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    index("users_company_idx").on(t.companyId),
  ],
);

/** Server-side sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** One-time tokens from mailed links: email confirmation and password reset. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_email", "reset_password"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_tokens_user_idx").on(t.userId, t.purpose)],
);
