// `npm run bench`: scan ingestion over HTTP and the statistics endpoints on a bulk-loaded partner,
// on embedded PGlite (a temporary directory) and, when DATABASE_URL is set, on PostgreSQL (a new
// database created for the run and dropped after it). Prints a table; never asserted in tests.
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { loadConfig } from "../../apps/api/src/config.ts";
import { tuneGarbageCollector } from "../../apps/api/src/lib/garbage-collector.ts";
import { bulkLoadNetwork, bulkLoadPartner } from "./bulk-load.ts";
import { type BenchDatabase, pgliteBenchDatabase, postgresBenchDatabase } from "./database.ts";
import { benchIngestion } from "./ingest.ts";
import { loopbackRoundTripUs, machineSpeedMs } from "./machine-speed.ts";
import { benchGuestMenu } from "./menu.ts";
import { BENCH_PAGES, benchPublicPages } from "./pages.ts";
import { runPgbench } from "./pgbench.ts";
import { benchNetworkStatistics, benchStatistics } from "./stats.ts";

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    seconds: { type: "string", default: "30" },
    warmup: { type: "string", default: "5" },
    clients: { type: "string", default: "48" },
    "light-clients": { type: "string", default: "4" },
    customers: { type: "string", default: "20000" },
    "pg-scans": { type: "string", default: "10000000" },
    "pglite-scans": { type: "string", default: "1000000" },
    locations: { type: "string", default: "1000" },
    requests: { type: "string", default: "100" },
    "pool-size": { type: "string", default: "10" },
    "skip-ingest": { type: "boolean", default: false },
    "skip-stats": { type: "boolean", default: false },
    "skip-pgbench": { type: "boolean", default: false },
    "pgbench-scale": { type: "string", default: "1" },
    "skip-network": { type: "boolean", default: false },
    "network-only": { type: "boolean", default: false },
    "pg-network-scans": { type: "string", default: "2000000" },
    "pglite-network-scans": { type: "string", default: "400000" },
    franchisees: { type: "string", default: "40" },
    "skip-menu": { type: "boolean", default: false },
    "menu-only": { type: "boolean", default: false },
    "menu-runs": { type: "string", default: "3" },
    "skip-pages": { type: "boolean", default: false },
    "pages-only": { type: "boolean", default: false },
    "pages-runs": { type: "string", default: "3" },
    pages: { type: "string" },
    "v8-pretenuring": { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(`npm run bench -- [--only pglite|postgres] [--seconds 30] [--warmup 5] [--clients 48] [--light-clients 4]
  [--customers 20000] [--pg-scans 10000000] [--pglite-scans 1000000] [--locations 1000]
  [--requests 100] [--pool-size 10] [--skip-ingest] [--skip-stats] [--skip-pgbench] [--pgbench-scale 1]
  [--skip-network] [--network-only] [--franchisees 40] [--pg-network-scans 2000000] [--pglite-network-scans 400000]
  [--skip-menu] [--menu-only] [--menu-runs 3] [--skip-pages] [--pages-only] [--pages-runs 3]
  [--pages /de,/de/pricing] [--v8-pretenuring]
PostgreSQL is measured when DATABASE_URL is set (its role must be allowed to create databases).
After the scans on PostgreSQL, pgbench (PGBENCH, else /usr/lib/postgresql/*/bin/pgbench) runs TPC-B
on a scratch database of that server (-i -s --pgbench-scale) with --clients clients, -M prepared,
for --seconds, and the scan rate is reported as a share of its transactions per second.
The franchise network (1 master + --franchisees franchisees, --locations locations in all) is
measured after the single partner; --network-only measures just the network.
The guest menu (40 dishes, 10 photos; Lighthouse mobile in Debian's chromium, CHROMIUM_PATH to
use another) is measured on PGlite at the end (the median of --menu-runs Lighthouse runs); --menu-only
measures just the menu.
The public pages (${BENCH_PAGES.join(", ")}, or --pages) of the
production build (\`npm run build\` first; WEB_DIST_DIR for another build) are measured last on
PGlite with Lighthouse mobile, the median of --pages-runs runs per page, failed accessibility audits
listed with their elements; --pages-only measures just the pages, --skip-pages leaves them out.
BENCH_LIGHTHOUSE_JSON=file.json keeps the median run's report (per page: file-de-pricing.json ...).
This process hosts the API with the server's garbage-collector tuning (no allocation-site
pretenuring, docs/decisions/014-no-pretenuring.md); --v8-pretenuring leaves V8's default, to compare.`);
  process.exit(0);
}
const num = (name: keyof typeof values) => {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name} must be a positive number (got ${values[name]})`);
    process.exit(1);
  }
  return n;
};

// The API runs in this process: tuned as server.ts tunes it, unless the default is to be measured.
if (!values["v8-pretenuring"]) tuneGarbageCollector();

const started = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const config = loadConfig({
  ...process.env,
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  WEB_DIST_DIR: "/nonexistent",
});
const targets: (() => Promise<BenchDatabase>)[] = [];
if (values.only !== "postgres") targets.push(pgliteBenchDatabase);
if (values.only !== "pglite") {
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    targets.push(() => postgresBenchDatabase(url, num("pool-size")));
  } else if (values.only === "postgres") {
    console.error("--only postgres needs DATABASE_URL");
    process.exit(1);
  }
}

type Row = [database: string, measurement: string, value: string, goal: string, met: string];
const rows: Row[] = [];
const ms = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));
const yes = (ok: boolean) => (ok ? "yes" : "no");
const STATS_GOAL_MS = 50; // issue 5 (and decision 008 §4 for networks): p95 under 50 ms on PostgreSQL

const speedBefore = machineSpeedMs();
const roundTripBefore = await loopbackRoundTripUs();
log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model}), load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(
      " ",
    )}, fixed CPU work ${speedBefore.toFixed(0)} ms, loopback round trip ${roundTripBefore.toFixed(0)} µs`,
);
for (const open of values["menu-only"] || values["pages-only"] ? [] : targets) {
  const bench = await open();
  const db = bench.label;
  const isPg = bench.kind === "postgres";
  try {
    if (!values["skip-ingest"] && !values["network-only"]) {
      log(`${db}: load average before ingestion ${loadavg()[0]!.toFixed(1)}`);
      const r = await benchIngestion(
        bench,
        config,
        {
          run: 1,
          clients: num("clients"),
          seconds: num("seconds"),
          warmupSeconds: num("warmup"),
          customers: num("customers"),
          partners: 10,
          locationsPerPartner: 5,
        },
        log,
      );
      const what = `POST /api/app/scan, ${r.clients} clients, ${r.locations} locations, ${r.customers} customers`;
      rows.push([
        db,
        `${what}: scans/s`,
        r.scansPerSecond.toFixed(0),
        isPg ? "≥ 1,000" : "–",
        isPg ? yes(r.scansPerSecond >= 1000) : "–",
      ]);
      rows.push([
        db,
        "scan latency p50 / p99 / max (ms)",
        `${ms(r.p50)} / ${ms(r.p99)} / ${ms(r.max)}`,
        isPg ? "p99 < 50" : "–",
        isPg ? yes(r.p99 < 50) : "–",
      ]);
      rows.push([
        db,
        "errors (non-2xx; full cards redeemed)",
        `${r.errors} (${r.redeems} redeemed)`,
        "0",
        yes(r.errors === 0),
      ]);
      rows.push([
        db,
        "CPU per scan (ms): API / database / load generator",
        `${r.apiCpuMs.toFixed(2)} / ${r.databaseCpuMs === undefined ? "in API" : r.databaseCpuMs.toFixed(2)} / ${r.clientCpuMs.toFixed(2)}`,
        "–",
        "–",
      ]);
      if (r.roundTrips !== undefined) {
        rows.push([db, "database round trips per scan (API)", r.roundTrips.toFixed(2), "–", "–"]);
      }
      rows.push([
        db,
        "event loop busy: API / load generator",
        `${(r.serverUtilization * 100).toFixed(0)} % / ${(r.clientUtilization * 100).toFixed(0)} %`,
        "–",
        "–",
      ]);
      rows.push([
        db,
        `API garbage collections${values["v8-pretenuring"] ? " (V8's default pretenuring)" : ""}: count / pauses in all / longest (ms)`,
        `${r.gc.count} / ${r.gc.totalMs.toFixed(0)} / ${r.gc.longestMs.toFixed(0)}`,
        "–",
        "–",
      ]);
      if (r.errors > 0) log(`${db}: errors ${JSON.stringify(r.errorKinds)}`);
      log(`${db}: ${r.scansPerSecond.toFixed(0)} scans/s, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms`);
      // The database alone with a short write transaction, on the same server and cores, right
      // after the scans: the yardstick of issue 17 (the scan path at least half of it).
      if (isPg && !values["skip-pgbench"]) {
        log(`${db}: load average before pgbench ${loadavg()[0]!.toFixed(1)}`);
        const p = await runPgbench(
          process.env.DATABASE_URL!,
          {
            clients: num("clients"),
            seconds: num("seconds"),
            scale: num("pgbench-scale"),
            threads: cpus().length,
          },
          log,
        );
        if (!p) {
          log(`${db}: pgbench not found (PGBENCH or /usr/lib/postgresql/*/bin/pgbench), not measured`);
        } else {
          log(`${db}: pgbench ${p.tps.toFixed(0)} tps, latency average ${ms(p.latencyMs)} ms`);
          rows.push([
            db,
            `pgbench TPC-B (scale ${p.scale}), ${p.clients} clients, -M prepared, ${p.seconds} s: transactions/s`,
            `${p.tps.toFixed(0)} (latency average ${ms(p.latencyMs)} ms)`,
            "–",
            "–",
          ]);
          const share = r.scansPerSecond / p.tps;
          rows.push([
            db,
            "scans/s as a share of pgbench's transactions/s",
            `${(share * 100).toFixed(0)} %`,
            "≥ 50 %",
            yes(share >= 0.5),
          ]);
        }
      }
      // The same below saturation: what a scan takes when it does not queue behind others.
      const light = await benchIngestion(
        bench,
        config,
        {
          run: 2,
          clients: num("light-clients"),
          seconds: Math.max(5, Math.round(num("seconds") / 3)),
          warmupSeconds: 2,
          customers: 2000,
          partners: 2,
          locationsPerPartner: 5,
        },
        log,
      );
      rows.push([
        db,
        `same with ${light.clients} clients: scans/s, latency p50 / p99 (ms)`,
        `${light.scansPerSecond.toFixed(0)}, ${ms(light.p50)} / ${ms(light.p99)}`,
        isPg ? "p99 < 50" : "–",
        isPg ? yes(light.p99 < 50) : "–",
      ]);
    }
    if (!values["skip-stats"] && !values["network-only"]) {
      const scans = num(isPg ? "pg-scans" : "pglite-scans");
      log(`${db}: bulk load of ${scans} scans over ${num("locations")} locations`);
      const loaded = await bulkLoadPartner(bench, config, { scans, locations: num("locations") }, log);
      const s = loaded.seconds;
      rows.push([
        db,
        `bulk load: ${loaded.scans.toLocaleString("en")} scans, ${loaded.customers.toLocaleString("en")} customers, ${loaded.locationIds.length} locations (s)`,
        `${(s.customers + s.scans + s.indexes + s.cards).toFixed(0)} (scans ${s.scans}, indexes ${s.indexes})`,
        "–",
        "–",
      ]);
      rows.push([db, "rebuildAggregates of that partner (s)", s.rebuild.toFixed(1), "–", "–"]);
      const timings = await benchStatistics(bench, config, loaded, num("requests"), log);
      for (const t of timings) {
        rows.push([
          db,
          `GET ${t.endpoint} (${t.scope}) p50 / p95 ms`,
          `${ms(t.p50)} / ${ms(t.p95)}`,
          `p95 < ${STATS_GOAL_MS}`,
          yes(t.p95 < STATS_GOAL_MS),
        ]);
      }
    }
    if (!values["skip-network"]) {
      const scans = num(isPg ? "pg-network-scans" : "pglite-network-scans");
      log(`${db}: bulk load of a network: ${scans} scans over ${num("locations")} locations`);
      const network = await bulkLoadNetwork(
        bench,
        config,
        { scans, locations: num("locations"), franchisees: num("franchisees") },
        log,
      );
      const s = network.seconds;
      rows.push([
        db,
        `network bulk load: 1 master + ${network.franchiseeIds.length} franchisees, ${network.locationIds.length} locations, ${network.scans.toLocaleString("en")} scans, ${network.customers.toLocaleString("en")} customers (s)`,
        `${(s.partners + s.customers + s.scans + s.indexes + s.cards).toFixed(0)} (partners ${s.partners}, scans ${s.scans})`,
        "–",
        "–",
      ]);
      rows.push([
        db,
        "rebuildAggregates of the network's companies and the network (s)",
        s.rebuild.toFixed(1),
        "–",
        "–",
      ]);
      const timings = await benchNetworkStatistics(bench, config, network, num("requests"), log);
      for (const t of timings) {
        rows.push([
          db,
          `master: GET ${t.endpoint} (${t.scope}) p50 / p95 ms`,
          `${ms(t.p50)} / ${ms(t.p95)}`,
          `p95 < ${STATS_GOAL_MS}`,
          yes(t.p95 < STATS_GOAL_MS),
        ]);
      }
    }
  } finally {
    await bench.drop();
  }
}

