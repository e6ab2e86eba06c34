import type { DashboardStats } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { FactList } from "./fact-list.tsx";
import { useStatsFormats } from "./formats.ts";
import { StatsSection } from "./stats-section.tsx";

/** What the partner owes its customers now: points on their cards and full cards not yet redeemed. */
export function OutstandingPoints({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation("dashboard");
  const format = useStatsFormats();
  const max = stats.maxPoints;
  return (
    <StatsSection
      title={t("stats.outstanding.title")}
      explanation={t("stats.outstanding.explanation")}
      testId="stats-outstanding"
    >
      <FactList
        facts={[
          {
            label: t("stats.outstanding.points"),
            value: format.number(stats.outstanding.points),
            note: max
              ? t("stats.outstanding.pointsNote", { rewards: format.decimal(stats.outstanding.points / max) })
              : undefined,
            testId: "stat-outstanding-points",
          },
          {
            label: t("stats.outstanding.fullCards"),
            value: format.number(stats.outstanding.fullCards),
            note: t("stats.outstanding.fullCardsNote"),
            testId: "stat-full-cards",
          },
        ]}
      />
    </StatsSection>
  );
}
