import "@mantine/core/styles.css";
import "./app/global.css";
import { DEFAULT_LOCALE, localeFromLanguageList, localeOfPath, matchPage } from "@stempla/domain";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { preloadPage } from "./app/router.tsx";
import { serverState } from "./app/server-state.ts";
import { initI18n } from "./shared/i18n/i18n.ts";
import { readLocaleCookie } from "./shared/i18n/locale.ts";

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const server = serverState();

if (server) {
  // A public page the server rendered (docs/decisions/012-server-rendered-public-pages.md): its
  // texts are inlined, so i18n is ready at once; the page's chunk (modulepreloaded) is requested
  // before hydrating, and React keeps the server's HTML until it has arrived.
  const page = matchPage(window.location.pathname)?.page;
  if (page) void preloadPage(page);
  void initI18n(server.locale, server.texts);
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
