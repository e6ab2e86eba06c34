import { FILE_RENDERING } from "@stempla/domain";
import { runningPdfWorkers, runPdfWorker } from "../../lib/pdf-workers.ts";
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
  // A copy of its own, handed over to the worker without another copy.
  const job: PdfRenderJob = {
    file: new Uint8Array(file),
    dpi: PDF_DPI,
    edge,
    maxPixels: limits.maxPixels,
    memoryBytes: limits.memoryMb * 1024 * 1024,
  };
  const result = await runPdfWorker<PdfRenderResult>(workerFile, job, limits, "logo.busy");
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
}
