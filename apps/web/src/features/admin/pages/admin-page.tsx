import { Alert, Container, Stack, Tabs, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../../shared/auth/auth-store.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { DashboardLayout } from "../../../shared/ui/dashboard-layout.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { MailTable } from "../components/mail-table.tsx";
import { PartnerTable } from "../components/partner-table.tsx";

/** The provider team's console: partner accounts and the mail outbox. */
export default function AdminPage() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const auth = useAuth();
  useDocumentTitle(t("title"));
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
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t("title")}
          </Title>
          <Text c="dimmed">{t("intro")}</Text>
        </div>
        <Tabs defaultValue="partners" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="partners">{t("tabs.partners")}</Tabs.Tab>
            <Tabs.Tab value="mails">{t("tabs.mails")}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="partners" pt="lg">
            <PartnerTable />
          </Tabs.Panel>
          <Tabs.Panel value="mails" pt="lg">
            <MailTable />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </DashboardLayout>
  );
}
