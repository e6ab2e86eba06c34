import { performance } from "node:perf_hooks";
import { buildApp } from "../../apps/api/src/app.ts";
import type { Config } from "../../apps/api/src/config.ts";
import type { BulkLoadResult, NetworkLoadResult } from "./bulk-load.ts";
import type { BenchDatabase } from "./database.ts";
import { percentile } from "./ingest.ts";

/** The statistics endpoints of the dashboard; `scoped`: takes the selection's query (else partner-wide). */
const ENDPOINTS: { name: string; path: string; scoped: boolean }[] = [
  { name: "stats", path: "/api/v2/dashboard/stats", scoped: true },
  { name: "scanHistory?period=week", path: "/api/v2/dashboard/scanHistory?period=week", scoped: true },
  { name: "scanHistory?period=month", path: "/api/v2/dashboard/scanHistory?period=month", scoped: true },
  { name: "redeemHistory", path: "/api/v2/dashboard/redeemHistory", scoped: true },
  { name: "redeemDilution", path: "/api/v2/dashboard/redeemDilution", scoped: true },
  { name: "customerHistory", path: "/api/v2/dashboard/customerHistory", scoped: true },
  { name: "pointBalance", path: "/api/v2/dashboard/pointBalance", scoped: true },
  { name: "pointBalance/available", path: "/api/v2/dashboard/pointBalance/available", scoped: false },
  { name: "topCustomers", path: "/api/v2/dashboard/topCustomers", scoped: false },
  { name: "fraud", path: "/api/v2/dashboard/fraud", scoped: true },
];

export interface EndpointTiming {
  endpoint: string;
  /** The selection, e.g. "all locations", "one location", "network", "50 locations". */
  scope: string;
  p50: number;
  p95: number;
  bytes: number;
}

/**
 * Every statistics endpoint of the bulk-loaded partner over HTTP on loopback, one request at a
 * time (latency, not throughput): `requests` measured after 5 warm-up requests, for all locations
 * and for one location.
 */
export async function benchStatistics(
  bench: BenchDatabase,
  config: Config,
  loaded: BulkLoadResult,
  requests: number,
  log: (line: string) => void,
): Promise<EndpointTiming[]> {
  // A location in the middle, with a typical share of the scans.
  const location = loaded.locationIds[Math.floor(loaded.locationIds.length / 2)]!;
  return timeEndpoints(
    bench,
    config,
    loaded.login,
    [
      { scope: "all locations", query: "" },
      { scope: "one location", query: `location=${location}` },
    ],
    requests,
    log,
  );
}

/**
 * The same for the master of a bulk-loaded franchise network (decision 008 section 4): the whole
 * network (scope=network), and chosen sets of 50 locations (spread over the network's companies)
 * and of all its locations (locations=, summing each location's rows).
 */
export async function benchNetworkStatistics(
  bench: BenchDatabase,
  config: Config,
  loaded: NetworkLoadResult,
  requests: number,
  log: (line: string) => void,
): Promise<EndpointTiming[]> {
  const ids = loaded.locationIds;
  const step = Math.max(1, Math.floor(ids.length / 50));
  const fifty = ids.filter((_, i) => i % step === 0).slice(0, 50);
  return timeEndpoints(
    bench,
    config,
    loaded.login,
    [
      { scope: "scope=network", query: "scope=network" },
      { scope: `locations= ${fifty.length}`, query: `locations=${fifty.join(",")}` },
      { scope: `locations= ${ids.length}`, query: `locations=${ids.join(",")}` },
    ],
    requests,
    log,
  );
}

async function timeEndpoints(
  bench: BenchDatabase,
  config: Config,
  loginBody: { email: string; password: string },
  selections: { scope: string; query: string }[],
  requests: number,
  log: (line: string) => void,
): Promise<EndpointTiming[]> {
  const app = await buildApp({ config, db: bench.handle.db, logger: false });
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  try {
    const login = await fetch(`${base}/api/v2/dashboard/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(loginBody),
    });
    if (login.status !== 200) throw new Error(`bench login failed: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}`, "accept-encoding": "gzip" };
    for (const selection of selections.filter((x) => !x.query.startsWith("location"))) {
      const url = `${base}/api/v2/dashboard/stats${selection.query ? `?${selection.query}` : ""}`;
      const stats = (await (await fetch(url, { headers })).json()) as {
        data: { scans: number; cardOwners: number; scanFrequency: { total: number; last24h: number } };
      };
      log(
        `${bench.label}: dashboard (${selection.scope}): ${stats.data.scans} scans this month, ` +
          `${stats.data.scanFrequency.total} in all, ${stats.data.cardOwners} card owners`,
      );
    }
    const timings: EndpointTiming[] = [];
    for (const endpoint of ENDPOINTS) {
      for (const { scope, query } of selections) {
        if (query && !endpoint.scoped) continue;
        const url = `${base}${endpoint.path}${query ? `${endpoint.path.includes("?") ? "&" : "?"}${query}` : ""}`;
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < requests + 5; i++) {
          const t0 = performance.now();
          const res = await fetch(url, { headers });
          const body = await res.arrayBuffer();
          const t1 = performance.now();
          if (res.status !== 200) {
            throw new Error(`${url.slice(0, 200)}: ${res.status} ${Buffer.from(body).toString()}`);
          }
          if (i >= 5) times.push(t1 - t0);
          bytes = body.byteLength;
        }
        times.sort((a, b) => a - b);
        timings.push({
          endpoint: endpoint.name,
          scope,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          bytes,
        });
      }
    }
    log(`${bench.label}: ${timings.length} endpoint/scope pairs, ${requests} requests each`);
    return timings;
  } finally {
    await app.close();
  }
}
