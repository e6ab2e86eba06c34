import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { normalisePhone } from "@stempla/domain";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, expect, it } from "vitest";

// Migration 0018 turns every stored phone number into one E.164 number and drops the fixed
// "+49" preselection (docs/decisions/007-phone-numbers-e164.md). Values it cannot read stay as
// they were. On PGlite, and on PostgreSQL when the suite runs there (TEST_DB=postgres).

const folder = mkdtempSync(path.join(os.tmpdir(), "stempla-migrations-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface EmptyDatabase {
  migrate(): Promise<void>;
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

async function emptyPglite(): Promise<EmptyDatabase> {
  const client = new PGlite();
  const db = drizzlePglite(client);
  return {
    migrate: () => migratePglite(db, { migrationsFolder: folder }),
    exec: async (sql) => void (await client.exec(sql)),
    rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    close: () => client.close(),
  };
}

/** A new database on the server of TEST_DATABASE_URL, dropped again on close. */
async function emptyPostgres(adminUrl: string): Promise<EmptyDatabase> {
  const name = `stempla_phone_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const db = drizzlePg(client);
  return {
    migrate: () => migratePg(db, { migrationsFolder: folder }),
    exec: async (sql) => void (await client.query(sql)),
    rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** What the number field held before, as people typed it beside the fixed "+49". */
const TYPED = [
  "+49 221 1234567",
  "0221 1234567",
  "221 1234567",
  "(0221) 123 45 67",
  "0049 221 1234567",
  "+49 (0)221 123-45-67",
  "0221/1234567",
  "0170 1234567",
  "+43 1 234567",
];

it("stores every readable number as E.164, as the domain reads it, and leaves the rest", async () => {
  cpSync(path.join(import.meta.dirname, "migrations"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  writeFileSync(
    journalPath,
    JSON.stringify({ ...journal, entries: journal.entries.filter((e: { tag: string }) => e.tag < "0018_") }),
  );

  const adminUrl = process.env.TEST_DATABASE_URL;
  const db =
    process.env.TEST_DB === "postgres" && adminUrl ? await emptyPostgres(adminUrl) : await emptyPglite();
  try {
    await db.migrate();
    const unreadable = ["ruf an", "12", "+49 221 1234567 Durchwahl 5"];
    const billing = [...TYPED, ...unreadable];
    const companies = billing.map((_, i) => `(${i + 1}, 'partner', 'Café ${i + 1}')`).join(", ");
    const addresses = billing
      .map((typed, i) => `(${i + 1}, 'Ring', '1', '50667', 'Köln', 'DE', '+49', '${typed}')`)
      .join(", ");
    await db.exec(`
      insert into companies (id, type, name) values ${companies};
      insert into billing_addresses (company_id, street, building, postcode, city, country, phone_preselection, phone_number)
        values ${addresses};
      insert into locations (company_id, name, street, building, postcode, city, country, address,
          phone_preselection, phone_number, working_hours, pin, scan_code) values
        (1, 'Dom', 'Ring', '1', '50667', 'Köln', 'DE', 'Ring 1', '+49', '+49 221 7654321', '{}', '1234', 'scan-a'),
        (1, 'Süd', 'Ring', '2', '50667', 'Köln', 'DE', 'Ring 2', '+49', '  ', '{}', '1234', 'scan-b'),
        (1, 'Nord', 'Ring', '3', '50667', 'Köln', 'DE', 'Ring 3', '+49', null, '{}', '1234', 'scan-c'),
        (1, 'West', 'Ring', '4', '50667', 'Köln', 'DE', 'Ring 4', '+49', 'abends', '{}', '1234', 'scan-d');
      insert into users (company_id, role, email, password_hash, phone) values
        (1, 'partner', 'a@example.de', 'x', '+49 221 987654'),
        (2, 'partner', 'b@example.de', 'x', '0170 1234567'),
        (3, 'partner', 'c@example.de', 'x', 'abends'),
        (4, 'partner', 'd@example.de', 'x', null);
      insert into app_users (email, phone) values ('kim@example.de', '+49 170 5550001'), ('lea@example.de', null);
      insert into contact_messages (name, email, topic, message, locale, phone) values
        ('Anna', 'anna@example.de', 'sales', 'Hallo, wir möchten starten.', 'de', '0221-555 55 55');`);

    writeFileSync(journalPath, JSON.stringify(journal));
    await db.migrate();

    const stored = await db.rows<{ phone_number: string }>(
      "select phone_number from billing_addresses order by company_id",
    );
    expect(stored.map((r) => r.phone_number)).toEqual([
      ...TYPED.map((typed) => normalisePhone(typed)),
      ...unreadable,
    ]);
    expect(stored.slice(0, TYPED.length).map((r) => r.phone_number)).toEqual([
      ...Array(7).fill("+492211234567"),
      "+491701234567",
      "+431234567",
    ]);
    expect(await db.rows("select name, phone_number from locations order by id")).toEqual([
      { name: "Dom", phone_number: "+492217654321" },
      { name: "Süd", phone_number: null },
      { name: "Nord", phone_number: null },
      { name: "West", phone_number: "abends" },
    ]);
    expect(
      (await db.rows<{ phone: string }>("select phone from users order by email")).map((r) => r.phone),
    ).toEqual(["+49221987654", "+491701234567", "abends", null]);
    expect(
      (await db.rows<{ phone: string }>("select phone from app_users order by email")).map((r) => r.phone),
    ).toEqual(["+491705550001", null]);
    expect(await db.rows("select phone from contact_messages")).toEqual([{ phone: "+492215555555" }]);
    // The preselection is gone with its columns; the helper function with the migration's session.
    expect(
      await db.rows(
        "select table_name, column_name from information_schema.columns where column_name = 'phone_preselection'",
      ),
    ).toEqual([]);
    expect(await db.rows("select proname from pg_proc where proname = 'phone_e164'")).toEqual([]);
  } finally {
    await db.close();
  }
});
