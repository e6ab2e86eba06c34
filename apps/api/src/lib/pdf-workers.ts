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
