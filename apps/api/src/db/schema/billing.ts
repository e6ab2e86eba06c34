import {
  HARDWARE_ITEMS,
  HARDWARE_ORDER_KINDS,
  type HardwareShipTo,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  TERMINATION_KINDS,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies, users } from "./accounts.ts";
import { bytea } from "./column-types.ts";
import { locations } from "./locations.ts";
import { sepaMandates } from "./setup.ts";

/** The last invoice number used per year: taken with `update … returning` in the invoice's transaction, so numbers are gapless. */
export const invoiceNumbers = pgTable("invoice_numbers", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull().default(0),
});

/**
 * SEPA direct-debit files (pain.008) as they were handed out, so the team can download one again;
 * the invoices it collects point to it (`invoices.sepa_file_id`).
 */
export const sepaFiles = pgTable("sepa_files", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  messageId: text("message_id").notNull().unique(),
  fileName: text("file_name").notNull(),
  dueUntil: date("due_until", { mode: "string" }).notNull(),
  transactions: integer("transactions").notNull(),
  controlSumCents: bigint("control_sum_cents", { mode: "number" }).notNull(),
  xml: text("xml").notNull(),
  createdByUserId: bigint("created_by_user_id", { mode: "number" }).references(() => users.id, {
    onDelete: "set null",
  }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issued invoices and credit notes. Never changed after issue except their payment status; a
 * correction is a credit note (`refers_to_invoice_id`). What a German invoice must carry is
 * frozen at issue (`seller`, `buyer`, `lines`, mandate) and the PDF is stored once.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull().default("invoice"),
    number: text("number").notNull().unique(),
    refersToInvoiceId: bigint("refers_to_invoice_id", { mode: "number" }),
    /** Credit notes: why the team cancelled the invoice, and who did. */
    correctionReason: text("correction_reason"),
    createdByUserId: bigint("created_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    /** First day of the billed month (Europe/Berlin); a credit note has its invoice's period. */
    periodStart: date("period_start", { mode: "string" }),
    periodEnd: date("period_end", { mode: "string" }),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    debitDate: date("debit_date", { mode: "string" }),
    locale: text("locale").notNull(),
    seller: jsonb("seller").$type<Record<string, string>>().notNull(),
    buyer: jsonb("buyer").$type<Record<string, string>>().notNull(),
    lines: jsonb("lines")
      // group: a franchisee's lines on its master's collective invoice (docs/decisions/008-franchise-model.md, section 5).
      .$type<
        {
          kind: string;
          quantity: number;
          unitCents: number;
          totalCents: number;
          detail?: string;
          group?: { key: string; title: string };
        }[]
      >()
      .notNull(),
    netCents: integer("net_cents").notNull(),
    vatRatePercent: integer("vat_rate_percent").notNull(),
    vatCents: integer("vat_cents").notNull(),
    grossCents: integer("gross_cents").notNull(),
    mandateId: bigint("mandate_id", { mode: "number" }).references(() => sepaMandates.id),
    mandateReference: text("mandate_reference"),
    creditorId: text("creditor_id"),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("open"),
    pdf: bytea("pdf"),
    preNotifiedAt: timestamp("pre_notified_at", { withTimezone: true }),
    dunnedAt: timestamp("dunned_at", { withTimezone: true }),
    /** The direct-debit file that collected it; a mandate's first such invoice was FRST. */
    sepaFileId: bigint("sepa_file_id", { mode: "number" }).references(() => sepaFiles.id),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    returnReason: text("return_reason"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One monthly invoice in force per partner and month, however often the run is repeated; an
    // invoice cancelled by a credit note leaves room for the corrected one.
    uniqueIndex("invoices_company_period_unique")
      .on(t.companyId, t.periodStart)
      .where(sql`kind = 'invoice' and status <> 'cancelled'`),
    // Likewise one voucher statement per partner and month (docs/decisions/010-coupons-and-vouchers.md).
    uniqueIndex("invoices_company_nft_statement_unique")
      .on(t.companyId, t.periodStart)
      .where(sql`kind = 'nft_statement' and status <> 'cancelled'`),
    index("invoices_company_issue_idx").on(t.companyId, t.issueDate),
  ],
);

/**
 * Hardware the team ships, one row per item: the starter kit of a newly approved location (free,
 * `unit_cents` 0, never billed: docs/product.md, "Hardware") and replacement hardware from the
 * header's shop (billed on the next invoice). Each goes to a location; `ship_to` keeps its name
 * and address as they were, so a later edit does not redirect a parcel already packed. Rows from
 * before locations were chosen have neither and went to the billing address.
 */
export const hardwareOrders = pgTable(
  "hardware_orders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: HARDWARE_ORDER_KINDS }).notNull().default("shop"),
    locationId: bigint("location_id", { mode: "number" }).references(() => locations.id, {
      onDelete: "set null",
    }),
    shipTo: jsonb("ship_to").$type<HardwareShipTo>(),
    item: text("item", { enum: HARDWARE_ITEMS }).notNull(),
    quantity: integer("quantity").notNull(),
    unitCents: integer("unit_cents").notNull(),
    orderedByUserId: bigint("ordered_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    orderedAt: timestamp("ordered_at", { withTimezone: true }).notNull().defaultNow(),
    invoiceId: bigint("invoice_id", { mode: "number" }).references(() => invoices.id),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
  },
  (t) => [
    index("hardware_orders_company_idx").on(t.companyId, t.orderedAt),
    // One starter kit per location, however often its account is approved again.
    uniqueIndex("hardware_orders_starter_kit_unique")
      .on(t.locationId, t.item)
      .where(sql`kind = 'starter_kit'`),
  ],
);

/** A partner's notice: when it was given, the end date it computed, and the fee it triggers. */
export const terminations = pgTable("terminations", {
  companyId: bigint("company_id", { mode: "number" })
    .primaryKey()
    .references(() => companies.id, { onDelete: "restrict" }),
  noticeOn: date("notice_on", { mode: "string" }).notNull(),
  endsOn: date("ends_on", { mode: "string" }).notNull(),
  feeCents: integer("fee_cents").notNull(),
  /** Ordinary notice, or a franchisee's extraordinary end in its window (008, section 3). */
  kind: text("kind", { enum: TERMINATION_KINDS }).notNull().default("ordinary"),
  byUserId: bigint("by_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The digital menu booked for a location (36 EUR a month, spec section 9), from one day until
 * another (open: still booked). Any day of a month booked bills that month. Booked by the provider
 * team today; the menu feature (roadmap) will let partners book it themselves.
 */
export const digitalMenuBookings = pgTable(
  "digital_menu_bookings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    locationId: bigint("location_id", { mode: "number" })
      .notNull()
      .references(() => locations.id, { onDelete: "restrict" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }),
    bookedByUserId: bigint("booked_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    endedByUserId: bigint("ended_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("digital_menu_bookings_open_unique").on(t.locationId).where(sql`ends_on is null`),
    index("digital_menu_bookings_company_idx").on(t.companyId, t.startsOn),
  ],
);
