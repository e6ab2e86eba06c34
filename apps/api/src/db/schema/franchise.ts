import { INVITATION_STATES } from "@stempla/domain";
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
import { companies, users } from "./accounts.ts";

/**
 * A master's invitation of a franchisee (docs/decisions/008-franchise-model.md, section 1). The
 * invited company exists from the start as a black `slave`; its user is made at completion.
 */
export const franchiseInvitations = pgTable(
  "franchise_invitations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Cascade: a master can only be deleted (inactivity) while it has no franchisee and no open
    // invitation (each open one has its black company), so only closed invitations go with it.
    masterCompanyId: bigint("master_company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The black account the invitation created; null once a refusal or withdrawal deleted it. */
    franchiseeCompanyId: bigint("franchisee_company_id", { mode: "number" }).references(() => companies.id, {
      onDelete: "set null",
    }),
    companyName: text("company_name").notNull(),
    contactName: text("contact_name").notNull(),
    contactSurname: text("contact_surname").notNull(),
    email: text("email").notNull(),
    /** The master's language when inviting: the invitation mail's language. */
    locale: text("locale").notNull(),
    state: text("state", { enum: INVITATION_STATES }).notNull().default("checking"),
    /** SHA-256 of the mailed link's token (as auth_tokens); null until approved and after use. */
    tokenHash: text("token_hash").unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    sentCount: integer("sent_count").notNull().default(0),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    refusalReason: text("refusal_reason"),
    reviewedByUserId: bigint("reviewed_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    createdByUserId: bigint("created_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open invitation per address (the registration would otherwise race between two masters).
    uniqueIndex("franchise_invitations_open_email_unique")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.state} in ('checking', 'sent')`),
    index("franchise_invitations_master_idx").on(t.masterCompanyId, t.createdAt),
    index("franchise_invitations_state_idx").on(t.state, t.createdAt),
  ],
);

/**
 * Collective invoicing per Berlin month: the setting of month M is the row with the greatest
 * `effective_from <= M`, else off (008, section 5).
 */
export const collectiveInvoicingPeriods = pgTable(
  "collective_invoicing_periods",
  {
    masterCompanyId: bigint("master_company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    enabled: boolean("enabled").notNull(),
    chosenByUserId: bigint("chosen_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    chosenAt: timestamp("chosen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.masterCompanyId, t.effectiveFrom] })],
);

/** A franchisee's window for an extraordinary termination after its master switched collective invoicing off. */
export const franchiseTerminationWindows = pgTable(
  "franchise_termination_windows",
  {
    franchiseeCompanyId: bigint("franchisee_company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The period the switch-off applies to. */
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    opensAt: timestamp("opens_at", { withTimezone: true }).notNull(),
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.franchiseeCompanyId, t.effectiveFrom] })],
);
