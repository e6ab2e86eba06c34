// Lighthouse in `npm run bench`: Debian's chromium started with a DevTools port, Lighthouse's
// default mobile emulation and simulated throttling, and the figures the bench reports taken out
// of a report. Shared by the guest menu (menu.ts) and the public pages (pages.ts).
import { writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { chromium } from "@playwright/test";
import lighthouse, { type Result } from "lighthouse";

/** An audit that cost points (score < 1), by category. */
export interface FailingAudit {
  category: string;
  id: string;
  title: string;
  score: number;
  display: string;
}

/** A failed accessibility audit with the elements it failed on (selector, HTML, axe's summary). */
export interface AccessibilityFailure {
  id: string;
  title: string;
  elements: { selector: string; snippet: string; explanation: string }[];
}

export interface LighthouseFigures {
  url: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Transfer sizes Lighthouse saw (compressed as sent): the whole page, scripts, style sheets. */
  totalBytes: number;
  scriptTransferBytes: number;
  styleTransferBytes: number;
  /** Audits that cost points, worst first. */
  failing: FailingAudit[];
  accessibilityFailures: AccessibilityFailure[];
  /** The whole report, to look into an audit. */
  lhr: Result;
}

/** A free loopback port for chromium's DevTools endpoint, which Lighthouse connects to. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface LighthouseBrowser {
  /** Runs Lighthouse (performance and accessibility) on `url` in this browser. */
  run(url: string): Promise<LighthouseFigures>;
  close(): Promise<void>;
}

/** Debian's chromium (CHROMIUM_PATH to use another) with a DevTools port for Lighthouse. */
export async function launchLighthouseBrowser(): Promise<LighthouseBrowser> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [`--remote-debugging-port=${port}`],
  });
  return {
    async run(url) {
      // On a busy machine Lighthouse now and then loses the trace (NO_NAVSTART, NO_FCP): tried again.
      for (let attempt = 1; ; attempt++) {
        try {
          return await runLighthouse(url, port);
        } catch (error) {
          if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error;
        }
      }
    },
    close: () => browser.close(),
  };
}

class LighthouseRuntimeError extends Error {
  override name = "LighthouseRuntimeError";
}

async function runLighthouse(url: string, port: number): Promise<LighthouseFigures> {
  const runner = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
  });
  if (!runner) throw new Error("Lighthouse returned no result");
  const { lhr } = runner;
  if (lhr.runtimeError)
    throw new LighthouseRuntimeError(`${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]!;
  const requests =
    (audit("network-requests").details as { items?: { resourceType?: string; transferSize?: number }[] })
      .items ?? [];
  const transferred = (type: string) =>
    requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);

  const failing: FailingAudit[] = [];
  const accessibilityFailures: AccessibilityFailure[] = [];
  for (const [category, cat] of Object.entries(lhr.categories)) {
    for (const ref of cat.auditRefs) {
      const a = lhr.audits[ref.id]!;
      if (a.score === null || a.score >= 1) continue;
      if (ref.weight > 0 || a.details?.type === "opportunity") {
        failing.push({ category, id: a.id, title: a.title, score: a.score, display: a.displayValue ?? "" });
      }
      if (category === "accessibility" && ref.weight > 0) {
        const items = (
          a.details as { items?: { node?: { selector?: string; snippet?: string; explanation?: string } }[] }
        )?.items;
        accessibilityFailures.push({
          id: a.id,
          title: a.title,
          elements: (items ?? []).map((item) => ({
            selector: item.node?.selector ?? "",
            snippet: item.node?.snippet ?? "",
            explanation: (item.node?.explanation ?? "").replace(/\s+/g, " ").trim(),
          })),
        });
      }
    }
  }
  failing.sort((a, b) => a.score - b.score);
  return {
    url,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: audit("first-contentful-paint").numericValue ?? Number.NaN,
    lcpMs: audit("largest-contentful-paint").numericValue ?? Number.NaN,
    tbtMs: audit("total-blocking-time").numericValue ?? Number.NaN,
    cls: audit("cumulative-layout-shift").numericValue ?? Number.NaN,
    speedIndexMs: audit("speed-index").numericValue ?? Number.NaN,
    totalBytes: audit("total-byte-weight").numericValue ?? Number.NaN,
    scriptTransferBytes: transferred("Script"),
    styleTransferBytes: transferred("Stylesheet"),
    failing,
    accessibilityFailures,
    lhr,
  };
}

/**
 * Lighthouse's scores vary from run to run on a shared machine: of several runs the median by
 * performance score is reported (its other figures with it), with every run's score beside it.
 */
export function medianRun<T extends { performance: number }>(runs: T[]): T & { performanceRuns: number[] } {
  if (runs.length === 0) throw new Error("no Lighthouse run");
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...median, performanceRuns: runs.map((r) => r.performance) };
}

/** BENCH_LIGHTHOUSE_JSON=file.json: a whole report, to look into an audit (`name` tells pages apart). */
export async function saveReport(lhr: Result, name?: string): Promise<void> {
  const file = process.env.BENCH_LIGHTHOUSE_JSON;
  if (!file) return;
  const target = name ? file.replace(/(\.json)?$/, `-${name}.json`) : file;
  await writeFile(target, JSON.stringify(lhr));
}
