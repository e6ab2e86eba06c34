// The browser tests' server (apps/web/e2e/playwright.config.ts starts it): the production server of
// `npm start`. Where TEST_DATABASE_URL names a PostgreSQL server (CI starts one, .ci/run), it runs
// on a new database there, made empty before the start and dropped when the server has stopped;
// elsewhere on the embedded PGlite database in DATA_DIR. Why PostgreSQL where there is one:
// docs/decisions/011-ci-time.md.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";

const server = path.resolve(import.meta.dirname, "../../apps/api/src/server.ts");
const adminUrl = process.env.TEST_DATABASE_URL;

async function onAdmin(query: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

const env = { ...process.env };
let database: string | undefined;
if (adminUrl) {
  database = `stempla_e2e_${randomBytes(6).toString("hex")}`;
  await onAdmin(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
  // The demo accounts the specs sign in with; on PGlite "auto" seeds them into the empty database,
  // on PostgreSQL only "always" does (apps/api/src/db/seed/start-up.ts).
  env.SEED_DEMO = "always";
}

// The same Node with the same loader (tsx) this script runs under.
const child = spawn(process.execPath, [...process.execArgv, server], { env, stdio: "inherit" });

// Playwright stops the server with SIGTERM to its process group (webServer.gracefulShutdown): the
// server shuts down by itself; this process waits for it, then drops the database.
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => child.kill(signal));

const code = await new Promise<number>((resolve) => {
  child.on("exit", (status, signal) => resolve(status ?? (signal ? 1 : 0)));
});
if (database) await onAdmin(`drop database if exists ${database} with (force)`);
process.exit(code);
