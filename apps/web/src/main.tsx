import "@mantine/core/styles.css";
import "./app/global.css";
import { DEFAULT_LOCALE, localeFromLanguageList, localeOfPath, matchPage } from "@stempla/domain";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { fullStylesLoaded } from "./app/full-styles.ts";
import { preloadPage } from "./app/router.tsx";
import { serverState } from "./app/server-state.ts";
import { RenderedProvider } from "./shared/api/provider.ts";
import { fetchTexts, initI18n } from "./shared/i18n/i18n.ts";
import { readLocaleCookie } from "./shared/i18n/locale.ts";

const root = document.getElementById("root")!;
const server = serverState();
const app = (
  <StrictMode>
    <RenderedProvider.Provider value={server?.provider}>
      <App />
    </RenderedProvider.Provider>
  </StrictMode>
);

if (server) {
  // A public page the server rendered (docs/decisions/012-server-rendered-public-pages.md): its
  // texts and the full stylesheets (requested by the boot script) are awaited before hydrating,
  // so the first render is the server's and everything after it is styled. The page's chunk
  // (modulepreloaded) is requested too; React keeps the server's HTML until it has arrived.
  const page = matchPage(window.location.pathname)?.page;
  if (page) void preloadPage(page);
  const [texts] = await Promise.all([fetchTexts(server.textFiles), fullStylesLoaded()]);
  await initI18n(server.locale, texts && { texts, numbers: server.numbers });
  // In a transition, React yields to the browser while it hydrates instead of one long task that
  // blocks taps (Lighthouse's total blocking time; docs/performance.md, "Public pages").
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  const locale =
    localeOfPath(window.location.pathname) ??
    readLocaleCookie() ??
    localeFromLanguageList(navigator.languages.join(",")) ??
    DEFAULT_LOCALE;
  await initI18n(locale);
  createRoot(root).render(app);
}
