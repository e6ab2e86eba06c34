import { BarChart } from "@mantine/charts";
import { Text } from "@mantine/core";
import { HISTORY_MONTHS } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useRedeemDilution } from "../../api/get-redeem-dilution.ts";
import type { StatsSelection } from "../../api/stats-query.ts";
import { CHART_HEIGHT, historyChartProps, LABEL_WIDTH, monthPoint, useTickEvery } from "./chart-defaults.ts";
import { useStatsFormats } from "./formats.ts";
import { ChartFigure, chartSummary, QueryContent, StatsSection } from "./stats-section.tsx";

/** Points collected against points redeemed per month, and the redemption rate of the month. */
export function PointsCollectedRedeemedChart({ selection }: { selection: StatsSelection }) {
  const { t } = useTranslation("dashboard");
  const format = useStatsFormats();
  const ticks = useTickEvery(HISTORY_MONTHS, LABEL_WIDTH.month);
  const dilution = useRedeemDilution(selection);
  return (
    <StatsSection
      title={t("stats.dilution.title")}
      explanation={t("stats.dilution.explanation")}
      testId="stats-dilution"
    >
      <QueryContent query={dilution} height={CHART_HEIGHT}>
        {(rows) => {
          const data = rows.map((row) => ({
            ...monthPoint(format, row.month),
            pointsCollected: row.pointsCollected,
            pointsRedeemed: row.pointsRedeemed,
          }));
          const current = rows.at(-1);
          return (
            <>
              <ChartFigure
                ref={ticks.ref}
                testId="chart-dilution"
                summary={chartSummary(
                  t("stats.dilution.title"),
                  data.map((d) => [
                    d.long,
                    t("stats.dilution.summaryValue", {
                      collected: format.number(d.pointsCollected),
                      redeemed: format.number(d.pointsRedeemed),
                    }),
                  ]),
                )}
              >
                <BarChart
                  {...historyChartProps(format, ticks.tickEvery, data.length)}
                  data={data}
                  series={[
                    { name: "pointsCollected", label: t("stats.dilution.collected"), color: "brand.6" },
                    { name: "pointsRedeemed", label: t("stats.dilution.redeemed"), color: "teal.6" },
                  ]}
                  withLegend
                  h={CHART_HEIGHT + 30}
                  legendProps={{ verticalAlign: "bottom", height: 40 }}
                  barProps={{ radius: 2 }}
                />
              </ChartFigure>
              {current && current.rate !== null && (
                <Text size="sm" mt="xs" data-testid="stat-redeem-rate">
                  {t("stats.dilution.rate", {
                    month: format.monthShortYear(current.month),
                    rate: format.percent(current.rate),
                  })}
                </Text>
              )}
            </>
          );
        }}
      </QueryContent>
    </StatsSection>
  );
}
