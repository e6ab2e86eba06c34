import type { Profile } from "@stempla/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { useAuth } from "../auth/auth-store.ts";
import { useLocale } from "../i18n/locale.ts";
import { paths } from "../paths.ts";
import { DashboardLayout } from "./dashboard-layout.tsx";

type Company = NonNullable<Profile["company"]>;

/**
 * The frame of every partner page: the dashboard navigation and the company name. It hands the
 * signed-in profile and company to the page; the provider team is sent to its console.
 */
export function PartnerLayout({ children }: { children: (profile: Profile, company: Company) => ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const auth = useAuth();
  if (auth.status !== "signed-in") return null;
  const { profile } = auth;
  if (!profile.company) return <Navigate to={paths.admin(locale)} replace />;
  return (
    <DashboardLayout
      account={profile.company.name}
      nav={[
        { to: paths.dashboard(locale), label: t("partnerNav.overview"), icon: "chart" },
        { to: paths.locations(locale), label: t("partnerNav.locations"), icon: "store" },
      ]}
    >
      {children(profile, profile.company)}
    </DashboardLayout>
  );
}
