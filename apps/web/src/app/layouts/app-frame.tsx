import { isLocale } from "@stempla/domain";
import { Suspense } from "react";
import { Outlet, useLocation, useParams } from "react-router";
import { NotFoundPage } from "../errors/not-found-page.tsx";
import { PageErrorBoundary } from "../errors/page-error-boundary.tsx";

/** The frame of the signed-in pages: they bring their own shell, so only loading and errors here. */
export function AppFrame() {
  const { pathname } = useLocation();
  const { locale } = useParams();
  if (!isLocale(locale)) return <NotFoundPage />;
  return (
    <Suspense>
      <PageErrorBoundary key={pathname}>
        <Outlet />
      </PageErrorBoundary>
    </Suspense>
  );
}
