import type { Locale, ReferenceItem } from "@stempla/domain";
import { asc, count } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { categories, legalForms } from "../../db/schema/index.ts";

type ReferenceTable = typeof legalForms | typeof categories;

async function list(db: Database, table: ReferenceTable, locale: Locale, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db.select().from(table).orderBy(asc(table.sortOrder)).limit(limit).offset(offset),
    db.select({ value: count() }).from(table),
  ]);
  const items: ReferenceItem[] = rows.map((row) => ({
    id: row.id,
    key: row.key,
    name: locale === "de" ? row.nameDe : row.nameEn,
    name_de: row.nameDe,
    name_en: row.nameEn,
  }));
  return { items, total: total?.value ?? 0 };
}

export const listLegalForms = (db: Database, locale: Locale) => list(db, legalForms, locale, 1000, 0);

export const listCategories = (db: Database, locale: Locale, limit: number, page: number) =>
  list(db, categories, locale, limit, (page - 1) * limit);
