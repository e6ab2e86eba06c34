// The only script a server-rendered public page loads before its first paint
// (docs/decisions/012-server-rendered-public-pages.md, "Paint first"). The server's HTML is
// complete and styled, so the app's scripts are requested only after the browser has painted it:
// on a slow phone connection they no longer compete with the stylesheets for the first paint.
// No imports: this file must stay a few hundred bytes.
const boot = document.querySelector<HTMLScriptElement>("script[data-entry]");

function loadApp(script: HTMLScriptElement) {
  // Same crossorigin mode as the entry script, so the browser reuses the preloaded chunks.
  for (const href of (script.dataset.preload ?? "").split(",").filter(Boolean)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
  const entry = document.createElement("script");
  entry.type = "module";
  entry.crossOrigin = "";
  entry.src = script.dataset.entry!;
  document.head.append(entry);
}

// The frame after the first paint: requestAnimationFrame runs before it, the timeout after it.
if (boot) requestAnimationFrame(() => setTimeout(() => loadApp(boot), 0));
