import { performance } from "node:perf_hooks";
import { buildApp } from "../../apps/api/src/app.ts";
import type { Config } from "../../apps/api/src/config.ts";
import type { BulkLoadResult } from "./bulk-load.ts";
import type { BenchDatabase } from "./database.ts";
import { percentile } from "./ingest.ts";

/** The statistics endpoints of the dashboard; `scoped`: takes ?location= (else partner-wide). */
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
  scope: "all locations" | "one location";
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
  const app = await buildApp({ config, db: bench.handle.db, logger: false });
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  try {
    const login = await fetch(`${base}/api/v2/dashboard/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(loaded.login),
    });
    if (login.status !== 200) throw new Error(`bench login failed: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}`, "accept-encoding": "gzip" };
    const stats = (await (await fetch(`${base}/api/v2/dashboard/stats`, { headers })).json()) as {
      data: { scans: number; cardOwners: number; scanFrequency: { total: number; last24h: number } };
    };
    log(
      `${bench.label}: dashboard of the loaded partner: ${stats.data.scans} scans this month, ` +
        `${stats.data.scanFrequency.total} in all, ${stats.data.cardOwners} card owners`,
    );
    // A location in the middle, with a typical share of the scans.
    const location = loaded.locationIds[Math.floor(loaded.locationIds.length / 2)]!;
    const timings: EndpointTiming[] = [];
    for (const endpoint of ENDPOINTS) {
      for (const scope of ["all locations", "one location"] as const) {
        if (scope === "one location" && !endpoint.scoped) continue;
        const url = `${base}${endpoint.path}${scope === "one location" ? `${endpoint.path.includes("?") ? "&" : "?"}location=${location}` : ""}`;
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < requests + 5; i++) {
          const t0 = performance.now();
          const res = await fetch(url, { headers });
          const body = await res.arrayBuffer();
          const t1 = performance.now();
          if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString()}`);
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
