import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { connectPostgres, type DatabaseHandle, openPglite } from "../../apps/api/src/db/client.ts";
import { seedReferenceData } from "../../apps/api/src/db/seed/reference-data.ts";

export interface BenchDatabase {
  kind: "pglite" | "postgres";
  label: string;
  handle: DatabaseHandle;
  /** Closes the database and removes it (temp directory or database). */
  drop(): Promise<void>;
}

/** A fresh embedded database in a temporary directory, migrated and seeded. */
export async function pgliteBenchDatabase(): Promise<BenchDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "stempla-bench-"));
  const handle = await openPglite(path.join(dir, "pglite"));
  await handle.migrate();
  await seedReferenceData(handle.db);
  return {
    kind: "pglite",
    label: "PGlite",
    handle,
    async drop() {
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A new database on the server of `url` (its role must be allowed to create databases). */
export async function postgresBenchDatabase(url: string, poolSize?: number): Promise<BenchDatabase> {
  const name = `stempla_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = connectPostgres(target.toString(), poolSize);
  await handle.migrate();
  await seedReferenceData(handle.db);
  return {
    kind: "postgres",
    label: "PostgreSQL",
    handle,
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      // pool.end() resolves before its connections are gone; forcing them closed would log errors.
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
