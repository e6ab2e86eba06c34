import { parentPort, workerData } from "node:worker_threads";

// Runs in a worker thread (started by uploads.ts), one per uploaded menu PDF: MuPDF works
// synchronously, and a damaged file can keep it busy repairing, which on the main thread would stop
// every other request (docs/architecture.md, "Set-up, company and review"; the logo's PDFs are drawn
// the same way in partner/logo-pdf.worker.ts). Nothing is drawn here: the guest's browser shows the
// PDF as it is. This file imports nothing of the project, so Node can run it as it is.

export interface PdfCheckJob {
  file: Uint8Array;
  /** Most bytes MuPDF's WebAssembly memory may grow to. */
  memoryBytes: number;
}

export type PdfCheckResult =
  | { kind: "pdf"; pages: number; width: number; height: number }
  | { kind: "notPdf" | "tooComplex" };

const job = workerData as PdfCheckJob;

// MuPDF's heap is WebAssembly memory, which the worker's resourceLimits do not cover: refusing its
// growth makes MuPDF's allocation fail, which it reports as an error.
let memoryRefused = false;
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function (this: WebAssembly.Memory, pages: number) {
  if (this.buffer.byteLength + pages * 65536 > job.memoryBytes) {
    memoryRefused = true;
    throw new RangeError("PDF check memory limit");
  }
  return grow.call(this, pages);
};

type MuPdf = typeof import("mupdf");

function check(mupdf: MuPdf): PdfCheckResult {
  const document = mupdf.Document.openDocument(job.file, "application/pdf");
  // A PDF behind a password opens in no guest's browser without it.
  if (!(document instanceof mupdf.PDFDocument) || document.needsPassword()) return { kind: "notPdf" };
  const pages = document.countPages();
  if (pages < 1) return { kind: "notPdf" };
  const [x0, y0, x1, y1] = document.loadPage(0).getBounds();
  const width = Math.round(x1 - x0);
  const height = Math.round(y1 - y0);
  if (!(width > 0 && height > 0)) return { kind: "notPdf" };
  return { kind: "pdf", pages, width, height };
}

const mupdf = await import("mupdf").catch((error: unknown) => {
  if (memoryRefused) return undefined;
  throw error;
});
let result: PdfCheckResult;
try {
  result = mupdf ? check(mupdf) : { kind: "tooComplex" };
} catch {
  result = { kind: memoryRefused ? "tooComplex" : "notPdf" };
}
parentPort!.postMessage(result);
