import { SETUP_MODES } from "@stempla/domain";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { companies, users } from "./accounts.ts";
import { bytea } from "./column-types.ts";
import { locations } from "./locations.ts";
import { categories } from "./reference.ts";

/**
 * Where a partner stands in the set-up wizard; survives reloads and later logins. `draft` holds
 * what belongs to the location before it is created (name, address).
 */
export const setupProgress = pgTable("setup_progress", {
  companyId: bigint("company_id", { mode: "number" })
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  mode: text("mode", { enum: SETUP_MODES }).notNull(),
  step: text("step").notNull(),
  draft: jsonb("draft").$type<Record<string, unknown>>().notNull().default({}),
  locationId: bigint("location_id", { mode: "number" }).references(() => locations.id, {
    onDelete: "set null",
  }),
  /** Set when the account set-up was finished once; the dashboard shows statistics from then on. */
  accountCompletedAt: timestamp("account_completed_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One primary category and up to two more per partner. */
export const partnerCategories = pgTable(
  "partner_categories",
  {
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    isPrimary: boolean("is_primary").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.categoryId] })],
);

/**
 * Logo renditions, addressed by the SHA-256 of the uploaded file. Old versions stay, so an
 * account under review (orange) keeps showing the last approved logo.
 */
export const logoImages = pgTable(
  "logo_images",
  {
    hash: text("hash").notNull(),
    size: text("size", { enum: ["small", "medium", "large"] }).notNull(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    content: bytea("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.size] }), index("logo_images_company_idx").on(t.companyId)],
);

/**
 * SEPA Core direct-debit mandates. A new account ends the previous mandate; ended mandates stay
 * for the bookkeeping (invoices name the mandate they were debited under).
 */
export const sepaMandates = pgTable(
  "sepa_mandates",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    reference: text("reference").notNull().unique(),
    accountHolder: text("account_holder").notNull(),
    iban: text("iban").notNull(),
    /** The mandate text as the partner accepted it, in its language. */
    mandateText: text("mandate_text").notNull(),
    signedByUserId: bigint("signed_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [index("sepa_mandates_company_idx").on(t.companyId, t.signedAt)],
);

/** What the provider team approved, kept so that changes can be shown and old data served meanwhile. */
export const reviewApprovals = pgTable(
  "review_approvals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    snapshot: jsonb("snapshot").$type<Record<string, string>>().notNull(),
    published: jsonb("published").$type<Record<string, unknown>>().notNull(),
    approvedByUserId: bigint("approved_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    approvedAt: timestamp("approved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("review_approvals_company_idx").on(t.companyId, t.approvedAt)],
);
