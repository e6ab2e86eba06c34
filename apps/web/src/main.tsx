import "@mantine/core/styles.css";
import "./app/global.css";
import { DEFAULT_LOCALE, localeFromLanguageList, localeOfPath } from "@stempla/domain";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { initI18n } from "./shared/i18n/i18n.ts";
import { readLocaleCookie } from "./shared/i18n/locale.ts";

const locale =
  localeOfPath(window.location.pathname) ??
  readLocaleCookie() ??
  localeFromLanguageList(navigator.languages.join(",")) ??
  DEFAULT_LOCALE;
await initI18n(locale);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
