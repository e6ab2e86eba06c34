import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { companies } from "./accounts.ts";

/**
 * A partner's location (spec section 3, shop payload). `scan_code` is what its QR code and NFC
 * tag carry; the staff PIN and the collection limit are the fraud rules the scan API enforces.
 */
export const locations = pgTable(
  "locations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    street: text("street").notNull(),
    building: text("building").notNull(),
    postcode: text("postcode").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull(),
    address: text("address").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** E.164 ("+492211234567"), docs/decisions/007-phone-numbers-e164.md. */
    phoneNumber: text("phone_number"),
    workingHours: jsonb("working_hours").$type<Record<string, { from: string; to: string }[]>>().notNull(),
    isClosed: boolean("is_closed").notNull().default(false),
    pin: text("pin").notNull(),
    limitCount: integer("limit_count").notNull().default(2),
    limitHours: integer("limit_hours").notNull().default(24),
    scanCode: text("scan_code").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("locations_company_idx").on(t.companyId, t.id)],
);

/**
 * Wrong staff PINs at a location, counted across all customers (docs/product.md, "Staff PIN"):
 * `failures` in the fixed window that began at `window_start`; at the limit the PIN is locked
 * until `locked_until`. A new PIN deletes the row. One row per location, locked by every PIN
 * check, so concurrent attempts are counted one after another and cannot pass the limit.
 */
export const pinGuards = pgTable("pin_guards", {
  locationId: bigint("location_id", { mode: "number" })
    .primaryKey()
    .references(() => locations.id, { onDelete: "cascade" }),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  failures: integer("failures").notNull().default(0),
  lockedAt: timestamp("locked_at", { withTimezone: true }),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});
