import { AppShell, Burger, Button, Group, NavLink, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Notifications } from "@mantine/notifications";
import "@mantine/notifications/styles.css";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { signOut } from "../auth/auth-store.ts";
import { useLocale } from "../i18n/locale.ts";
import { paths } from "../paths.ts";
import { BrandLogo } from "./brand-logo.tsx";
import { Icon, type IconName } from "./icons.tsx";
import { LanguageSwitch } from "./language-switch.tsx";

export interface DashboardNavItem {
  to: string;
  label: string;
  icon: IconName;
  /** Further path prefixes under which the item is the current one (e.g. a list's detail pages). */
  activeUnder?: string[];
  /** Current only on `to` itself (and under `activeUnder`), not on every path below it. */
  exact?: boolean;
}

/** The signed-in frame: navigation on the left (a drawer on phones), who is signed in, logout. */
export function DashboardLayout({
  nav,
  account,
  headerExtra,
  children,
}: {
  nav: DashboardNavItem[];
  account: string;
  /** Shown in the header beside the account name, on phones too (e.g. the account status). */
  headerExtra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);

  const logout = async () => {
    await signOut();
    // Spec section 2: after logout the user goes to /de.
    navigate("/de");
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 250, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding={{ base: "md", sm: "xl" }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: "xs", sm: "md" }} gap="xs" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t("header.menu")}
            />
            <Link
              to={paths.home(locale)}
              aria-label={t("header.homeLabel")}
              style={{ textDecoration: "none" }}
            >
              <BrandLogo size={28} markOnlyOnPhones />
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {headerExtra}
            <Text fw={600} size="sm" visibleFrom="sm" truncate maw={260} data-testid="account-name">
              {account}
            </Text>
            <Button variant="default" size="xs" onClick={logout}>
              {t("header.logout")}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label={t("dashboard.navLabel")}>
        <Stack gap={4} style={{ flex: 1 }}>
          <Text size="sm" fw={600} hiddenFrom="sm" mb="xs" truncate>
            {account}
          </Text>
          {nav.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              leftSection={<Icon name={item.icon} size={18} />}
              active={
                pathname === item.to ||
                [...(item.exact ? [] : [item.to]), ...(item.activeUnder ?? [])].some(
                  (to) => pathname === to || pathname.startsWith(`${to}/`),
                )
              }
              onClick={close}
            />
          ))}
        </Stack>
        <LanguageSwitch />
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
      {/* Success messages of the dashboard's forms (mounted here: only signed-in pages use them). */}
      <Notifications position="bottom-right" />
    </AppShell>
  );
}
