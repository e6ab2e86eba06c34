// What one PostgreSQL database holds per scan (docs/scaling.md): bulk-loads a partner with
// --scans scans (as `npm run bench` does), then measures the bytes per scan row of the table and
// of each index, the aggregates' size, how the indexes grow under inserts in arrival order, what
// raw-scan statistics would cost, and the rows, updates and transaction ids one scan through the
// API writes. On a scratch database that is dropped at the end; never asserted in tests.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx tools/bench/table-sizes.ts
import { loadavg, totalmem } from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../apps/api/src/config.ts";
import { type Database, rowsOf } from "../../apps/api/src/db/client.ts";
import { bulkLoadPartner } from "./bulk-load.ts";
import { postgresBenchDatabase } from "./database.ts";
import { benchIngestion } from "./ingest.ts";

const { values } = parseArgs({
  options: {
    scans: { type: "string", default: "10000000" },
    locations: { type: "string", default: "1000" },
    "arrival-scans": { type: "string", default: "1000000" },
    "ingest-seconds": { type: "string", default: "20" },
    "ingest-clients": { type: "string", default: "4" },
    "ingest-customers": { type: "string", default: "500" },
  },
});
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL must name a PostgreSQL server whose role may create databases");
  process.exit(1);
}
const started = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
const config = loadConfig({
  ...process.env,
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  WEB_DIST_DIR: "/nonexistent",
});
const MB = 1024 * 1024;
const TABLES = [
  "scans",
  "cards",
  "app_users",
  "stats_months",
  "stats_days",
  "stats_hours",
  "stats_points",
  "stats_customer_seen",
  "fraud_events",
];

interface Size {
  table: string;
  rows: number;
  heap: number;
  indexes: number;
  total: number;
}

async function sizes(db: Database): Promise<Size[]> {
  const out: Size[] = [];
  for (const table of TABLES) {
    const [row] = rowsOf<{ rows: number; heap: number; indexes: number; total: number }>(
      await db.execute(sql`
        select (select count(*) from ${sql.identifier(table)})::float8 as rows,
          pg_relation_size(${table}::regclass)::float8 as heap,
          pg_indexes_size(${table}::regclass)::float8 as indexes,
          pg_total_relation_size(${table}::regclass)::float8 as total`),
    );
    out.push({ table, ...row! });
  }
  return out;
}

async function scanIndexSizes(db: Database, table = "scans"): Promise<Map<string, number>> {
  const rows = rowsOf<{ name: string; bytes: number }>(
    await db.execute(sql`
      select c.relname as name, pg_relation_size(c.oid)::float8 as bytes
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ${table}::regclass order by c.relname`),
  );
  return new Map(rows.map((r) => [r.name, r.bytes]));
}

async function median(db: Database, query: ReturnType<typeof sql>, runs = 3): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await db.execute(query);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

