// pgbench's TPC-B-like transaction on the same PostgreSQL as the scan bench, in the same run: what
// the database alone does with a short write transaction (BEGIN, three updates, a select, an
// insert, COMMIT) on these cores, the yardstick for the scan path (issue 17: at least half).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

export interface PgbenchResult {
  tps: number;
  latencyMs: number;
  transactions: number;
  scale: number;
  clients: number;
  seconds: number;
  version: string;
}

/** pgbench: PGBENCH, else the newest one installed with PostgreSQL (Debian), else the PATH's. */
export function findPgbench(): string | undefined {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(`${root}/${v}/bin/pgbench`))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return `${root}/${versions[0]}/bin/pgbench`;
  }
  for (const dir of (process.env.PATH ?? "").split(":")) {
    if (dir && existsSync(`${dir}/pgbench`)) return `${dir}/pgbench`;
  }
  return undefined;
}

/**
 * `pgbench -i` (scale `scale`) in a new database on the server of `url`, then TPC-B with `clients`
 * clients in prepared mode for `seconds`; the database is dropped afterwards. Throws when pgbench
 * fails; undefined when it is not installed.
 */
export async function runPgbench(
  url: string,
  opts: { clients: number; seconds: number; scale: number; threads: number },
  log: (line: string) => void,
): Promise<PgbenchResult | undefined> {
  const pgbench = findPgbench();
  if (!pgbench) return undefined;
  const name = `stempla_pgbench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const version = (await run(pgbench, ["--version"])).stdout.trim();
    log(`pgbench: ${version}, -i -s ${opts.scale} in ${name}`);
    await run(pgbench, ["-i", "-q", "-s", String(opts.scale), target.toString()], { maxBuffer: 1 << 24 });
    log(`pgbench: TPC-B, ${opts.clients} clients, -M prepared, ${opts.seconds} s`);
    const { stdout } = await run(
      pgbench,
      [
        "-M",
        "prepared",
        "-c",
        String(opts.clients),
        "-j",
        String(opts.threads),
        "-T",
        String(opts.seconds),
        target.toString(),
      ],
      { maxBuffer: 1 << 24 },
    );
    const number = (pattern: RegExp) => {
      const match = stdout.match(pattern);
      if (!match) throw new Error(`pgbench output without ${pattern}:\n${stdout}`);
      return Number(match[1]);
    };
    return {
      tps: number(/tps = ([\d.]+)/),
      latencyMs: number(/latency average = ([\d.]+) ms/),
      transactions: number(/number of transactions actually processed: (\d+)/),
      scale: opts.scale,
      clients: opts.clients,
      seconds: opts.seconds,
      version,
    };
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
