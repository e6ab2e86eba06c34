import { TERMS_ACCEPTANCE_METHODS } from "@stempla/domain";
import { bigint, bigserial, date, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies, users } from "./accounts.ts";

/**
 * The versions of the partner terms (spec section 9): the first is in force since 10.11.2023; a
 * later one is announced by the team and takes effect on `valid_from` for every partner that did
 * not object (docs/product.md, "Terms and records").
 */
export const termsVersions = pgTable("terms_versions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  version: text("version").notNull().unique(),
  validFrom: date("valid_from", { mode: "string" }).notNull(),
  summaryDe: text("summary_de").notNull(),
  summaryEn: text("summary_en").notNull(),
  /** When the team announced it (null for the version the product started with). */
  announcedAt: timestamp("announced_at", { withTimezone: true }),
  announcedByUserId: bigint("announced_by_user_id", { mode: "number" }).references(() => users.id, {
    onDelete: "set null",
  }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Which terms version a partner accepted, when, and how (the registration's checkbox or silence). */
export const termsAcceptances = pgTable(
  "terms_acceptances",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    termsVersionId: bigint("terms_version_id", { mode: "number" })
      .notNull()
      .references(() => termsVersions.id, { onDelete: "restrict" }),
    method: text("method", { enum: TERMS_ACCEPTANCE_METHODS }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("terms_acceptances_company_version_unique").on(t.companyId, t.termsVersionId)],
);

/** A partner's objection to an announced version, and how the team handled it. */
export const termsObjections = pgTable(
  "terms_objections",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    termsVersionId: bigint("terms_version_id", { mode: "number" })
      .notNull()
      .references(() => termsVersions.id, { onDelete: "restrict" }),
    objectedByUserId: bigint("objected_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    reason: text("reason"),
    objectedAt: timestamp("objected_at", { withTimezone: true }).notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledByUserId: bigint("handled_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    handledNote: text("handled_note"),
  },
  (t) => [
    uniqueIndex("terms_objections_company_version_unique").on(t.companyId, t.termsVersionId),
    index("terms_objections_open_idx").on(t.handledAt, t.objectedAt),
  ],
);
