import { Worker } from "node:worker_threads";
import { FILE_RENDERING } from "@stempla/domain";
import { pdfWorkerSlot, runningPdfWorkers } from "../../lib/pdf-workers.ts";
import { HttpError } from "../../plugins/http-error.ts";
import type { PdfRenderJob, PdfRenderResult } from "./logo-pdf.worker.ts";

/** Spec section 5: a PDF logo counts at 200 dpi, so its page must be 256 px at 200 dpi wide and high. */
const PDF_DPI = 200;

export interface PdfRenderLimits {
  timeoutMs: number;
  maxPixels: number;
  memoryMb: number;
  heapMb: number;
}

const defaultLimits: PdfRenderLimits = {
  timeoutMs: FILE_RENDERING.pdfRenderSeconds * 1000,
  maxPixels: FILE_RENDERING.maxDecodedPixels,
  memoryMb: FILE_RENDERING.pdfRenderMemoryMb,
  heapMb: FILE_RENDERING.pdfRenderHeapMb,
};

const workerFile = new URL("./logo-pdf.worker.ts", import.meta.url);

/** How many PDF workers are running now (logo renders and menu PDF checks share one limit). */
export const runningPdfRenders = runningPdfWorkers;

const refused = (key: "logo.unreadable" | "logo.tooManyPixels" | "logo.tooComplex") =>
  HttpError.validation({ file: [key] });

/**
 * The first page of a PDF as a PNG of at most 1024 px and its size in pixels at 200 dpi, drawn in
 * a worker thread with a time limit, memory limits and a pixel budget checked before drawing.
 * A file over a limit is refused with 422 on `file`.
 */
export async function renderPdfLogo(
  file: Buffer,
  edge: number,
  limits: PdfRenderLimits = defaultLimits,
): Promise<{ image: Buffer; width: number; height: number }> {
  const release = await pdfWorkerSlot("logo.busy");
  try {
    const result = await runWorker(file, edge, limits);
    switch (result.kind) {
      case "rendered":
        return { image: Buffer.from(result.image), width: result.width, height: result.height };
      case "tooManyPixels":
        throw refused("logo.tooManyPixels");
      case "tooComplex":
        throw refused("logo.tooComplex");
      default:
        throw refused("logo.unreadable");
    }
  } finally {
    release();
  }
}

function runWorker(file: Buffer, edge: number, limits: PdfRenderLimits): Promise<PdfRenderResult> {
  // A copy of its own, handed over without another copy.
  const copy = new Uint8Array(file);
  const job: PdfRenderJob = {
    file: copy,
    dpi: PDF_DPI,
    edge,
    maxPixels: limits.maxPixels,
    memoryBytes: limits.memoryMb * 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    let result: PdfRenderResult | undefined;
    let failure: Error | undefined;
    const worker = new Worker(workerFile, {
      workerData: job,
      transferList: [copy.buffer],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.heapMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.round(limits.heapMb / 8)),
        stackSizeMb: 4,
      },
      stdout: true,
      stderr: true,
    });
    // MuPDF warns about damaged files on the console; the answer says enough.
    worker.stdout.resume();
    worker.stderr.resume();
    const timer = setTimeout(() => {
      result ??= { kind: "tooComplex" };
      void worker.terminate();
    }, limits.timeoutMs);
    worker.once("message", (message: PdfRenderResult) => {
      result ??= message;
    });
    // Over the heap limit the file needs too much; anything else is a fault of the server (500).
    worker.once("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") result ??= { kind: "tooComplex" };
      else failure = error;
    });
    // Settled only when the worker is gone, so a slot is never free while a render still runs.
    worker.once("exit", () => {
      clearTimeout(timer);
      if (result) resolve(result);
      else reject(failure ?? new Error("The PDF render worker ended without an answer"));
    });
  });
}
