import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Workers load this file again; the port and data dir chosen by the main process reach them
// through the environment, so every process talks to the same server.
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "stempla-e2e-"));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const repoRoot = path.resolve(import.meta.dirname, "../../..");
// Debian's Chromium headless shell (package chromium-headless-shell), the browser Playwright itself
// drives for headless tests: the same Blink and V8 without the full browser's window machinery,
// 13-19 % less wall time for the suite than /usr/bin/chromium (docs/decisions/011-ci-time.md).
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A guard against a hang, not a claim about speed: a journey of 15 s on a quiet machine takes 45 s
  // when the CI machine is three times slower (decision 011, "A test's time limit").
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [
    ["list"],
    // npm test (tools/test/run-all.ts) reads the counts from this file.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
      ? [["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }] as ["json", object]]
      : []),
    ...(process.env.CI
      ? []
      : [
          ["html", { open: "never", outputFolder: path.join(repoRoot, "playwright-report") }] as [
            "html",
            object,
          ],
        ]),
  ],
  outputDir: path.join(repoRoot, "test-results"),
  use: {
    baseURL,
    locale: "de-DE",
    // A failed test keeps its trace (actions, DOM snapshots, network, console) without the film
    // strip of screenshots: recording those cost a third of the suite's CPU (decision 011).
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    // The production build served by the API process, as `npm start` does: on PostgreSQL in a new
    // database where TEST_DATABASE_URL names a server (CI), else on the embedded PGlite database
    // (tools/test/e2e-server.ts, docs/decisions/011-ci-time.md).
    command: "tsx tools/test/e2e-server.ts",
    cwd: repoRoot,
    // SIGTERM, so the server closes its connections and the script drops the database after it.
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    url: `${baseURL}/api/v2/health`,
    reuseExistingServer: false,
    // Migrations and the seed on a fresh database take seconds alone, minutes on a busy machine.
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: process.env.E2E_PORT,
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      PUBLIC_URL: baseURL,
      // As behind one production proxy: helpers that register many partners through the API say
      // they are different clients (X-Forwarded-For, the entry the proxy would append), so the
      // real per-IP limits stay in force.
      TRUST_PROXY: "1",
      // No internet here: the location maps draw no tile background (docs/geo-positions.md), so
      // no failed tile requests end up as console errors.
      MAP_TILE_URL: "off",
    },
  },
});
