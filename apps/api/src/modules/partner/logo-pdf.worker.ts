import { parentPort, workerData } from "node:worker_threads";

// Runs in a worker thread (started by logo-pdf.ts), one per PDF: MuPDF renders synchronously, so
// on the main thread one crafted file stopped every other request (docs/architecture.md, "Set-up,
// company and review"). This file imports nothing of the project, so Node can run it as it is.

export interface PdfRenderJob {
  file: Uint8Array;
  /** The resolution a PDF logo is counted at (spec section 5). */
  dpi: number;
  /** The longest edge of the rendered PNG. */
  edge: number;
  /** Most pixels of the page at `dpi`, and of all images the file declares together. */
  maxPixels: number;
  /** Most bytes MuPDF's WebAssembly memory may grow to. */
  memoryBytes: number;
}

export type PdfRenderResult =
  | { kind: "rendered"; image: Uint8Array; width: number; height: number }
  | { kind: "unreadable" | "tooManyPixels" | "tooComplex" };

const job = workerData as PdfRenderJob;

// MuPDF's heap is WebAssembly memory, which the worker's resourceLimits (JavaScript heap only) do
// not cover. Refusing its growth makes MuPDF's allocation fail, which it reports as an error.
let memoryRefused = false;
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function (this: WebAssembly.Memory, pages: number) {
  if (this.buffer.byteLength + pages * 65536 > job.memoryBytes) {
    memoryRefused = true;
    throw new RangeError("PDF render memory limit");
  }
  return grow.call(this, pages);
};

type MuPdf = typeof import("mupdf");

/**
 * The pixels of all image objects in the file, as they declare them (nothing is decoded), counted
 * until they exceed the budget.
 */
function declaredImagePixels(document: InstanceType<MuPdf["PDFDocument"]>): number {
  let total = 0;
  const count = document.countObjects();
  for (let num = 1; num < count && total <= job.maxPixels; num++) {
    const object = document.newIndirect(num);
    let subtype: string;
    try {
      const value = object.get("Subtype");
      subtype = value.isName() ? value.asName() : "";
    } catch {
      continue; // a damaged or free object: MuPDF skips it when rendering too
    }
    if (subtype !== "Image") continue;
    const width = object.get("Width");
    const height = object.get("Height");
    const pixels = (width.isNumber() ? width.asNumber() : 0) * (height.isNumber() ? height.asNumber() : 0);
    total += Number.isFinite(pixels) ? Math.abs(pixels) : Number.POSITIVE_INFINITY;
  }
  return total;
}

function render(mupdf: MuPdf): PdfRenderResult {
  const document = mupdf.Document.openDocument(job.file, "application/pdf");
  if (!(document instanceof mupdf.PDFDocument) || document.countPages() < 1) return { kind: "unreadable" };
  // Checked before anything is drawn: the page at the counted resolution and the images' sizes.
  if (declaredImagePixels(document) > job.maxPixels) return { kind: "tooManyPixels" };
  const page = document.loadPage(0);
  const [x0, y0, x1, y1] = page.getBounds();
  const width = ((x1 - x0) * job.dpi) / 72;
  const height = ((y1 - y0) * job.dpi) / 72;
  if (!(width > 0 && height > 0)) return { kind: "unreadable" };
  if (width * height > job.maxPixels) return { kind: "tooManyPixels" };
  const scale = Math.min(job.edge / Math.max(x1 - x0, y1 - y0), 8);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, true);
  return { kind: "rendered", image: pixmap.asPNG(), width, height };
}

// Loaded after the memory limit is in place, so MuPDF's start is limited too. A failure to load it
// for any other reason is the server's fault and ends the worker with an error (500).
const mupdf = await import("mupdf").catch((error: unknown) => {
  if (memoryRefused) return undefined;
  throw error;
});
let result: PdfRenderResult;
try {
  result = mupdf ? render(mupdf) : { kind: "tooComplex" };
} catch {
  result = { kind: memoryRefused ? "tooComplex" : "unreadable" };
}
parentPort!.postMessage(result, result.kind === "rendered" ? [result.image.buffer as ArrayBuffer] : []);
