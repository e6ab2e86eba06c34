import { MantineProvider } from "@mantine/core";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter } from "react-router";
import { i18n } from "../shared/i18n/i18n.ts";
import { LoadingBar } from "../shared/ui/loading-bar.tsx";
import { AppRoutes } from "./router.tsx";
import { ScrollToTop } from "./scroll-to-top.tsx";
import { cssVariablesResolver, theme } from "./theme.ts";

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <BrowserRouter>
          <LoadingBar />
          <ScrollToTop />
          <AppRoutes />
        </BrowserRouter>
      </MantineProvider>
    </I18nextProvider>
  );
}