// The guest page's numbers do not depend on the database (decision 009, section 7): PGlite only.
if (!values["skip-menu"] && !values["pages-only"]) {
  const bench = await pgliteBenchDatabase();
  try {
    const m = await benchGuestMenu(bench, config, { dishes: 40, photos: 10, runs: num("menu-runs") }, log);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const what = `guest menu /dm/{id}, ${m.dishes} dishes, ${m.photos} photos, Lighthouse mobile`;
    rows.push([
      "–",
      `${what}: performance, median of ${m.performanceRuns.length} runs (all runs)`,
      `${m.performance} (${m.performanceRuns.join(", ")})`,
      "≥ 95",
      yes(m.performance >= 95),
    ]);
    rows.push([
      "–",
      "guest menu: accessibility",
      String(m.accessibility),
      "100",
      yes(m.accessibility === 100),
    ]);
    rows.push([
      "–",
      "guest menu: LCP / TBT (ms) / CLS",
      `${ms(m.lcpMs)} / ${ms(m.tbtMs)} / ${m.cls.toFixed(3)}`,
      "–",
      "–",
    ]);
    rows.push([
      "–",
      "guest menu: total transfer (HTML gzip)",
      `${kb(m.totalBytes)} (${kb(m.htmlGzipBytes)})`,
      "–",
      "–",
    ]);
    const js = m.inlineScriptGzipBytes + m.scriptTransferBytes;
    rows.push([
      "–",
      "guest menu: JavaScript gzip (inline / script files)",
      `${kb(js)} (${kb(m.inlineScriptGzipBytes)} / ${kb(m.scriptTransferBytes)})`,
      "≤ 15 KB",
      yes(js <= 15 * 1024),
    ]);
    for (const f of m.failing.slice(0, 10)) {
      log(`guest menu: ${f.category} audit ${f.id} score ${f.score} ${f.display} (${f.title})`);
    }
  } finally {
    await bench.drop();
  }
}

