// The load generator of `npm run bench`, in a child process of its own, so that neither its event
// loop nor its CPU time is mixed up with the API's: `clients` concurrent app clients POST
// /api/app/scan (a random customer at a random location) for a fixed time; a full card is
// redeemed with the staff PIN, as the app would. Node built-ins only: node:http with one
// kept-alive connection per client, which costs about half the CPU per request of fetch (undici's
// WHATWG streams); on two shared cores the generator's CPU is taken from the API and PostgreSQL.
import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import { gunzipSync, inflateSync } from "node:zlib";

export interface LoadJob {
  url: string;
  tokens: string[];
  codes: string[];
  pin: string;
  clients: number;
  warmupMs: number;
  durationMs: number;
}

export interface LoadResult {
  /** Answered scans and redemptions in the measured period, and their latencies (ms). */
  requests: number;
  redeems: number;
  errors: Record<string, number>;
  latencies: Float64Array;
  measuredMs: number;
  /** How busy the generator's own event loop was (near 1: the client is the bottleneck). */
  clientUtilization: number;
  /** CPU time the generator used while measuring (ms). */
  clientCpuMs: number;
}

let seed = 12345;
/** xorshift32: which customer scans where (the same sequence in every run). */
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 4294967296;
};

let agent: Agent | undefined;

/** POST as the app does (Bearer token, JSON, gzip accepted); the body is read only for a 409's code. */
function post(url: string, token: string, body: object): Promise<{ status: number; code?: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          "accept-encoding": "gzip, deflate",
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          if (status !== 409) return resolve({ status });
          const raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const text = (
            encoding === "gzip" ? gunzipSync(raw) : encoding === "deflate" ? inflateSync(raw) : raw
          ).toString("utf8");
          resolve({ status, code: (JSON.parse(text) as { code?: string }).code });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function run(job: LoadJob): Promise<LoadResult> {
  agent = new Agent({ keepAlive: true, maxSockets: job.clients });
  const latencies = new Float64Array(4_000_000);
  let count = 0;
  let redeems = 0;
  const errors: Record<string, number> = {};
  const start = performance.now();
  const measureFrom = start + job.warmupMs;
  const end = measureFrom + job.durationMs;
  const elu = { value: performance.eventLoopUtilization() };
  let cpu = process.cpuUsage();

  const record = (t0: number, t1: number) => {
    if (t0 >= measureFrom && t1 <= end && count < latencies.length) latencies[count++] = t1 - t0;
  };
  const client = async () => {
    while (performance.now() < end) {
      const token = job.tokens[Math.floor(random() * job.tokens.length)]!;
      const code = job.codes[Math.floor(random() * job.codes.length)]!;
      const t0 = performance.now();
      try {
        const res = await post(`${job.url}/api/app/scan`, token, {
          code,
          method: random() < 0.3 ? "nfc" : "qr",
        });
        record(t0, performance.now());
        if (res.code === "card_full") {
          const t2 = performance.now();
          const redeem = await post(`${job.url}/api/app/redeem`, token, { code, pin: job.pin });
          record(t2, performance.now());
          if (redeem.status === 201 && t2 >= measureFrom) redeems++;
          else if (redeem.status !== 201)
            errors[`redeem ${redeem.status}`] = (errors[`redeem ${redeem.status}`] ?? 0) + 1;
        } else if (res.status !== 201 && t0 >= measureFrom) {
          errors[String(res.status)] = (errors[String(res.status)] ?? 0) + 1;
        }
      } catch (error) {
        errors[(error as Error).message] = (errors[(error as Error).message] ?? 0) + 1;
      }
    }
  };
  await new Promise((resolve) => setTimeout(resolve, 0));
  const measuring = setTimeout(() => {
    elu.value = performance.eventLoopUtilization();
    cpu = process.cpuUsage();
  }, job.warmupMs);
  await Promise.all(Array.from({ length: job.clients }, client));
  clearTimeout(measuring);
  const used = process.cpuUsage(cpu);
  return {
    requests: count,
    redeems,
    errors,
    latencies: latencies.slice(0, count),
    measuredMs: job.durationMs,
    clientUtilization: performance.eventLoopUtilization(elu.value).utilization,
    clientCpuMs: (used.user + used.system) / 1000,
  };
}

// Started by ingest.ts with an IPC channel: one job in, one result out.
process.once("message", async (job: LoadJob) => {
  process.send!(await run(job), () => process.exit(0));
});