const bench = await postgresBenchDatabase(url);
const db = bench.handle.db;
try {
  const settings = rowsOf<{ name: string; setting: string }>(
    await db.execute(sql`
      select name, current_setting(name) as setting from pg_settings where name in ('shared_buffers', 'autovacuum_freeze_max_age',
        'autovacuum_vacuum_insert_threshold', 'autovacuum_vacuum_insert_scale_factor',
        'autovacuum_vacuum_scale_factor', 'server_version')`),
  );
  log(`machine: ${(totalmem() / 1024 ** 3).toFixed(0)} GB RAM, load average ${load()}`);
  log(`settings: ${settings.map((s) => `${s.name}=${s.setting}`).join(", ")}`);

  // 1. The bench's partner: a year of scans, indexes built after the load, aggregates rebuilt.
  const loaded = await bulkLoadPartner(
    bench,
    config,
    { scans: Number(values.scans), locations: Number(values.locations) },
    log,
  );
  const bulk = await sizes(db);
  const bulkIndexes = await scanIndexSizes(db);
  const scansRows = bulk[0]!.rows;
  log(`after the bulk load (load average ${load()}):`);
  console.log("| table | rows | heap MB | indexes MB | total MB | bytes per scan (total) |");
  console.log("|---|---|---|---|---|---|");
  for (const s of bulk) {
    console.log(
      `| ${s.table} | ${s.rows.toLocaleString("en")} | ${(s.heap / MB).toFixed(0)} | ${(s.indexes / MB).toFixed(0)} | ${(s.total / MB).toFixed(0)} | ${(s.total / scansRows).toFixed(1)} |`,
    );
  }
  for (const [name, bytes] of bulkIndexes) {
    log(`  index ${name}: ${(bytes / MB).toFixed(0)} MB, ${(bytes / scansRows).toFixed(1)} bytes per scan`);
  }

  // 2. Statistics from raw scans instead of the aggregates (what the aggregates save): one month
  // per location, and the year's distinct customers, of the partner's 10 million scans.
  const monthPerLocation = await median(
    db,
    sql`select location_id, count(*) from scans where company_id = ${loaded.companyId}
        and created_at >= date_trunc('month', now()) - interval '1 month' and created_at < date_trunc('month', now())
        group by location_id`,
  );
  const yearCustomers = await median(
    db,
    sql`select count(distinct app_user_id) from scans where company_id = ${loaded.companyId}
        and created_at >= now() - interval '1 year'`,
  );
  log(
    `raw scans: last month per location ${monthPerLocation.toFixed(0)} ms, the year's distinct customers ${yearCustomers.toFixed(0)} ms (median of 3)`,
  );

  // 3. Scans as they arrive: in time order, random customers and locations, each with an
  // Idempotency-Key (36 characters, a UUID), inserted with every index maintained row by row. Into
  // an empty copy of the table with the same indexes (no foreign keys), so the indexes come out as
  // a live table's do (a built index is packed; one grown by inserts at random keys is not).
  await db.execute(sql`create table scans_arrival (like scans including all)`);
  const arrival = Number(values["arrival-scans"]);
  const [{ first, customers }] = rowsOf<{ first: number; customers: number }>(
    await db.execute(sql`
      select min(id)::int as first, count(*)::int as customers from app_users where email like 'bulk-%@example.com'`),
  ) as [{ first: number; customers: number }];
  const locs = `{${loaded.locationIds.join(",")}}`;
  const t0 = performance.now();
  for (let from = 0; from < arrival; from += 100_000) {
    const to = Math.min(arrival, from + 100_000) - 1;
    await db.execute(sql`
      insert into scans_arrival (company_id, location_id, app_user_id, kind, points, balance, method, with_pin, idempotency_key, created_at)
      select ${loaded.companyId}, (${locs}::bigint[])[1 + (hashint4(g) & 2147483647) % ${loaded.locationIds.length}::int],
        ${first}::bigint + (hashint4(g + 7) & 2147483647) % ${customers}::int, 'collect', 1, 1 + g % 10,
        case when g % 4 = 0 then 'nfc' else 'qr' end, false,
        md5('arrival' || g)::uuid::text, now() + make_interval(secs => g / 1000.0)
      from generate_series(${from}::int, ${to}::int) g order by g`);
  }
  const arrivalSeconds = (performance.now() - t0) / 1000;
  const [grown] = rowsOf<{ heap: number; total: number }>(
    await db.execute(sql`
      select pg_relation_size('scans_arrival')::float8 as heap, pg_total_relation_size('scans_arrival')::float8 as total`),
  );
  log(
    `${arrival.toLocaleString("en")} scans in arrival order: ${(arrival / arrivalSeconds).toFixed(0)} rows/s in 100,000-row statements (load average ${load()}); bytes per scan:`,
  );
  log(`  heap ${(grown!.heap / arrival).toFixed(1)}, total ${(grown!.total / arrival).toFixed(1)}`);
  for (const [name, bytes] of await scanIndexSizes(db, "scans_arrival")) {
    log(`  index ${name}: ${(bytes / arrival).toFixed(1)}`);
  }
  await db.execute(sql`drop table scans_arrival`);

  // 4. What one scan through the API writes: rows inserted and updated per table (HOT: without a
  // new index entry), dead rows left for autovacuum, transaction ids used.
  await db.execute(sql`select pg_stat_clear_snapshot()`);
  const tupleStats = async () =>
    new Map(
      rowsOf<{ table: string; ins: number; upd: number; hot: number; dead: number }>(
        await db.execute(sql`
          select relname as table, n_tup_ins::float8 as ins, n_tup_upd::float8 as upd,
            n_tup_hot_upd::float8 as hot, n_dead_tup::float8 as dead
          from pg_stat_user_tables where relname in ${sql.raw(`(${TABLES.map((t) => `'${t}'`).join(",")})`)}`),
      ).map((r) => [r.table, r]),
    );
  const xid = async () =>
    rowsOf<{ x: number }>(await db.execute(sql`select txid_current()::float8 as x`))[0]!.x;
  log(`load average before ingestion ${load()}`);
  const before = await tupleStats();
  const x0 = await xid();
  const r = await benchIngestion(
    bench,
    config,
    {
      run: 1,
      clients: Number(values["ingest-clients"]),
      seconds: Number(values["ingest-seconds"]),
      warmupSeconds: 2,
      customers: Number(values["ingest-customers"]),
      partners: 2,
      locationsPerPartner: 5,
    },
    log,
  );
  const x1 = await xid();
  // Backends report their counters when idle, at the latest 10 s later (PostgreSQL 15).
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  await db.execute(sql`select pg_stat_clear_snapshot()`);
  const afterIngest = await tupleStats();
  const ingested = afterIngest.get("scans")!.ins - before.get("scans")!.ins;
  log(
    `ingestion: ${r.clients} clients, ${r.scansPerSecond.toFixed(0)} scans/s, p99 ${r.p99.toFixed(0)} ms, ${ingested} scans, ${((x1 - x0) / ingested).toFixed(2)} transaction ids per scan (load average ${load()})`,
  );
  console.log("| table | inserted per scan | updated per scan | of them HOT | dead rows left per scan |");
  console.log("|---|---|---|---|---|");
  // app_users' inserts are the bench's own customers, made before the clients start.
  for (const table of TABLES.filter((t) => t !== "app_users")) {
    const a = afterIngest.get(table);
    const b = before.get(table);
    if (!a || !b) continue;
    const upd = a.upd - b.upd;
    console.log(
      `| ${table} | ${((a.ins - b.ins) / ingested).toFixed(2)} | ${(upd / ingested).toFixed(2)} | ${upd === 0 ? "–" : `${(((a.hot - b.hot) / upd) * 100).toFixed(0)} %`} | ${((a.dead - b.dead) / ingested).toFixed(2)} |`,
    );
  }
  log(`done, load average ${load()}`);
} finally {
  await bench.drop();
}
