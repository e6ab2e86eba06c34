import { PAGE_ROUTES, type PageName, validPageParams } from "@stempla/domain";
import type { ComponentType, ReactNode } from "react";
import { Route, Routes, useParams } from "react-router";
import { NotFoundPage } from "./errors/not-found-page.tsx";
import { AppFrame } from "./layouts/app-frame.tsx";
import { PublicLayout } from "./layouts/public-layout.tsx";
import { type LazyPage, lazyPage } from "./lazy-page.ts";
import { NavigationChecks } from "./navigation-checks.tsx";

// One lazily loaded chunk per page, named by its source file. The record makes the compiler insist
// on a page for every route of the shared table, which the server also uses to answer 404; the
// server also finds a page's chunks in the build manifest by this file name (modulepreload).
export const pageFiles: Record<PageName, string> = {
  home: "src/features/marketing/pages/home-page.tsx",
  products: "src/features/marketing/pages/products-page.tsx",
  digitalMenu: "src/features/marketing/pages/digital-menu-page.tsx",
  pricing: "src/features/pricing/pages/pricing-page.tsx",
  faq: "src/features/faq/pages/faq-page.tsx",
  contactUs: "src/features/contact/pages/contact-page.tsx",
  imprint: "src/features/legal/pages/imprint-page.tsx",
  privacy: "src/features/legal/pages/privacy-page.tsx",
  termsPartners: "src/features/legal/pages/terms-partners-page.tsx",
  termsAppUsers: "src/features/legal/pages/terms-app-users-page.tsx",
  communityGuidelines: "src/features/legal/pages/community-guidelines-page.tsx",
  login: "src/features/auth/pages/login-page.tsx",
  passwordReset: "src/features/auth/pages/password-reset-page.tsx",
  register: "src/features/registration/pages/registration-page.tsx",
  partnerRegistration: "src/features/registration/pages/registration-page.tsx",
  registerMaster: "src/features/registration/pages/registration-master-page.tsx",
  registerSlave: "src/features/registration/pages/registration-slave-page.tsx",
  dashboard: "src/features/dashboard/pages/dashboard-page.tsx",
  locations: "src/features/locations/pages/locations-page.tsx",
  locationDetail: "src/features/locations/pages/location-detail-page.tsx",
  digitalMenus: "src/features/menu/pages/menus-page.tsx",
  digitalMenuManage: "src/features/menu/pages/digital-menu-manage-page.tsx",
  cards: "src/features/cards/pages/cards-page.tsx",
  clients: "src/features/clients/pages/clients-page.tsx",
  invoices: "src/features/invoices/pages/invoices-page.tsx",
  company: "src/features/company/pages/company-page.tsx",
  status: "src/features/status/pages/status-page.tsx",
  franchisors: "src/features/franchise/pages/franchisors-page.tsx",
  help: "src/features/faq/pages/partner-faq-page.tsx",
  nft: "src/features/nft/pages/offers-page.tsx",
  nftCreate: "src/features/nft/pages/create-choice-page.tsx",
  nftCreateCoupon: "src/features/nft/pages/coupon-form-page.tsx",
  nftCreateVoucher: "src/features/nft/pages/voucher-form-page.tsx",
  nftMonitor: "src/features/nft/pages/monitor-page.tsx",
  admin: "src/features/admin/pages/admin-page.tsx",
  adminPartner: "src/features/admin/pages/partner-review-page.tsx",
};
const pageModules = import.meta.glob<{ default: ComponentType }>("../features/*/pages/*-page.tsx");
const pages = Object.fromEntries(
  Object.entries(pageFiles).map(([name, file]) => [
    name,
    lazyPage(pageModules[file.replace(/^src\//, "../")]!),
  ]),
) as Record<PageName, LazyPage>;

// Pages that read or send API data sit under the lazily loaded TanStack Query layout, so the
// marketing pages (the first visit) do not download it.
export const dataPages: ReadonlySet<PageName> = new Set<PageName>([
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
export const appPages: ReadonlySet<PageName> = new Set<PageName>([
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
export const QUERY_LAYOUT_FILE = "src/app/layouts/query-layout.tsx";

/** Starts loading a page's chunks (and the query layout's, for pages with API data) before rendering. */
export function preloadPage(name: PageName): Promise<unknown> {
  return Promise.all([
    pages[name].preload(),
    dataPages.has(name) || appPages.has(name) ? QueryLayout.preload() : null,
  ]);
}

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
