import { AreaChart } from "@mantine/charts";
import { Button } from "@mantine/core";
import { HISTORY_WEEKS, STATS_PERIODS, type StatsPeriod } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useScanHistory } from "../../api/get-scan-history.ts";
import { currentStatsMonth, type StatsSelection } from "../../api/stats-query.ts";
import { CHART_HEIGHT, historyChartProps, LABEL_WIDTH, monthPoint, useTickEvery } from "./chart-defaults.ts";
import { useStatsFormats } from "./formats.ts";
import { ChartFigure, chartSummary, QueryContent, StatsSection } from "./stats-section.tsx";

/** Collections and redemptions per week (12 weeks) or per month (12 months). */
export function ScanHistoryChart({
  selection,
  period,
  onPeriod,
}: {
  selection: StatsSelection;
  period: StatsPeriod;
  onPeriod: (period: StatsPeriod) => void;
}) {
  const { t } = useTranslation("dashboard");
  const format = useStatsFormats();
  const ticks = useTickEvery(HISTORY_WEEKS, LABEL_WIDTH[period]);
  const history = useScanHistory(selection, period);
  const series = [
    { name: "scans", label: t("stats.scanHistory.scans"), color: "brand.6" },
    { name: "redeems", label: t("stats.scanHistory.redeems"), color: "teal.7" },
  ];

  return (
    <StatsSection
      title={t("stats.scanHistory.title")}
      explanation={
        selection.month === currentStatsMonth()
          ? `${t(`stats.scanHistory.explanation.${period}`)} ${t(`stats.scanHistory.partial.${period}`)}`
          : t(`stats.scanHistory.explanation.${period}`)
      }
      testId="stats-scan-history"
      action={
        <Button.Group aria-label={t("stats.scanHistory.periodLabel")}>
          {STATS_PERIODS.map((p) => (
            <Button
              key={p}
              size="xs"
              variant={p === period ? "filled" : "default"}
              aria-pressed={p === period}
              onClick={() => onPeriod(p)}
              data-testid={`stats-period-${p}`}
            >
              {t(`stats.scanHistory.period.${p}`)}
            </Button>
          ))}
        </Button.Group>
      }
    >
      <QueryContent query={history} height={CHART_HEIGHT}>
        {(rows) => {
          const data = rows.map((row) => ({
            // By the row, not the toggle: the previous period's rows stay while the new ones load.
            ...(row.period.includes("-W")
              ? { label: format.weekShort(row.period), long: format.weekLong(row.period, row.start) }
              : monthPoint(format, row.period)),
            scans: row.scans,
            redeems: row.redeems,
          }));
          return (
            <ChartFigure
              ref={ticks.ref}
              testId="chart-scan-history"
              summary={chartSummary(
                t("stats.scanHistory.title"),
                data.map((d) => [
                  d.long,
                  t("stats.scanHistory.summaryValue", {
                    scans: format.number(d.scans),
                    redeems: format.number(d.redeems),
                  }),
                ]),
              )}
            >
              <AreaChart
                {...historyChartProps(format, ticks.tickEvery, data.length)}
                data={data}
                series={series}
                curveType="monotone"
                // Room for the last week's label at the right edge.
                areaChartProps={{ margin: { right: 20, left: 0, top: 5, bottom: 0 } }}
                withLegend
                h={CHART_HEIGHT + 30}
                legendProps={{ verticalAlign: "bottom", height: 40 }}
                fillOpacity={0.25}
              />
            </ChartFigure>
          );
        }}
      </QueryContent>
    </StatsSection>
  );
}
