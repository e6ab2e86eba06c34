import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";

// Migration 0020 (docs/decisions/008-franchise-model.md, section 1): a master's cumulative billing
// becomes a collective invoicing period in force since always, existing terminations are ordinary,
// and from now on a slave always has its master and nobody else has one.

const folder = mkdtempSync(path.join(os.tmpdir(), "stempla-migrations-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it("keeps cumulative billing as a period, terminations as ordinary, and ties slaves to masters", async () => {
  cpSync(path.join(import.meta.dirname, "migrations"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  writeFileSync(
    journalPath,
    JSON.stringify({ ...journal, entries: journal.entries.filter((e: { tag: string }) => e.tag < "0020_") }),
  );

  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: folder });
  await client.exec(`
    insert into companies (id, type, name) values (1, 'master', 'M'), (2, 'master', 'N'), (3, 'partner', 'P');
    insert into partner_profiles (company_id, cumulative_billing) values (1, true), (2, false), (3, false);
    insert into terminations (company_id, notice_on, ends_on, fee_cents) values (3, '2026-01-10', '2026-12-31', 0);`);

  writeFileSync(journalPath, JSON.stringify(journal));
  await migrate(db, { migrationsFolder: folder });

  const periods = await client.query(
    "select master_company_id::int, effective_from::text, enabled from collective_invoicing_periods",
  );
  expect(periods.rows).toEqual([{ master_company_id: 1, effective_from: "2000-01-01", enabled: true }]);
  const terminations = await client.query("select kind from terminations");
  expect(terminations.rows).toEqual([{ kind: "ordinary" }]);

  await client.exec("insert into companies (id, type, name, master_id) values (4, 'slave', 'F', 1)");
  await expect(
    client.exec("insert into companies (id, type, name) values (5, 'slave', 'F2')"),
  ).rejects.toThrow(/companies_master_type_check/);
  await expect(
    client.exec("insert into companies (id, type, name, master_id) values (6, 'partner', 'Q', 1)"),
  ).rejects.toThrow(/companies_master_type_check/);
  await expect(
    client.exec("insert into companies (id, type, name, master_id) values (7, 'slave', 'G', 999)"),
  ).rejects.toThrow(/companies_master_id_companies_id_fk/);
  await expect(client.exec("delete from companies where id = 1")).rejects.toThrow(
    /companies_master_id_companies_id_fk/,
  );
});
