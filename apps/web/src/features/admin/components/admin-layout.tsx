import { Alert, Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../../shared/auth/auth-store.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { DashboardLayout } from "../../../shared/ui/dashboard-layout.tsx";

/** The frame of every console page: the dashboard shell for the provider team, a 403 for anyone else. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const auth = useAuth();
  if (auth.status !== "signed-in") return null;

  if (auth.profile.role !== "admin") {
    return (
      <Container size="sm" py={96}>
        <Stack align="center" ta="center">
          <Text fz={72} fw={800} c="brand.7" lh={1} aria-hidden>
            403
          </Text>
          <Title order={1} fz={26}>
            {t("forbidden.title")}
          </Title>
          <Alert color="gray" variant="light">
            {t("forbidden.text")}
          </Alert>
        </Stack>
      </Container>
    );
  }

  return (
    <DashboardLayout
      account={auth.profile.email}
      nav={[{ to: paths.admin(locale), label: t("nav.console"), icon: "user" }]}
    >
      {children}
    </DashboardLayout>
  );
}
