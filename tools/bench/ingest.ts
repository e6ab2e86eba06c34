import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { PerformanceObserver, performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../../apps/api/src/app.ts";
import type { Config } from "../../apps/api/src/config.ts";
import { type Database, rowsOf } from "../../apps/api/src/db/client.ts";
import { hashToken } from "../../apps/api/src/modules/auth/secrets.ts";
import { createSimPartners } from "../simulate/partners.ts";
import type { BenchDatabase } from "./database.ts";
import type { LoadJob, LoadResult } from "./load-client.ts";

/** A Postgres array literal of simple values (numbers, hex, base64url), passed as one parameter. */
export const arrayLiteral = (values: (string | number)[]) => `{${values.join(",")}}`;

/**
 * `count` app customers with a valid app session each, inserted in bulk (no password, a made-up
 * wallet address: the benchmark measures scans, not registration). Returns their Bearer tokens.
 */
export async function bulkAppCustomers(db: Database, count: number, tag: string): Promise<string[]> {
  await db.execute(sql`
    insert into app_users (email, first_name, surname, wallet_address, locale)
    select 'bench-' || ${tag} || '-' || g || '@example.com', 'Bench', 'Kunde ' || g,
      '0x' || md5(${tag} || g) || substr(md5(g || ${tag}), 1, 8), 'de'
    from generate_series(1, ${count}::int) g`);
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id::int from app_users where email like ${`bench-${tag}-%`} order by id`),
  ).map((r) => r.id);
  const tokens = ids.map(() => randomBytes(24).toString("base64url"));
  await db.execute(sql`
    insert into app_sessions (app_user_id, token_hash, expires_at)
    select id, hash, now() + interval '1 day'
    from unnest(${arrayLiteral(ids)}::bigint[], ${arrayLiteral(tokens.map(hashToken))}::text[]) as t(id, hash)`);
  return tokens;
}

export interface IngestOptions {
  /** Distinguishes the accounts of several runs on one database. */
  run: number;
  clients: number;
  seconds: number;
  warmupSeconds: number;
  customers: number;
  partners: number;
  locationsPerPartner: number;
}

export interface IngestResult {
  clients: number;
  locations: number;
  customers: number;
  scansPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  errorKinds: Record<string, number>;
  redeems: number;
  /** Event-loop utilisation of the API's thread and of the load generator's thread. */
  serverUtilization: number;
  clientUtilization: number;
  /** CPU time per answered request (ms): the API process, PostgreSQL's processes, the load generator. */
  apiCpuMs: number;
  databaseCpuMs: number | undefined;
  clientCpuMs: number;
  /** Database round trips of the API per answered request (PostgreSQL only). */
  roundTrips: number | undefined;
  /** The API process's garbage collections while measuring: how many, their pauses in all and the longest (ms). */
  gc: GcPauses;
}

export interface GcPauses {
  count: number;
  totalMs: number;
  longestMs: number;
}

/**
 * Watches this process's garbage collections. Each one pauses the API's event loop and so every
 * request in flight at once: its pauses show up in the scans' p99 (docs/decisions/014-no-pretenuring.md).
 */
function watchGarbageCollections(): { stop(): GcPauses } {
  const pauses: GcPauses = { count: 0, totalMs: 0, longestMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      pauses.count++;
      pauses.totalMs += entry.duration;
      pauses.longestMs = Math.max(pauses.longestMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  return {
    stop: () => {
      observer.disconnect();
      return pauses;
    },
  };
}

/**
 * Counts the API's database round trips: node-postgres sends every `Client#query` (BEGIN and
 * COMMIT included) and waits for its answer before the next one on that connection.
 */
function countRoundTrips(): { count(): number; stop(): void } {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let n = 0;
  proto.query = function (this: unknown, ...args: unknown[]) {
    n++;
    return original.apply(this, args);
  };
  return {
    count: () => n,
    stop: () => {
      proto.query = original;
    },
  };
}

/** CPU time (ms) used so far by PostgreSQL's processes for this database (backends, WAL writer...). */
async function postgresCpuMs(db: Database): Promise<number | undefined> {
  const pids = rowsOf<{ pid: number }>(
    await db.execute(sql`
      select pid from pg_stat_activity
      where datname = current_database() or backend_type in ('walwriter', 'background writer', 'checkpointer')`),
  ).map((r) => r.pid);
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields 14 and 15 of /proc/<pid>/stat: user and system time in clock ticks (100 per second).
      const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return undefined; // PostgreSQL on another machine: not measurable from here.
    }
  }
  return ticks * 10;
}

