import type { DashboardStats } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { FactList } from "./fact-list.tsx";
import { useStatsFormats } from "./formats.ts";
import { StatsSection } from "./stats-section.tsx";

/** How often customers collect: the last 24 hours, the month, since the start and per day. */
export function ScanFrequency({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation("dashboard");
  const format = useStatsFormats();
  const f = stats.scanFrequency;
  return (
    <StatsSection
      title={t("stats.frequency.title")}
      explanation={t("stats.frequency.explanation")}
      testId="stats-frequency"
    >
      <FactList
        facts={[
          {
            label: t("stats.frequency.last24h"),
            value: format.number(f.last24h),
            note: t("stats.frequency.last24hNote"),
            testId: "stat-scans-24h",
          },
          {
            label: t("stats.frequency.month", { month: format.monthShortYear(stats.month) }),
            value: format.number(f.month),
            testId: "stat-scans-month",
          },
          {
            label: t("stats.frequency.total"),
            value: format.number(f.total),
            note: f.since ? t("stats.frequency.since", { date: format.day(f.since) }) : undefined,
            testId: "stat-scans-total",
          },
          {
            label: t("stats.frequency.perDay"),
            value: format.decimal(f.perDaySinceStart),
            note: t("stats.frequency.perDayNote"),
            testId: "stat-scans-per-day",
          },
        ]}
      />
    </StatsSection>
  );
}
