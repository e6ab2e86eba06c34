import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { connectPostgres, type DatabaseHandle, wrapPglite } from "../db/client.ts";
import { seedReferenceData } from "../db/seed/reference-data.ts";

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL when TEST_DB=postgres (npm test runs the
 * API suite both ways when a server is available).
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB === "postgres") return freshPostgres();
  const template = await readFile(inject("pgliteTemplate"));
  return wrapPglite(await PGlite.create({ loadDataDir: new Blob([template]) }));
}

async function freshPostgres(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `stempla_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString());
  await handle.migrate();
  await seedReferenceData(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // pool.end() resolves before its connections are gone; forcing them closed would fail them.
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await cleanup.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1",
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
