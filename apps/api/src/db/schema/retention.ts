import { ACCOUNT_DELETION_REASONS } from "@stempla/domain";
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./accounts.ts";

/**
 * The warning mails before an inactive incomplete account is deleted (spec section 4,
 * docs/product.md "Terms and records"). A warning belongs to the last activity it was computed
 * from: any later activity makes it void, and a second run for the same activity finds the row.
 */
export const inactivityWarnings = pgTable(
  "inactivity_warnings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** 1: the first warning, 2: the second. */
    stage: integer("stage").notNull(),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull(),
    /** The deletion date the mail named; the account is not deleted before it. */
    deletesAt: timestamp("deletes_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("inactivity_warnings_unique").on(t.companyId, t.lastActivityAt, t.stage)],
);

/**
 * The log of deleted accounts. It keeps no personal data of the deleted account: the email only
 * as a SHA-256 of its lower-case form, so the team can answer "was my account deleted?" without
 * keeping the address (docs/product.md, "Terms and records").
 */
export const accountDeletions = pgTable(
  "account_deletions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The deleted company's id (no foreign key: the company is gone). */
    companyId: bigint("company_id", { mode: "number" }).notNull(),
    companyName: text("company_name").notNull(),
    emailSha256: text("email_sha256"),
    status: text("status").notNull(),
    reason: text("reason", { enum: ACCOUNT_DELETION_REASONS }).notNull(),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull(),
    firstWarningAt: timestamp("first_warning_at", { withTimezone: true }).notNull(),
    secondWarningAt: timestamp("second_warning_at", { withTimezone: true }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("account_deletions_deleted_idx").on(t.deletedAt)],
);
