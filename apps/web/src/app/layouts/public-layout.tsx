import { Box, Center, Loader } from "@mantine/core";
import { isLocale } from "@stempla/domain";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useParams } from "react-router";
import { NotFoundPage } from "../errors/not-found-page.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

export function PublicLayout() {
  const { locale } = useParams();
  const { t } = useTranslation();
  return (
    <>
      <a href="#main" className="skip-link">
        {t("header.skipToContent")}
      </a>
      <SiteHeader />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Suspense
          fallback={
            <Center py={120}>
              <Loader aria-label={t("loading")} />
            </Center>
          }
        >
          {locale === undefined || isLocale(locale) ? <Outlet /> : <NotFoundPage />}
        </Suspense>
      </Box>
      <SiteFooter />
    </>
  );
}
