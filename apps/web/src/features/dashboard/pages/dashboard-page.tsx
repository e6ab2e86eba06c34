import { Alert, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAccountStatus } from "../../../shared/api/account-status.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { StatusBadge } from "../../../shared/ui/status-badge.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { useSetup } from "../api/setup-calls.ts";
import { SetupWizard } from "../components/setup/setup-wizard.tsx";

export default function DashboardPage() {
  const { t, i18n } = useTranslation("dashboard");
  const locale = useLocale();
  const setup = useSetup();
  // The live colour: the profile's copy is from the login and may be older.
  const status = useAccountStatus();
  useDocumentTitle(setup.data?.active ? t("setupTitle") : t("title"));
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "long" }) : "–";
  return (
    <PartnerLayout>
      {(profile, company) => {
        const currentStatus = status.data?.status ?? company.status;
        // Until the set-up is finished (and while a location is added) the dashboard is the wizard.
        if (setup.isPending) return <Loader aria-label={t("loading")} />;
        if (setup.isError) {
          return (
            <Alert color="red" variant="light" role="alert">
              {setup.error.message}
            </Alert>
          );
        }
        if (setup.data.active) return <SetupWizard setup={setup.data} />;
        const facts: [string, string][] = [
          [t("account.company"), company.name],
          [t("account.legalForm"), company.legal_form ?? "–"],
          [t("account.type"), t(`account.types.${company.type}`)],
          [t("account.email"), profile.email],
          [t("account.contact"), [profile.first_name, profile.surname].filter(Boolean).join(" ") || "–"],
          [t("account.registered"), date(company.created_at)],
        ];

        return (
          <>
            <Stack gap="lg" maw={960}>
              <div>
                <Title order={1} fz={{ base: 24, sm: 30 }}>
                  {t("welcome", { name: company.name })}
                </Title>
                <Text c="dimmed">{t("intro")}</Text>
              </div>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <Card withBorder radius="lg" padding="lg">
                  <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
                    {t("status.title")}
                  </Text>
                  <Group gap="sm" mt={6} wrap="wrap">
                    <StatusBadge status={currentStatus} />
                    <Text fw={700}>{i18n.t(`common:status.${currentStatus}.title`)}</Text>
                  </Group>
                  <Text size="sm" c="dark.6" mt="xs">
                    {i18n.t(`common:status.${currentStatus}.meaning`)}
                  </Text>
                </Card>
                <Card withBorder radius="lg" padding="lg">
                  <Title order={2} fz="lg" mb="md">
                    {t("account.title")}
                  </Title>
                  <Stack gap="xs">
                    {facts.map(([label, value]) => (
                      <Group key={label} justify="space-between" gap="md" wrap="nowrap" align="flex-start">
                        <Text size="sm" c="dimmed">
                          {label}
                        </Text>
                        <Text size="sm" fw={500} ta="right" style={{ wordBreak: "break-word" }}>
                          {value}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                </Card>
              </SimpleGrid>
            </Stack>
          </>
        );
      }}
    </PartnerLayout>
  );
}
