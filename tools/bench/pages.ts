// The public pages in `npm run bench` (issue 17, "Public pages"): the production build of the web
// app (`npm run build`, apps/web/dist or WEB_DIST_DIR) served by the real API on loopback, and
// Lighthouse with its default mobile emulation and simulated throttling in Debian's chromium, the
// median of several runs per page. Never asserted in tests.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { buildApp } from "../../apps/api/src/app.ts";
import type { Config } from "../../apps/api/src/config.ts";
import type { BenchDatabase } from "./database.ts";
import { type LighthouseFigures, launchLighthouseBrowser, medianRun, saveReport } from "./lighthouse-run.ts";

/** The pages issue 17 sets goals for. */
export const BENCH_PAGES = ["/de", "/en", "/de/pricing", "/de/login", "/de/register"];

/** A page's median Lighthouse run (the figures of lighthouse-run.ts) and what the table adds. */
export interface PageBenchResult extends Omit<LighthouseFigures, "url" | "lhr"> {
  path: string;
  /** Every run's performance score, in run order (the other fields are the median run's). */
  performanceRuns: number[];
  /** What the largest contentful paint was and where its time went (the median run). */
  lcpElement: string;
  lcpPhases: string;
  /** The load average when the page's first run began. */
  loadAverage: number;
}

/** The web app's production build: WEB_DIST_DIR, else apps/web/dist. */
export function webDistDir(): string {
  return path.resolve(process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, "../../apps/web/dist"));
}

export async function benchPublicPages(
  bench: BenchDatabase,
  config: Config,
  opts: { runs: number; paths?: string[] },
  log: (line: string) => void,
  loadAverage: () => number,
): Promise<PageBenchResult[]> {
  const distDir = webDistDir();
  const index = path.join(distDir, "index.html");
  if (!existsSync(index)) {
    // Not fatal: the other parts' figures of a full run are still printed.
    log(`public pages: not measured, no production build in ${distDir} (run \`npm run build\` first)`);
    return [];
  }
  log(`public pages: the build in ${distDir} of ${statSync(index).mtime.toISOString()}`);
  const app = await buildApp({
    config: { ...config, webDistDir: distDir },
    db: bench.handle.db,
    logger: false,
  });
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  const browser = await launchLighthouseBrowser();
  const results: PageBenchResult[] = [];
  try {
    for (const pagePath of opts.paths ?? BENCH_PAGES) {
      const url = `${base}${pagePath}`;
      const answer = await fetch(url, { redirect: "manual" });
      if (answer.status !== 200) throw new Error(`${pagePath} answered ${answer.status}, not a page`);
      const load = loadAverage();
      const runs: LighthouseFigures[] = [];
      for (let run = 1; run <= opts.runs; run++) {
        const lh = await browser.run(url);
        log(
          `${pagePath}: run ${run} of ${opts.runs}: performance ${lh.performance}, accessibility ${lh.accessibility}, FCP ${lh.fcpMs.toFixed(0)} ms, LCP ${lh.lcpMs.toFixed(0)} ms, TBT ${lh.tbtMs.toFixed(0)} ms (load average ${loadAverage().toFixed(1)})`,
        );
        runs.push(lh);
      }
      const m = medianRun(runs);
      await saveReport(m.lhr, pagePath.replace(/^\//, "").replace(/\//g, "-"));
      const { element, phases } = lcpBreakdown(m);
      results.push({
        path: pagePath,
        performance: m.performance,
        performanceRuns: m.performanceRuns,
        accessibility: m.accessibility,
        fcpMs: m.fcpMs,
        lcpMs: m.lcpMs,
        tbtMs: m.tbtMs,
        cls: m.cls,
        speedIndexMs: m.speedIndexMs,
        totalBytes: m.totalBytes,
        scriptTransferBytes: m.scriptTransferBytes,
        styleTransferBytes: m.styleTransferBytes,
        failing: m.failing,
        accessibilityFailures: m.accessibilityFailures,
        lcpElement: element,
        lcpPhases: phases,
        loadAverage: load,
      });
    }
  } finally {
    await browser.close();
    await app.close();
  }
  return results;
}

/** The LCP element and its phases (time to first byte, load delay, load time, render delay). */
function lcpBreakdown(lh: LighthouseFigures): { element: string; phases: string } {
  const audit = lh.lhr.audits["largest-contentful-paint-element"];
  // Lighthouse 12.2.3 cannot read this from the traces of some chromium versions (its RootCauses
  // gatherer fails); the metric itself is unaffected.
  if (audit?.errorMessage) return { element: "unknown", phases: audit.errorMessage.slice(0, 120) };
  const details = audit?.details as { items?: { items?: Record<string, unknown>[] }[] } | undefined;
  const [elementTable, phaseTable] = details?.items ?? [];
  const node = elementTable?.items?.[0]?.node as { nodeLabel?: string; selector?: string } | undefined;
  const phases = (phaseTable?.items ?? [])
    .map((p) => `${String(p.phase)} ${Number(p.timing).toFixed(0)} ms`)
    .join(", ");
  return {
    element: node ? `${node.selector ?? ""} "${(node.nodeLabel ?? "").slice(0, 60)}"` : "?",
    phases,
  };
}
