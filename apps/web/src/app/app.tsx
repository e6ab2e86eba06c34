import { MantineProvider } from "@mantine/core";
import type { i18n as I18n } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter } from "react-router";
import { i18n } from "../shared/i18n/i18n.ts";
import { LoadingBar } from "../shared/ui/loading-bar.tsx";
import { AppRoutes } from "./router.tsx";
import { ScrollToTop } from "./scroll-to-top.tsx";
import { cssVariablesResolver, theme } from "./theme.ts";

/**
 * The whole app below its router: the browser wraps it in a BrowserRouter, the server
 * (entry-server.tsx) in a StaticRouter with its own i18n instance, so both render the same tree
 * (docs/decisions/012-server-rendered-public-pages.md).
 */
export function AppTree({
  i18n,
  router: Router,
}: {
  i18n: I18n;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Router>
          <LoadingBar />
          <ScrollToTop />
          <AppRoutes />
        </Router>
      </MantineProvider>
    </I18nextProvider>
  );
}

export function App() {
  return <AppTree i18n={i18n} router={BrowserRouter} />;
}
