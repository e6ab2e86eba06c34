import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";

/** The one database type services take: the same for embedded PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, "migrations");

export function connectPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that the server ends (restart, failover, terminated backend) is reported
  // here; without a listener node-postgres throws it and the whole process stops. The pool drops
  // that connection and opens a new one for the next query.
  pool.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/** Embedded PostgreSQL (WASM) in `dataDir`, or in memory when dataDir is undefined. */
export async function openPglite(dataDir: string | undefined, from?: PGlite): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = from ? await from.clone() : await PGlite.create(dataDir);
  return wrapPglite(client as PGlite);
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  return opts.databaseUrl ? connectPostgres(opts.databaseUrl) : openPglite(path.join(opts.dataDir, "pglite"));
}

/**
 * `db.execute(query)` as a named prepared statement: on PostgreSQL each connection parses and
 * plans it once and then only binds parameters (parsing and planning were over half of the
 * database's CPU time per scan, docs/performance.md); PGlite runs it as usual. One name, one SQL
 * text: only the parameters may differ between calls. For the hot paths only (the scan).
 */
export async function executePrepared(db: Database, name: string, query: SQL): Promise<unknown> {
  // Drizzle's own execute() with a statement name.
  const { dialect, session } = db as unknown as DrizzleInternals;
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}

/**
 * A named prepared statement whose SQL text and parameter list are built once per database, from
 * `build()` with `sql.placeholder(name)` for every value that differs between calls: a call only
 * binds its values. For the statement run on every scan, where building the text from its `sql`
 * template each time was a noticeable share of the API's CPU (docs/performance.md). On PostgreSQL
 * it is prepared per connection as executePrepared() does; PGlite runs it as usual.
 */
export function preparedStatement(
  name: string,
  build: () => SQL,
): (db: Database, values: Record<string, unknown>) => Promise<unknown> {
  const prepared = new WeakMap<Database, { execute(values: Record<string, unknown>): Promise<unknown> }>();
  return (db, values) => {
    let query = prepared.get(db);
    if (!query) {
      const { dialect, session } = db as unknown as DrizzleInternals;
      query = session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
      prepared.set(db, query);
    }
    return query.execute(values);
  };
}

/** Drizzle's dialect and session, internal to drizzle: what runs a raw query under a statement name. */
interface DrizzleInternals {
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
}

/** The rows of a raw `db.execute(sql...)` result; PGlite and node-postgres both carry `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** PostgreSQL's SQLSTATE of an error, as raised directly or wrapped by drizzle. */
export function sqlState(error: unknown): string | undefined {
  return (
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code
  );
}

/** A unique constraint refused the write (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === "23505";
}
