import { ACCOUNT_STATUSES, SOCIAL_TYPES, type TimeLimits } from "@stempla/domain";
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies, users } from "./accounts.ts";

/** Partner-level fields (spec section 3): the bonus card and what the app shows of the partner. */
export const partnerProfiles = pgTable("partner_profiles", {
  companyId: bigint("company_id", { mode: "number" })
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  publicName: text("public_name"),
  description: text("description"),
  points: integer("points"),
  /** The card's conditions (docs/product.md, "Bonus card conditions"). */
  excludedProducts: text("excluded_products").array().notNull().default([]),
  timeLimits: jsonb("time_limits").$type<TimeLimits>(),
  minimumSpendCents: integer("minimum_spend_cents"),
  conditionsNote: text("conditions_note"),
  /** The partner's average receipt; estimated extra revenue = returning collections × this. */
  averageReceiptCents: integer("average_receipt_cents"),
  /** SHA-256 of the current logo file; its renditions are in logo_images. */
  logoHash: text("logo_hash"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The card's optional links (website, networks, contact email); one of each kind. */
export const partnerSocials = pgTable(
  "partner_socials",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    type: text("type", { enum: SOCIAL_TYPES }).notNull(),
    url: text("url").notNull(),
  },
  (t) => [uniqueIndex("partner_socials_company_type_unique").on(t.companyId, t.type)],
);

/** Every change of an account's colour: what, when, by whom (null: the system) and why. */
export const statusEvents = pgTable(
  "status_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: ACCOUNT_STATUSES }).notNull(),
    toStatus: text("to_status", { enum: ACCOUNT_STATUSES }).notNull(),
    event: text("event").notNull(),
    actorUserId: bigint("actor_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("status_events_company_idx").on(t.companyId, t.createdAt)],
);
