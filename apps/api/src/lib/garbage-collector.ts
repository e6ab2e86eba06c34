import { setFlagsFromString } from "node:v8";

/**
 * Tunes V8's garbage collector for a process that serves the API; called first by every process
 * that hosts it (server.ts, the bench), before it answers a request.
 *
 * Allocation-site pretenuring is switched off. V8 allocates the objects of a code site straight in
 * the old generation once most of them survived a young collection. A burst of requests in flight
 * (the first seconds after start, a slow moment of the database) makes the HTTP server's own sites
 * look long-lived, and from then on every request's headers, request and response objects are
 * made old: they die there, the old generation grows by megabytes a second, and every young
 * collection has to walk their pointers into the young one. Under scan load that made each young
 * collection a 20-50 ms pause of the event loop, which holds every request in flight, and those
 * pauses were the scans' p99 (docs/decisions/014-no-pretenuring.md). The flag is read at each
 * collection, so setting it at run time takes effect (measured there).
 */
export function tuneGarbageCollector(): void {
  setFlagsFromString("--no-allocation-site-pretenuring");
}
