import { Anchor, Group, Paper, Text } from "@mantine/core";
import type { AccountStatus } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { StatusBadge } from "../../../shared/ui/status-badge.tsx";

/** The account colour in one line; what it means only when something is not yet live. */
export function StatusSummary({ status }: { status: AccountStatus }) {
  const { t, i18n } = useTranslation("dashboard");
  const locale = useLocale();
  return (
    <Paper
      withBorder
      radius="lg"
      px="md"
      py="sm"
      maw={{ base: "100%", sm: 440 }}
      data-testid="dashboard-status"
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t("status.title")}:
        </Text>
        <StatusBadge status={status} />
        <Text size="sm" fw={600}>
          {i18n.t(`common:status.${status}.title`)}
        </Text>
        <Anchor component={Link} to={paths.status(locale)} size="sm" ml="auto">
          {t("status.details")}
        </Anchor>
      </Group>
      {status !== "green" && (
        <Text size="sm" c="dark.6" mt={4}>
          {i18n.t(`common:status.${status}.meaning`)}
        </Text>
      )}
    </Paper>
  );
}
