import { Text } from "@mantine/core";
import { type DashboardStats, outstandingRewardsText } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../../shared/i18n/locale.ts";
import { FactList } from "./fact-list.tsx";
import { useStatsFormats } from "./formats.ts";
import { StatsSection } from "./stats-section.tsx";

/** What the partner owes its customers now: full cards not yet redeemed and the open points. */
export function OutstandingPoints({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const format = useStatsFormats();
  const max = stats.maxPoints;
  return (
    <StatsSection
      title={t("stats.outstanding.title")}
      explanation={t("stats.outstanding.explanation")}
      testId="stats-outstanding"
    >
      <Text fw={700} fz="lg" lh={1.3} mb="sm" data-testid="stat-outstanding">
        {outstandingRewardsText(stats.outstanding, locale)}
      </Text>
      <FactList
        facts={[
          {
            label: t("stats.outstanding.fullCards"),
            value: format.number(stats.outstanding.fullCards),
            note: max
              ? t("stats.outstanding.fullCardsNote", { points: format.number(max) })
              : t("stats.outstanding.fullCardsNoSize"),
            testId: "stat-full-cards",
          },
          {
            label: t("stats.outstanding.openPoints"),
            value: format.number(stats.outstanding.openPoints),
            note: t("stats.outstanding.openPointsNote"),
            testId: "stat-open-points",
          },
        ]}
      />
    </StatsSection>
  );
}
