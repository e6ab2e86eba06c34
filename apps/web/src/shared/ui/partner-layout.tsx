import { Group, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { Profile } from "@stempla/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate } from "react-router";
import { useAccountStatus } from "../api/account-status.ts";
import { useAuth } from "../auth/auth-store.ts";
import { useLocale } from "../i18n/locale.ts";
import { HardwareShopButton } from "../partner/hardware-shop.tsx";
import { paths } from "../paths.ts";
import { DashboardLayout } from "./dashboard-layout.tsx";
import { StatusBadge } from "./status-badge.tsx";

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
      headerExtra={
        // One group with a small gap: on phones the header has little room beside the logo.
        <Group gap={6} wrap="nowrap">
          <HardwareShopButton />
          <StatusLink />
        </Group>
      }
      nav={[
        { to: paths.dashboard(locale), label: t("partnerNav.overview"), icon: "chart" },
        { to: paths.locations(locale), label: t("partnerNav.locations"), icon: "store" },
        {
          to: paths.digitalMenus(locale),
          label: t("partnerNav.menus"),
          icon: "menu",
          // A location's editor (digital-menu/{id}) belongs to the menus.
          activeUnder: [`/${locale}/digital-menu`],
        },
        // Only a master has a network to run; the page itself explains it to everyone else.
        ...(profile.company.type === "master"
          ? [{ to: paths.franchisors(locale), label: t("partnerNav.franchisors"), icon: "network" as const }]
          : []),
        { to: paths.cards(locale), label: t("partnerNav.cards"), icon: "card" },
        {
          to: paths.nft(locale),
          label: t("partnerNav.nft"),
          icon: "gift",
          // The choice and the forms belong to the list; the monitor has its own entry.
          exact: true,
          activeUnder: [paths.nftCreate(locale)],
        },
        { to: paths.nftMonitor(locale), label: t("partnerNav.nftMonitor"), icon: "activity" },
        { to: paths.clients(locale), label: t("partnerNav.clients"), icon: "users" },
        { to: paths.invoices(locale), label: t("partnerNav.invoices"), icon: "receipt" },
        { to: paths.company(locale), label: t("partnerNav.company"), icon: "building" },
        { to: paths.status(locale), label: t("partnerNav.status"), icon: "status" },
        { to: paths.help(locale), label: t("partnerNav.help"), icon: "help" },
      ]}
    >
      {children(profile, profile.company)}
    </DashboardLayout>
  );
}

/** The account colour in the header, on every partner page, leading to the status page. */
function StatusLink() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data } = useAccountStatus();
  if (!data) return null;
  return (
    <UnstyledButton
      component={Link}
      to={paths.status(locale)}
      title={t(`status.${data.status}.title`)}
      style={{ display: "flex", alignItems: "center", gap: 6, borderRadius: 4 }}
      data-testid="header-status"
    >
      {/* "Account status:" is read out on phones too, where only the badge shows. */}
      <Text size="xs" c="dimmed" visibleFrom="md">
        {t("header.statusShort")}:
      </Text>
      <VisuallyHidden hiddenFrom="md">{t("header.statusShort")}:</VisuallyHidden>
      <StatusBadge status={data.status} />
    </UnstyledButton>
  );
}
