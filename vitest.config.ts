import { configDefaults, defineConfig } from "vitest/config";

// The API files that never open the suite's database: pure functions, and the migration and
// start-up tests that make their own embedded PGlite by design. The PostgreSQL run (TEST_DB=postgres,
// npm test's second API run) leaves them out: there they would repeat the PGlite run exactly
// (measured: 13 files, 45 tests, 60 s of a run on a busy machine). A file that uses build(),
// freshDatabase() or TEST_DB must not be listed here.
const sameOnEveryDatabase = [
  "apps/api/src/db/card-conditions-migration.test.ts",
  "apps/api/src/db/customer-numbers-migration.test.ts",
  "apps/api/src/db/franchise-migration.test.ts",
  "apps/api/src/db/terms-backfill-migration.test.ts",
  "apps/api/src/db/seed/start-up.test.ts",
  "apps/api/src/lib/content-disposition.test.ts",
  "apps/api/src/lib/file-sniff.test.ts",
  "apps/api/src/lib/pdf/text.test.ts",
  "apps/api/src/modules/billing/invoice-pdf.test.ts",
  "apps/api/src/modules/mail/approval-next-steps.test.ts",
  "apps/api/src/modules/mail/day-text.test.ts",
  "apps/api/src/modules/menu/uploads.test.ts",
  "apps/api/src/plugins/bearer-token.test.ts",
];

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
          exclude:
            process.env.TEST_DB === "postgres"
              ? [...configDefaults.exclude, ...sameOnEveryDatabase]
              : configDefaults.exclude,
          globalSetup: ["apps/api/src/test/global-setup.ts"],
          setupFiles: ["apps/api/src/test/close-after-file.ts"],
          // Each file boots its own database; two workers fit this 2-core machine.
          maxWorkers: 2,
          // The files of a worker share one module graph: importing the API (Fastify, drizzle,
          // PGlite, the PDF libraries, every module) cost 2-4 CPU seconds per file, a fifth to a
          // third of each API run (docs/decisions/011-ci-time.md). What a file builds is its own:
          // a database and an app per build(), closed when the file ends (close-after-file.ts).
          isolate: false,
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
