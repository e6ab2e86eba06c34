import { PAGE_ROUTES, type PageName, validPageParams } from "@stempla/domain";
import type { ComponentType, LazyExoticComponent, ReactNode } from "react";
import { Route, Routes, useParams } from "react-router";
import { NotFoundPage } from "./errors/not-found-page.tsx";
import { AppFrame } from "./layouts/app-frame.tsx";
import { PublicLayout } from "./layouts/public-layout.tsx";
import { lazyPage } from "./lazy-page.ts";
import { NavigationChecks } from "./navigation-checks.tsx";

// One lazily loaded chunk per page. The record makes the compiler insist on a page for every
// route of the shared table, which the server also uses to answer 404.
const pages: Record<PageName, LazyExoticComponent<ComponentType>> = {
  home: lazyPage(() => import("../features/marketing/pages/home-page.tsx")),
  products: lazyPage(() => import("../features/marketing/pages/products-page.tsx")),
  digitalMenu: lazyPage(() => import("../features/marketing/pages/digital-menu-page.tsx")),
  pricing: lazyPage(() => import("../features/pricing/pages/pricing-page.tsx")),
  faq: lazyPage(() => import("../features/faq/pages/faq-page.tsx")),
  contactUs: lazyPage(() => import("../features/contact/pages/contact-page.tsx")),
  imprint: lazyPage(() => import("../features/legal/pages/imprint-page.tsx")),
  privacy: lazyPage(() => import("../features/legal/pages/privacy-page.tsx")),
  termsPartners: lazyPage(() => import("../features/legal/pages/terms-partners-page.tsx")),
  termsAppUsers: lazyPage(() => import("../features/legal/pages/terms-app-users-page.tsx")),
  communityGuidelines: lazyPage(() => import("../features/legal/pages/community-guidelines-page.tsx")),
  login: lazyPage(() => import("../features/auth/pages/login-page.tsx")),
  passwordReset: lazyPage(() => import("../features/auth/pages/password-reset-page.tsx")),
  register: lazyPage(() => import("../features/registration/pages/registration-page.tsx")),
  partnerRegistration: lazyPage(() => import("../features/registration/pages/registration-page.tsx")),
  registerMaster: lazyPage(() => import("../features/registration/pages/registration-master-page.tsx")),
  registerSlave: lazyPage(() => import("../features/registration/pages/registration-slave-page.tsx")),
  dashboard: lazyPage(() => import("../features/dashboard/pages/dashboard-page.tsx")),
  locations: lazyPage(() => import("../features/locations/pages/locations-page.tsx")),
  locationDetail: lazyPage(() => import("../features/locations/pages/location-detail-page.tsx")),
  digitalMenus: lazyPage(() => import("../features/menu/pages/menus-page.tsx")),
  digitalMenuManage: lazyPage(() => import("../features/menu/pages/digital-menu-manage-page.tsx")),
  cards: lazyPage(() => import("../features/cards/pages/cards-page.tsx")),
  clients: lazyPage(() => import("../features/clients/pages/clients-page.tsx")),
  invoices: lazyPage(() => import("../features/invoices/pages/invoices-page.tsx")),
  company: lazyPage(() => import("../features/company/pages/company-page.tsx")),
  status: lazyPage(() => import("../features/status/pages/status-page.tsx")),
  franchisors: lazyPage(() => import("../features/franchise/pages/franchisors-page.tsx")),
  help: lazyPage(() => import("../features/faq/pages/partner-faq-page.tsx")),
  nft: lazyPage(() => import("../features/nft/pages/offers-page.tsx")),
  nftCreate: lazyPage(() => import("../features/nft/pages/create-choice-page.tsx")),
  nftCreateCoupon: lazyPage(() => import("../features/nft/pages/coupon-form-page.tsx")),
  nftCreateVoucher: lazyPage(() => import("../features/nft/pages/voucher-form-page.tsx")),
  nftMonitor: lazyPage(() => import("../features/nft/pages/monitor-page.tsx")),
  admin: lazyPage(() => import("../features/admin/pages/admin-page.tsx")),
  adminPartner: lazyPage(() => import("../features/admin/pages/partner-review-page.tsx")),
};

// Pages that read or send API data sit under the lazily loaded TanStack Query layout, so the
// marketing pages (the first visit) do not download it.
const dataPages = new Set<PageName>([
  "faq",
  "contactUs",
  "imprint",
  "privacy",
  "termsPartners",
  "termsAppUsers",
  "communityGuidelines",
  "login",
  "passwordReset",
  "register",
  "partnerRegistration",
  "registerMaster",
  "registerSlave",
]);
// Signed-in pages bring their own shell instead of the public header and footer.
const appPages = new Set<PageName>([
  "dashboard",
  "locations",
  "locationDetail",
  "digitalMenus",
  "digitalMenuManage",
  "cards",
  "clients",
  "invoices",
  "company",
  "status",
  "franchisors",
  "help",
  "nft",
  "nftCreate",
  "nftCreateCoupon",
  "nftCreateVoucher",
  "nftMonitor",
  "admin",
  "adminPartner",
]);
const QueryLayout = lazyPage(() => import("./layouts/query-layout.tsx"));

const routeTable = Object.entries(PAGE_ROUTES) as [PageName, string][];
const pageRoute = ([name, path]: [PageName, string]) => {
  const Page = pages[name];
  return path === "" ? (
    <Route key={name} index element={<Page />} />
  ) : (
    <Route
      key={name}
      path={path}
      element={
        <ValidParams page={name}>
          <Page />
        </ValidParams>
      }
    />
  );
};

/** A path whose parameter fails the shared rules (e.g. /de/locations/abc) is the 404 page, as on the server. */
function ValidParams({ page, children }: { page: PageName; children: ReactNode }) {
  const params = useParams();
  return validPageParams(page, params) ? children : <NotFoundPage />;
}

/**
 * The route table. Declarative routes (not the data router): the data router's loaders would cost
 * the first visit 18 KB of gzip JavaScript; see docs/decisions/002-declarative-router.md.
 */
export function AppRoutes() {
  return (
    <NavigationChecks>
      <Routes>
        <Route path="/:locale">
          <Route element={<PublicLayout />}>
            {routeTable.filter(([name]) => !dataPages.has(name) && !appPages.has(name)).map(pageRoute)}
            <Route element={<QueryLayout />}>
              {routeTable.filter(([name]) => dataPages.has(name)).map(pageRoute)}
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route element={<AppFrame />}>
            <Route element={<QueryLayout />}>
              {routeTable.filter(([name]) => appPages.has(name)).map(pageRoute)}
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<PublicLayout />}>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </NavigationChecks>
  );
}
