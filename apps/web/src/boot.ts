// The only script a server-rendered public page loads before its first paint, at low priority
// (docs/decisions/012-server-rendered-public-pages.md, "Paint first"). The server's HTML is
// complete and carries its critical CSS inline, so the rest is requested only after the browser
// has painted it: on a slow phone connection nothing competes with the HTML for the first paint.
// main.tsx hydrates once the locale files and the full stylesheets have arrived, so the first
// render has the server's texts and whatever the app shows after it is styled in full.
// No imports: this file must stay a few hundred bytes.
const boot = document.querySelector<HTMLScriptElement>("script[data-entry]");

/** Requests one file; crossorigin as the entry script's and main.tsx's fetch, so they reuse it. */
function request(rel: string, href: string) {
  const link = document.createElement("link");
  link.rel = rel;
  link.crossOrigin = "";
  link.href = href;
  if (rel === "preload") link.as = "fetch";
  if (rel === "stylesheet") {
    // Marked once it has loaded or failed, so main.tsx knows what it still has to wait for.
    link.dataset.afterPaint = "loading";
    link.onload = link.onerror = () => {
      link.dataset.afterPaint = "done";
    };
  }
  document.head.append(link);
}

/**
 * One request per task: starting one costs the main thread about a millisecond, four on a slow
 * phone, and the page's 30-odd at once were one task of 100-300 ms in which a tap waits
 * (Lighthouse's total blocking time; docs/performance.md, "Public pages").
 */
function loadApp(script: HTMLScriptElement) {
  const list = (value: string | undefined) => (value ?? "").split(",").filter(Boolean);
  const queue = [
    ...list(script.dataset.fetch).map((href) => ["preload", href]),
    ...list(script.dataset.styles).map((href) => ["stylesheet", href]),
    ...list(script.dataset.preload).map((href) => ["modulepreload", href]),
  ];
  const next = () => {
    const item = queue.shift();
    if (item) {
      request(item[0]!, item[1]!);
      setTimeout(next, 0);
      return;
    }
    const entry = document.createElement("script");
    entry.type = "module";
    entry.crossOrigin = "";
    entry.src = script.dataset.entry!;
    document.head.append(entry);
  };
  next();
}

/**
 * Runs `start` once the first contentful paint is on the screen. The frame after the paint (a
 * timeout after requestAnimationFrame) is not enough: the paint reaches the screen some frames
 * later, and a request started in between counts towards the first paint in Lighthouse's mobile
 * model, which then waits for the full stylesheets too (FCP 1.1-1.35 s instead of 0.7 s in a sixth
 * of the runs; docs/performance.md, "Public pages: requests after the presented paint"). The
 * paint entry is reported once the paint was presented. Without Paint Timing, or when there is no
 * paint to wait for (a tab opened in the background paints only when shown), it starts anyway,
 * after the frame or at the latest after 3 s.
 */
function afterFirstContentfulPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    requestAnimationFrame(() => setTimeout(once, 0));
    return;
  }
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    setTimeout(once, 0);
  }).observe({ type: "paint", buffered: true });
  setTimeout(once, 3000);
}

/**
 * Until the page is hydrated, a submitted form would be sent by the browser: the page reloads and
 * what was typed is lost. The submit is held instead and sent again once React handles the form
 * (app/input-before-hydration.ts).
 */
function holdSubmitsUntilHydrated() {
  document.addEventListener(
    "submit",
    (event) => {
      if (document.documentElement.dataset.hydrated === "true") return;
      event.preventDefault();
      document.documentElement.dataset.heldSubmit = "";
      window.stemplaHeldSubmit = { form: event.target as HTMLFormElement, submitter: event.submitter };
    },
    true,
  );
}

if (boot) {
  holdSubmitsUntilHydrated();
  afterFirstContentfulPaint(() => loadApp(boot));
}
