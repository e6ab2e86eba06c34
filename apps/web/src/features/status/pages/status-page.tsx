import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { ACCOUNT_STATUSES, type AccountStatus } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type AccountStatusView, useAccountStatus } from "../../../shared/api/account-status.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { formatsFor } from "../../../shared/lib/formats.ts";
import { paths } from "../../../shared/paths.ts";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { StatusBadge } from "../../../shared/ui/status-badge.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { RequirementsChecklist } from "../components/requirements-checklist.tsx";
import { SWATCH, Swatch } from "../components/status-swatch.tsx";

export default function StatusPage() {
  const { t } = useTranslation("status");
  useDocumentTitle(t("title"));
  const status = useAccountStatus();

  return (
    <PartnerLayout>
      {() => (
        <Stack gap="lg" maw={960}>
          <div>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t("title")}
            </Title>
            <Text c="dimmed">{t("intro")}</Text>
          </div>
          {status.isPending && <Skeleton h={180} radius="lg" />}
          {status.isError && (
            <Alert color="red" role="alert">
              {t("loadError")} {status.error.message}
            </Alert>
          )}
          {status.data && (
            <>
              <CurrentStatus view={status.data} />
              {status.data.status !== "black" && <RequirementsChecklist missing={status.data.missing} />}
              <Legend current={status.data.status} />
            </>
          )}
        </Stack>
      )}
    </PartnerLayout>
  );
}

/** The colour, its name and what it means for the partner now. */
function CurrentStatus({ view }: { view: AccountStatusView }) {
  const { t, i18n } = useTranslation("status");
  const locale = useLocale();
  // Red without a block: a live account that lost required data (docs/product.md, "Account status").
  const incomplete = view.status === "red" && view.red_cause === "incomplete";
  const since = view.since ? formatsFor(locale).date(view.since) : undefined;

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      style={{ borderLeft: `6px solid ${SWATCH[view.status].solid}` }}
      data-testid="current-status"
      data-status={view.status}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Swatch status={view.status} size={40} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <StatusBadge status={view.status} />
            {since && (
              <Text size="sm" c="dimmed">
                {t("since", { date: since })}
              </Text>
            )}
          </Group>
          <Title order={2} fz={{ base: "lg", sm: "xl" }}>
            {incomplete ? t("colors.redIncomplete.title") : i18n.t(`common:status.${view.status}.title`)}
          </Title>
          <Text size="sm" c="dark.7">
            {t(incomplete ? "colors.redIncomplete.text" : `colors.${view.status}.text`)}
          </Text>
          {view.status === "red" && !incomplete && (
            <Alert
              color="red"
              variant="light"
              mt="xs"
              // Mantine's red title text on the light red fails contrast; a darker red passes.
              title={
                view.reason ? (
                  <Text fw={700} size="sm" c="red.9">
                    {t("reason")}
                  </Text>
                ) : undefined
              }
            >
              {view.reason && (
                <Text size="sm" c="dark.8" mb="xs" style={{ whiteSpace: "pre-line" }}>
                  {view.reason}
                </Text>
              )}
              <Text size="sm" c="dark.8">
                {t("support")}{" "}
                <Anchor
                  component={Link}
                  to={paths.contactUs(locale)}
                  size="sm"
                  fw={700}
                  c="red.9"
                  underline="always"
                >
                  {t("contact")}
                </Anchor>
              </Text>
            </Alert>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** All six colours, so the partner knows what comes before and after the current one. */
function Legend({ current }: { current: AccountStatus }) {
  const { t, i18n } = useTranslation("status");
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg" mb="md">
        {t("legend.title")}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {ACCOUNT_STATUSES.map((status) => (
          <Group key={status} wrap="nowrap" align="flex-start" gap="sm">
            <span style={{ marginTop: 4 }}>
              <Swatch status={status} size={12} />
            </span>
            <div style={{ minWidth: 0 }}>
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={700}>
                  {i18n.t(`common:status.${status}.label`)} · {i18n.t(`common:status.${status}.title`)}
                </Text>
                {status === current && <SoftBadge color="brand">{t("legend.current")}</SoftBadge>}
              </Group>
              <Text size="sm" c="dimmed">
                {t(`colors.${status}.short`)}
              </Text>
            </div>
          </Group>
        ))}
      </SimpleGrid>
    </Card>
  );
}
