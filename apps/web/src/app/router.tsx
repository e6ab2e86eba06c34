import type { PageName } from "@stempla/domain";
import { PAGE_ROUTES } from "@stempla/domain";
import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { NotFoundPage } from "./errors/not-found-page.tsx";
import { RouteErrorPage } from "./errors/route-error-page.tsx";
import { PublicLayout } from "./layouts/public-layout.tsx";
import { RootLayout } from "./layouts/root-layout.tsx";
import { lazyPage } from "./lazy-page.ts";
import { navigationChecks } from "./navigation-checks.ts";

type PageModule = () => Promise<{ default: ComponentType }>;

// One lazily loaded chunk per page. The record makes the compiler insist on a page for every
// route of the shared table, which the server also uses to answer 404.
const pages: Record<PageName, PageModule> = {
  home: () => import("../features/marketing/pages/home-page.tsx"),
  products: () => import("../features/marketing/pages/products-page.tsx"),
  digitalMenu: () => import("../features/marketing/pages/digital-menu-page.tsx"),
  pricing: () => import("../features/pricing/pages/pricing-page.tsx"),
  faq: () => import("../features/faq/pages/faq-page.tsx"),
  contactUs: () => import("../features/contact/pages/contact-page.tsx"),
  imprint: () => import("../features/legal/pages/imprint-page.tsx"),
  privacy: () => import("../features/legal/pages/privacy-page.tsx"),
  termsPartners: () => import("../features/legal/pages/terms-partners-page.tsx"),
  termsAppUsers: () => import("../features/legal/pages/terms-app-users-page.tsx"),
  communityGuidelines: () => import("../features/legal/pages/community-guidelines-page.tsx"),
};

const pageRoutes: RouteObject[] = (Object.entries(PAGE_ROUTES) as [PageName, string][]).map(([name, path]) =>
  path === "" ? { index: true, lazy: lazyPage(pages[name]) } : { path, lazy: lazyPage(pages[name]) },
);

/** Created after i18n is ready: the router starts its first navigation (and its checks) at once. */
export const createRouter = () =>
  createBrowserRouter([
    {
      id: "root",
      element: <RootLayout />,
      loader: navigationChecks,
      // The checks run on every navigation, not only when the root's params change.
      shouldRevalidate: () => true,
      errorElement: <RouteErrorPage />,
      children: [
        {
          path: "/:locale",
          element: <PublicLayout />,
          children: [...pageRoutes, { path: "*", element: <NotFoundPage /> }],
        },
        { path: "*", element: <PublicLayout />, children: [{ path: "*", element: <NotFoundPage /> }] },
      ],
    },
  ]);