export const percentile = (sorted: Float64Array | number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Scan ingestion over HTTP: the real API on loopback, live partners with a high PIN limit, many
 * customers; `clients` concurrent clients scan for `seconds` after a warm-up.
 */
export async function benchIngestion(
  bench: BenchDatabase,
  config: Config,
  opts: IngestOptions,
  log: (line: string) => void,
): Promise<IngestResult> {
  const db = bench.handle.db;
  log(`${bench.label}: ${opts.partners} live partners, ${opts.customers} customers`);
  const { companyIds, locations } = await createSimPartners(db, config, {
    count: opts.partners,
    locationsPerPartner: opts.locationsPerPartner,
    seed: 1,
    firstNumber: opts.run * 100 + 1,
    adminId: undefined,
  });
  const PIN = "1234";
  // High limit: the benchmark measures collections, not refusals.
  await db.execute(sql`
    update locations set pin = ${PIN}, limit_count = 50, limit_hours = 1
    where company_id in (${sql.join(companyIds, sql`, `)})`);
  const codes = rowsOf<{ scan_code: string }>(
    await db.execute(
      sql`select scan_code from locations where company_id in (${sql.join(companyIds, sql`, `)})`,
    ),
  ).map((r) => r.scan_code);
  const tokens = await bulkAppCustomers(db, opts.customers, `ingest${opts.run}`);

  const app = await buildApp({ config, db, logger: false });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  try {
    log(
      `${bench.label}: ${opts.clients} clients scanning for ${opts.warmupSeconds} + ${opts.seconds} s at ${url}`,
    );
    const job: LoadJob = {
      url,
      tokens,
      codes,
      pin: PIN,
      clients: opts.clients,
      warmupMs: opts.warmupSeconds * 1000,
      durationMs: opts.seconds * 1000,
    };
    const child = fork(new URL("./load-client.ts", import.meta.url), { serialization: "advanced" });
    let serverElu = performance.eventLoopUtilization();
    let serverCpu = process.cpuUsage();
    let databaseCpu: number | undefined;
    let roundTrips: ReturnType<typeof countRoundTrips> | undefined;
    let collections: ReturnType<typeof watchGarbageCollections> | undefined;
    // BENCH_PROFILE=file.cpuprofile: a CPU profile of the API thread while measuring.
    const profiler = process.env.BENCH_PROFILE ? new Session() : undefined;
    const warm = setTimeout(async () => {
      serverElu = performance.eventLoopUtilization();
      serverCpu = process.cpuUsage();
      databaseCpu = bench.kind === "postgres" ? await postgresCpuMs(db) : undefined;
      if (bench.kind === "postgres") roundTrips = countRoundTrips();
      collections = watchGarbageCollections();
      if (profiler) {
        profiler.connect();
        await profiler.post("Profiler.enable");
        await profiler.post("Profiler.start");
      }
    }, job.warmupMs);
    const result = await new Promise<LoadResult>((resolve, reject) => {
      child.once("message", (message) => resolve(message as LoadResult));
      child.once("error", reject);
      child.once("exit", (code) => reject(new Error(`load generator stopped (${code})`)));
      child.send(job);
    });
    clearTimeout(warm);
    const gc = collections?.stop() ?? { count: 0, totalMs: 0, longestMs: 0 };
    const trips = roundTrips?.count();
    roundTrips?.stop();
    const serverUtilization = performance.eventLoopUtilization(serverElu).utilization;
    const serverUsed = process.cpuUsage(serverCpu);
    const databaseUsed =
      databaseCpu === undefined ? undefined : ((await postgresCpuMs(db)) ?? Number.NaN) - databaseCpu;
    if (profiler) {
      const { profile } = await profiler.post("Profiler.stop");
      await writeFile(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      profiler.disconnect();
    }
    const sorted = result.latencies.sort();
    const errors = Object.values(result.errors).reduce((a, b) => a + b, 0);
    const answered = Math.max(1, result.requests);
    return {
      clients: opts.clients,
      locations,
      customers: opts.customers,
      scansPerSecond: (result.requests - errors) / (result.measuredMs / 1000),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
      errors,
      errorKinds: result.errors,
      redeems: result.redeems,
      serverUtilization,
      clientUtilization: result.clientUtilization,
      apiCpuMs: (serverUsed.user + serverUsed.system) / 1000 / answered,
      databaseCpuMs: databaseUsed === undefined ? undefined : databaseUsed / answered,
      clientCpuMs: result.clientCpuMs / answered,
      roundTrips: trips === undefined ? undefined : trips / answered,
      gc,
    };
  } finally {
    await app.close();
  }
}
