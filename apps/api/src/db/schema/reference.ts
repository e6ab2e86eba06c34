import { integer, pgTable, serial, text } from "drizzle-orm/pg-core";

// Reference data (GET /legalForm, GET /categories); seeded at start, keyed by a stable `key`.

export const legalForms = pgTable("legal_forms", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  nameDe: text("name_de").notNull(),
  nameEn: text("name_en").notNull(),
  sortOrder: integer("sort_order").notNull(),
});

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  nameDe: text("name_de").notNull(),
  nameEn: text("name_en").notNull(),
  sortOrder: integer("sort_order").notNull(),
});
