import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type DatabaseHandle, openPglite } from "../../apps/api/src/db/client.ts";
import { scratchPostgres } from "../../apps/api/src/db/scratch-database.ts";
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
  const handle = await scratchPostgres(url, "stempla_bench", poolSize);
  return { kind: "postgres", label: "PostgreSQL", handle, drop: () => handle.close() };
}
