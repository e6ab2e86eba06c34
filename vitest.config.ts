import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // npm test (tools/test/run-all.ts) reads the counts from here.
    outputFile: { json: process.env.VITEST_JSON_REPORT ?? "test-results/vitest.json" },
    projects: [
      {
        test: {
          name: "domain",
          include: ["packages/domain/src/**/*.test.ts"],
          sequence: { shuffle: true },
        },
      },
      {
        // The web app's pure logic (formats, review overdue, parcels, months, registration draft):
        // plain functions without a DOM, so Node is environment enough.
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.ts"],
          environment: "node",
          sequence: { shuffle: true },
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts", "tools/**/*.test.ts"],
          globalSetup: ["apps/api/src/test/global-setup.ts"],
          // Each file boots its own database; two workers fit this 2-core machine.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files and the tests in them run in a random order on every run, locally and in CI, so
          // a test that reads what an earlier one wrote fails early (docs/architecture.md, Tests).
          // vitest prints "Running tests with seed N"; `--sequence.seed=N` replays that order
          // (`npm test` picks the seed and repeats it in its summary).
          sequence: { shuffle: true },
        },
      },
    ],
  },
});
