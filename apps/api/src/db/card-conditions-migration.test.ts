import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";

// Migration 0014 turns the free-text conditions into structured ones (docs/product.md, "Bonus card
// conditions"): a short list of short names becomes the product groups, any other text the note,
// word for word.

const folder = mkdtempSync(path.join(os.tmpdir(), "stempla-migrations-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it("keeps every free-text condition: short lists as product groups, the rest in the note", async () => {
  cpSync(path.join(import.meta.dirname, "migrations"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  const upTo = (tag: string) => ({
    ...journal,
    entries: journal.entries.filter((e: { tag: string }) => e.tag < tag),
  });
  writeFileSync(journalPath, JSON.stringify(upTo("0014_")));

  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: folder });
  await client.exec(`
    insert into companies (id, type, name) values (1, 'partner', 'A'), (2, 'partner', 'B'), (3, 'partner', 'C'), (4, 'partner', 'D'), (5, 'partner', 'E');
    insert into partner_profiles (company_id, excluded_products, time_limits, minimum_spend_cents) values
      (1, 'Tabakwaren, Zeitschriften; tabakwaren, ', 'Mo–Fr bis 11 Uhr', 250),
      (2, 'Alle Getränke außer Kaffee und Tee, die wir selbst zubereiten', null, null),
      (3, null, null, null),
      (4, '', '  ', null),
      (5, 'Kuchen zum Mitnehmen, Pfand', null, null);`);

  writeFileSync(journalPath, JSON.stringify(journal));
  await migrate(db, { migrationsFolder: folder });
  const { rows } = await client.query(
    "select company_id::int, excluded_products, time_limits, minimum_spend_cents, conditions_note from partner_profiles order by 1",
  );
  expect(rows).toEqual([
    {
      company_id: 1,
      excluded_products: ["Tabakwaren", "Zeitschriften"],
      time_limits: null,
      minimum_spend_cents: 250,
      conditions_note: "Mo–Fr bis 11 Uhr",
    },
    {
      company_id: 2,
      excluded_products: [],
      time_limits: null,
      minimum_spend_cents: null,
      conditions_note: "Alle Getränke außer Kaffee und Tee, die wir selbst zubereiten",
    },
    {
      company_id: 3,
      excluded_products: [],
      time_limits: null,
      minimum_spend_cents: null,
      conditions_note: null,
    },
    {
      company_id: 4,
      excluded_products: [],
      time_limits: null,
      minimum_spend_cents: null,
      conditions_note: null,
    },
    {
      company_id: 5,
      excluded_products: ["Kuchen zum Mitnehmen", "Pfand"],
      time_limits: null,
      minimum_spend_cents: null,
      conditions_note: null,
    },
  ]);
  await client.close();
});
