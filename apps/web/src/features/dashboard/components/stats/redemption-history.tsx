import { BarChart } from "@mantine/charts";
import { HISTORY_MONTHS } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useRedeemHistory } from "../../api/get-redeem-history.ts";
import type { StatsSelection } from "../../api/stats-query.ts";
import { CHART_HEIGHT, historyChartProps, LABEL_WIDTH, monthPoint, useTickEvery } from "./chart-defaults.ts";
import { useStatsFormats } from "./formats.ts";
import { ChartFigure, chartSummary, QueryContent, StatsSection } from "./stats-section.tsx";

/** Full cards redeemed for the reward, per month over 12 months. */
export function RedemptionHistoryChart({ selection }: { selection: StatsSelection }) {
  const { t } = useTranslation("dashboard");
  const format = useStatsFormats();
  const ticks = useTickEvery(HISTORY_MONTHS, LABEL_WIDTH.month);
  const history = useRedeemHistory(selection);
  return (
    <StatsSection
      title={t("stats.redeemHistory.title")}
      explanation={t("stats.redeemHistory.explanation")}
      testId="stats-redeem-history"
    >
      <QueryContent query={history} height={CHART_HEIGHT}>
        {(rows) => {
          const data = rows.map((row) => ({
            ...monthPoint(format, row.month),
            cardsRedeemed: row.cardsRedeemed,
          }));
          return (
            <ChartFigure
              ref={ticks.ref}
              testId="chart-redeem-history"
              summary={chartSummary(
                t("stats.redeemHistory.title"),
                data.map((d) => [d.long, format.number(d.cardsRedeemed)]),
              )}
            >
              <BarChart
                {...historyChartProps(format, ticks.tickEvery, data.length)}
                data={data}
                series={[{ name: "cardsRedeemed", label: t("stats.redeemHistory.cards"), color: "teal.6" }]}
                maxBarWidth={28}
              />
            </ChartFigure>
          );
        }}
      </QueryContent>
    </StatsSection>
  );
}
