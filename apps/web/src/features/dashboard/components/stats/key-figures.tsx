import { ActionIcon, Card, Group, Popover, SimpleGrid, Text } from "@mantine/core";
import { CUSTOMER_WORDS, type DashboardStats } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../../shared/i18n/locale.ts";
import { Icon } from "../../../../shared/ui/icons.tsx";
import { useStatsFormats } from "./formats.ts";

/**
 * One big number with its name and a line that says what it counts; `info` adds a definition
 * behind a question mark (a popover, so a tap on a phone opens it too).
 */
export function Figure({
  label,
  value,
  hint,
  info,
  testId,
}: {
  label: string;
  value: string;
  hint: string;
  info?: { label: string; text: string };
  testId: string;
}) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {info && (
          <Popover width={260} position="bottom-end" withArrow shadow="md">
            <Popover.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={info.label} mt={-2}>
                <Icon name="help" size={16} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <Text size="sm" data-testid={`${testId}-info`}>
                {info.text}
              </Text>
            </Popover.Dropdown>
          </Popover>
        )}
      </Group>
      <Text fz={{ base: 26, sm: 30 }} fw={750} lh={1.2} mt={4} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Card>
  );
}

/** The month at a glance: card owners, collections, redeemed cards, active customers. */
export function KeyFigures({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation("dashboard");
  const format = useStatsFormats();
  const locale = useLocale();
  const month = format.monthShortYear(stats.month);
  return (
    <SimpleGrid
      type="container"
      cols={{ base: 2, "44rem": 4 }}
      spacing={{ base: "sm", "30rem": "md" }}
      data-testid="stats-key-figures"
    >
      <Figure
        label={t("stats.figures.cardOwners")}
        value={format.number(stats.cardOwners)}
        hint={t("stats.figures.cardOwnersHint")}
        testId="stat-card-owners"
      />
      <Figure
        label={t("stats.figures.scans")}
        value={format.number(stats.scans)}
        hint={t("stats.figures.scansHint", { month })}
        testId="stat-scans"
      />
      <Figure
        label={t("stats.figures.cardsRedeemed")}
        value={format.number(stats.cardsRedeemed)}
        hint={t("stats.figures.cardsRedeemedHint", { month })}
        testId="stat-cards-redeemed"
      />
      <Figure
        label={t("stats.figures.activeCustomers")}
        value={format.number(stats.customers.active)}
        hint={t("stats.figures.activeCustomersHint", {
          new: format.number(stats.customers.new),
          returning: format.number(stats.customers.returning),
        })}
        info={{
          label: t("stats.figures.activeCustomersInfo"),
          text: CUSTOMER_WORDS[locale].returningDefinition,
        }}
        testId="stat-active-customers"
      />
    </SimpleGrid>
  );
}
