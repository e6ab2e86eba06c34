import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // npm test (tools/test/run-all.ts) reads the counts from here.
    outputFile: { json: process.env.VITEST_JSON_REPORT ?? "test-results/vitest.json" },
    projects: [
      {
        // Also the web app's pure helpers (formats, no DOM): unit tests like the domain's.
        test: { name: "domain", include: ["packages/domain/src/**/*.test.ts", "apps/web/src/**/*.test.ts"] },
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
        },
      },
    ],
  },
});
