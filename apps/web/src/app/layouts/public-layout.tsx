import { Box } from "@mantine/core";
import { isLocale } from "@stempla/domain";
import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useParams } from "react-router";
import { usePageHead } from "../../shared/seo/use-page-head.ts";
import { NotFoundPage } from "../errors/not-found-page.tsx";
import { PageErrorBoundary } from "../errors/page-error-boundary.tsx";
import { adoptInputBeforeHydration, submitHeldForm } from "../input-before-hydration.ts";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

export function PublicLayout() {
  const { locale } = useParams();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  usePageHead();
  return (
    <>
      <a href="#main" className="skip-link">
        {t("header.skipToContent")}
      </a>
      <SiteHeader />
      <Box component="main" id="main" style={{ flex: 1 }}>
        {/* While a page's texts load, the top loading bar shows the activity. */}
        <Suspense fallback={<Box mih="60vh" aria-busy="true" aria-label={t("loading")} />}>
          <PageErrorBoundary key={pathname}>
            {locale === undefined || isLocale(locale) ? <Outlet /> : <NotFoundPage />}
          </PageErrorBoundary>
          <HydratedMark />
        </Suspense>
      </Box>
      <SiteFooter />
    </>
  );
}

/**
 * Marks <html data-hydrated="true"> once the page under this boundary is live: for a
 * server-rendered page, the moment its forms and links answer (decision 012); the browser tests
 * wait for it after loading a page. What the visitor typed or submitted before that moment is
 * handed to the page's forms first (input-before-hydration.ts).
 */
function HydratedMark() {
  useEffect(() => {
    const root = document.documentElement;
    if (root.dataset.hydrated === "true") return;
    const main = document.getElementById("main");
    if (main) adoptInputBeforeHydration(main);
    root.dataset.hydrated = "true";
    submitHeldForm();
  }, []);
  return null;
}
