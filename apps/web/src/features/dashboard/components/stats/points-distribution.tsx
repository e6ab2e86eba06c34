import { BarChart } from "@mantine/charts";
import type { DashboardStats } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { CHART_HEIGHT, historyChartProps, LABEL_WIDTH, useTickEvery } from "./chart-defaults.ts";
import { useStatsFormats } from "./formats.ts";
import { ChartFigure, chartSummary, StatsSection } from "./stats-section.tsx";

/** Cards by the points on them now (0 up to a full card), partner-wide. */
export function PointsDistributionChart({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation("dashboard");
  const format = useStatsFormats();
  const max = stats.maxPoints;
  const ticks = useTickEvery(stats.pointsDistribution.length, LABEL_WIDTH.number);
  const data = stats.pointsDistribution.map((p) => ({
    label: String(p.points),
    long: t("stats.distribution.points", { count: p.points }),
    // Full cards (ready to redeem) are a series of their own, so they stand out.
    cards: max !== null && p.points >= max ? 0 : p.cards,
    fullCards: max !== null && p.points >= max ? p.cards : 0,
  }));
  return (
    <StatsSection
      title={t("stats.distribution.title")}
      explanation={t("stats.distribution.explanation", { max: max ?? "–" })}
      testId="stats-distribution"
    >
      <ChartFigure
        ref={ticks.ref}
        testId="chart-distribution"
        summary={chartSummary(
          t("stats.distribution.title"),
          data.map((d) => [
            d.long,
            t("stats.distribution.cards", {
              count: d.cards + d.fullCards,
              n: format.number(d.cards + d.fullCards),
            }),
          ]),
        )}
      >
        <BarChart
          {...historyChartProps(format, ticks.tickEvery, data.length)}
          data={data}
          type="stacked"
          series={[
            { name: "cards", label: t("stats.distribution.cardsLabel"), color: "brand.6" },
            { name: "fullCards", label: t("stats.distribution.fullCardsLabel"), color: "teal.6" },
          ]}
          withLegend
          legendProps={{ verticalAlign: "bottom", height: 40 }}
          h={CHART_HEIGHT + 30}
          maxBarWidth={36}
        />
      </ChartFigure>
    </StatsSection>
  );
}
