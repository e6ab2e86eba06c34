import { randomBytes } from "node:crypto";
import pg from "pg";
import { connectPostgres, type DatabaseHandle } from "./client.ts";
import { seedReferenceData } from "./seed/reference-data.ts";

/**
 * A new database with a random name on the PostgreSQL server of `adminUrl` (its role must be
 * allowed to create databases), migrated and seeded with reference data, or a copy of `template`,
 * a database already migrated and seeded that nobody is connected to (a copy takes a fraction of
 * the migrations' time). Closing the handle drops the database. For test files and benchmarks,
 * which must leave the server as they found it.
 */
export async function scratchPostgres(
  adminUrl: string,
  prefix: string,
  poolSize?: number,
  template?: string,
): Promise<DatabaseHandle> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString(), poolSize);
  if (!template) {
    await handle.migrate();
    await seedReferenceData(handle.db);
  }
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
