import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { type DatabaseHandle, wrapPglite } from "../db/client.ts";
import { scratchPostgres } from "../db/scratch-database.ts";

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
  return scratchPostgres(adminUrl, "stempla_test", undefined, inject("postgresTemplate"));
}