// The public pages (issue 17) do not depend on the database either: PGlite only.
if (!values["skip-pages"] && !values["menu-only"] && !values["network-only"]) {
  const bench = await pgliteBenchDatabase();
  try {
    const pages = await benchPublicPages(
      bench,
      config,
      { runs: num("pages-runs"), paths: values.pages?.split(",") },
      log,
      () => loadavg()[0]!,
    );
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    for (const p of pages) {
      rows.push([
        "–",
        `${p.path}: Lighthouse mobile performance, median of ${p.performanceRuns.length} runs (all runs; load average)`,
        `${p.performance} (${p.performanceRuns.join(", ")}; ${p.loadAverage.toFixed(1)})`,
        "≥ 95",
        yes(p.performance >= 95),
      ]);
      rows.push([
        "–",
        `${p.path}: accessibility`,
        String(p.accessibility),
        "100",
        yes(p.accessibility === 100),
      ]);
      rows.push([
        "–",
        `${p.path}: first / largest contentful paint (ms)`,
        `${p.fcpMs.toFixed(0)} / ${p.lcpMs.toFixed(0)}`,
        "LCP < 1,800",
        yes(p.lcpMs < 1800),
      ]);
      rows.push([
        "–",
        `${p.path}: total blocking time (ms) / CLS / speed index (ms)`,
        `${p.tbtMs.toFixed(0)} / ${p.cls.toFixed(3)} / ${p.speedIndexMs.toFixed(0)}`,
        "–",
        "–",
      ]);
      rows.push([
        "–",
        `${p.path}: transferred KB: JavaScript / CSS / all`,
        `${kb(p.scriptTransferBytes)} / ${kb(p.styleTransferBytes)} / ${kb(p.totalBytes)}`,
        "–",
        "–",
      ]);
      log(`${p.path}: LCP element ${p.lcpElement}: ${p.lcpPhases}`);
      for (const f of p.failing.filter((f) => f.category === "performance").slice(0, 8)) {
        log(`${p.path}: performance audit ${f.id} score ${f.score} ${f.display} (${f.title})`);
      }
      for (const a of p.accessibilityFailures) {
        log(`${p.path}: accessibility audit ${a.id} failed (${a.title}) on:`);
        for (const e of a.elements) log(`    ${e.selector} ${e.snippet} ${e.explanation}`);
      }
    }
  } finally {
    await bench.drop();
  }
}

rows.push([
  "–",
  "machine: fixed CPU work on one core (ms, median of 7), before / after the bench",
  `${speedBefore.toFixed(0)} / ${machineSpeedMs().toFixed(0)}`,
  "–",
  "–",
]);
rows.push([
  "–",
  "machine: loopback TCP round trip (µs, median of 5 × 2,000), before / after the bench",
  `${roundTripBefore.toFixed(0)} / ${(await loopbackRoundTripUs()).toFixed(0)}`,
  "–",
  "–",
]);

const header: Row = ["database", "measurement", "value", "goal", "met?"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: Row) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
console.log(
  `\n${line(header)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|\n${rows.map(line).join("\n")}`,
);
log(
  `done, load average now ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
