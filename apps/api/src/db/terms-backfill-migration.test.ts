import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { CONTRACT } from "@stempla/domain";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";

// Migration 0015 brings the partner terms as data (docs/product.md, "Terms and records"): the
// version in force since 10.11.2023, and every partner that existed before as having accepted it
// at its registration.

const folder = mkdtempSync(path.join(os.tmpdir(), "stempla-migrations-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it("records the first terms version as accepted at registration by every existing partner", async () => {
  cpSync(path.join(import.meta.dirname, "migrations"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  writeFileSync(
    journalPath,
    JSON.stringify({ ...journal, entries: journal.entries.filter((e: { tag: string }) => e.tag < "0015_") }),
  );

  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: folder });
  await client.exec(`
    insert into companies (id, type, name, status, created_at) values
      (1, 'partner', 'A', 'green', '2024-03-01T09:00:00Z'),
      (2, 'master', 'B', 'black', '2026-10-02T15:30:00Z');`);

  writeFileSync(journalPath, JSON.stringify(journal));
  await migrate(db, { migrationsFolder: folder });
  const { rows: versions } = await client.query(
    "select version, valid_from::text, announced_at from terms_versions order by id",
  );
  expect(versions).toEqual([
    { version: CONTRACT.termsInitialVersion, valid_from: CONTRACT.termsValidSince, announced_at: null },
  ]);
  const { rows } = await client.query<{ company_id: number; method: string; accepted_at: Date }>(
    "select company_id::int, method, accepted_at from terms_acceptances order by company_id",
  );
  expect(rows).toEqual([
    { company_id: 1, method: "registration", accepted_at: new Date("2024-03-01T09:00:00Z") },
    { company_id: 2, method: "registration", accepted_at: new Date("2026-10-02T15:30:00Z") },
  ]);
  await client.close();
});
