import { Worker } from "node:worker_threads";
import { FILE_RENDERING, type MessageKey } from "@stempla/domain";
import { HttpError } from "../plugins/http-error.ts";

// One limit for every MuPDF worker thread on the server, whatever it is for (a logo drawn,
// partner/logo-pdf.ts; a menu PDF opened, menu/uploads.ts): at most `pdfRendersAtOnce` run and
// `pdfRendersWaiting` more wait in order before uploads are turned away for a moment
// (docs/architecture.md, "Set-up, company and review"). Each worker is a fresh isolate, so the
// memory of one PDF is returned when it ends and a stopped one leaves nothing behind.
let running = 0;
const waiting: (() => void)[] = [];

/** How many PDF workers are running now. */
export const runningPdfWorkers = () => running;

/**
 * Waits for a free worker slot and returns the function that frees it again (call it only when
 * the worker has exited). When too many wait already: 503 with `busyKey` on `file` and retry-after.
 */
export async function pdfWorkerSlot(busyKey: MessageKey): Promise<() => void> {
  if (running < FILE_RENDERING.pdfRendersAtOnce) {
    running++;
    return release;
  }
  if (waiting.length >= FILE_RENDERING.pdfRendersWaiting) {
    throw new HttpError(
      503,
      { fields: { file: [busyKey] } },
      { "retry-after": String(FILE_RENDERING.busyRetrySeconds) },
    );
  }
  // The finishing worker hands its slot over, so `running` stays counted.
  await new Promise<void>((resolve) => waiting.push(resolve));
  return release;
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

export interface PdfWorkerLimits {
  /** The worker's JavaScript heap; over it the file counts as too complex. */
  heapMb: number;
  /** After this the worker is stopped and the file counts as too complex. */
  timeoutMs: number;
}

/**
 * Runs one MuPDF job in `workerFile` in a free slot (see `pdfWorkerSlot`): the file is handed over
 * without another copy, the worker gets the heap limit and the time limit, and one that runs out
 * of either answers `tooComplex`. Settled only when the worker is gone, so a slot is never free
 * while a job still runs; an error of the worker itself rejects (a fault of the server, 500).
 */
export async function runPdfWorker<R extends { kind: string }>(
  workerFile: URL,
  job: { file: Uint8Array },
  limits: PdfWorkerLimits,
  busyKey: MessageKey,
): Promise<R | { kind: "tooComplex" }> {
  const release = await pdfWorkerSlot(busyKey);
  try {
    return await new Promise((resolve, reject) => {
      let result: R | { kind: "tooComplex" } | undefined;
      let failure: Error | undefined;
      const worker = new Worker(workerFile, {
        workerData: job,
        transferList: [job.file.buffer as ArrayBuffer],
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
      worker.once("message", (message: R) => {
        result ??= message;
      });
      worker.once("error", (error: Error & { code?: string }) => {
        if (error.code === "ERR_WORKER_OUT_OF_MEMORY") result ??= { kind: "tooComplex" };
        else failure = error;
      });
      worker.once("exit", () => {
        clearTimeout(timer);
        if (result) resolve(result);
        else reject(failure ?? new Error(`The PDF worker ${workerFile.pathname} ended without an answer`));
      });
    });
  } finally {
    release();
  }
}
