import { Alert, Box, Group, Loader, Skeleton, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useAccountStatus } from "../../../shared/api/account-status.ts";
import { FranchiseNotice } from "../../../shared/franchise/franchise-notice.tsx";
import { TermsChangeNotice } from "../../../shared/terms/terms-change-notice.tsx";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { useSetup } from "../api/setup-calls.ts";
import { SetupWizard } from "../components/setup/setup-wizard.tsx";
import { StatusSummary } from "../components/status-summary.tsx";

// The charts library is big: a partner still in the set-up wizard does not download it.
const Statistics = lazy(() =>
  import("../components/stats/statistics.tsx").then((m) => ({ default: m.Statistics })),
);

export default function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const setup = useSetup();
  // The live colour: the profile's copy is from the login and may be older.
  const status = useAccountStatus();
  useDocumentTitle(setup.data?.active ? t("setupTitle") : t("title"));
  return (
    <PartnerLayout>
      {(_profile, company) => {
        // Until the set-up is finished (and while a location is added) the dashboard is the wizard.
        if (setup.isPending) return <Loader aria-label={t("loading")} />;
        if (setup.isError) {
          return (
            <Alert color="red" variant="light" role="alert">
              {setup.error.message}
            </Alert>
          );
        }
        if (setup.data.active) {
          return (
            <Stack gap="lg">
              {/* As wide as the wizard below it. */}
              <TermsChangeNotice maw={720} />
              {/* A franchisee in its set-up already has a master who may switch who pays. */}
              {company.type === "slave" && (
                <Box maw={720} mx="auto" w="100%">
                  <FranchiseNotice />
                </Box>
              )}
              <SetupWizard setup={setup.data} />
            </Stack>
          );
        }
        return (
          <Stack gap="lg" maw={1280}>
            <TermsChangeNotice />
            <Group justify="space-between" align="flex-start" gap="md">
              <Box style={{ flex: "1 1 18rem", minWidth: 0 }}>
                <Title order={1} fz={{ base: 24, sm: 30 }}>
                  {t("welcome", { name: company.name })}
                </Title>
                <Text c="dimmed">{t("intro")}</Text>
              </Box>
              <StatusSummary status={status.data?.status ?? company.status} />
            </Group>
            {/* A franchisee's master, who pays, and its termination window (decision 008, section 6). */}
            {company.type === "slave" && <FranchiseNotice />}
            <Suspense fallback={<Skeleton h={400} radius="lg" />}>
              <Statistics />
            </Suspense>
          </Stack>
        );
      }}
    </PartnerLayout>
  );
}
