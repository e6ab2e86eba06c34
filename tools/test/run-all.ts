// `npm test`: every suite in turn, on one machine, and one closing summary line.
//   1. unit tests                 (vitest, projects domain and web)
//   2. API integration on PGlite  (vitest, project api, in-memory PGlite per file)
//   3. API integration on PostgreSQL, when TEST_DATABASE_URL is set (TEST_DB=postgres: the same files
//                                  but those that never open the database, vitest.config.ts)
//   4. browser end-to-end         (Playwright with system Chromium against the production build; its
//                                  server on a new PostgreSQL database when TEST_DATABASE_URL is set,
//                                  else on PGlite: tools/test/e2e-server.ts, docs/decisions/011-ci-time.md)
// The production build is made once, before suite 1: the API suites test its server rendering.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// The vitest suites run their files and tests in a random order (vitest.config.ts); one seed for
// the whole run, named in the summary, replays a failing order: `npx vitest run --project api
// --sequence.seed=N`. VITEST_SEED fixes it for a rerun of `npm test`.
const seed = Number(process.env.VITEST_SEED) || Math.floor(Math.random() * 1_000_000);

interface Suite {
  name: string;
  /** Named in the summary: the vitest suites are shuffled with it. */
  seed?: number;
  command: string[];
  env?: Record<string, string>;
  /** Reads passed/failed counts from the suite's JSON report. */
  report: (file: string) => { passed: number; failed: number; skipped: number };
}

const vitestReport = (file: string) => {
  const r = JSON.parse(readFileSync(file, "utf8"));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
};

const playwrightReport = (file: string) => {
  const r = JSON.parse(readFileSync(file, "utf8")).stats;
  return { passed: r.expected + r.flaky, failed: r.unexpected, skipped: r.skipped };
};

const vitestArgs = [`--sequence.seed=${seed}`, "--reporter=default", "--reporter=json"];

const reportDir = mkdtempSync(path.join(os.tmpdir(), "stempla-test-"));
const suites: Suite[] = [
  {
    name: "unit tests (domain, web)",
    command: ["vitest", "run", "--project", "domain", "--project", "web", ...vitestArgs],
    seed,
    report: vitestReport,
  },
  {
    name: "API integration (PGlite)",
    command: ["vitest", "run", "--project", "api", ...vitestArgs],
    seed,
    report: vitestReport,
  },
];
if (process.env.TEST_DATABASE_URL) {
  suites.push({
    name: "API integration (PostgreSQL)",
    command: ["vitest", "run", "--project", "api", ...vitestArgs],
    seed,
    env: { TEST_DB: "postgres" },
    report: vitestReport,
  });
} else {
  console.log(
    "TEST_DATABASE_URL is not set: the API suite and the browser tests' server run on PGlite only.",
  );
}
suites.push({
  name: `browser end-to-end (server on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`,
  // Built once before the first suite (below).
  command: ["playwright", "test", "-c", "apps/web/e2e/playwright.config.ts"],
  report: playwrightReport,
});

// The production build comes first: the API suites test the server rendering of the public pages
// with it (web-app.test.ts, docs/decisions/012-server-rendered-public-pages.md), and the browser
// tests run against it.
console.log("\n=== production build ===");
const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
if (build.status !== 0) {
  console.log("\nThe production build failed: no suite was run.");
  process.exit(1);
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
let anyFailed = false;
for (const [index, suite] of suites.entries()) {
  const file = path.join(reportDir, `suite-${index}.json`);
  console.log(`\n=== ${suite.name} ===`);
  const started = Date.now();
  const result = spawnSync(suite.command[0]!, suite.command.slice(1), {
    stdio: "inherit",
    env: {
      ...process.env,
      ...suite.env,
      VITEST_JSON_REPORT: file,
      PLAYWRIGHT_JSON_OUTPUT_FILE: file,
    },
  });
  const counts = existsSync(file) ? suite.report(file) : { passed: 0, failed: 1, skipped: 0 };
  if (result.status !== 0 && counts.failed === 0) counts.failed = 1; // crashed before reporting
  anyFailed ||= result.status !== 0;
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  const seconds = Math.round((Date.now() - started) / 1000);
  const shuffled = suite.seed === undefined ? "" : `, seed ${suite.seed}`;
  lines.push(`${suite.name}: ${counts.passed} passed, ${counts.failed} failed (${seconds} s${shuffled})`);
}
rmSync(reportDir, { recursive: true, force: true });

console.log(`\n${lines.join("\n")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(anyFailed ? 1 : 0);
