import { BarChart } from "@mantine/charts";
import { CUSTOMER_WORDS, HISTORY_MONTHS } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../../shared/i18n/locale.ts";
import { useCustomerHistory } from "../../api/get-customer-history.ts";
import type { StatsSelection } from "../../api/stats-query.ts";
import { CHART_HEIGHT, historyChartProps, LABEL_WIDTH, monthPoint, useTickEvery } from "./chart-defaults.ts";
import { useStatsFormats } from "./formats.ts";
import { ChartFigure, chartSummary, QueryContent, StatsSection } from "./stats-section.tsx";

/** New and returning customers per month, stacked: growth and loyalty in one picture. */
export function CustomerHistoryChart({ selection }: { selection: StatsSelection }) {
  const { t } = useTranslation("dashboard");
  const format = useStatsFormats();
  const locale = useLocale();
  const ticks = useTickEvery(HISTORY_MONTHS, LABEL_WIDTH.month);
  const history = useCustomerHistory(selection);
  return (
    <StatsSection
      title={t("stats.customerHistory.title")}
      explanation={t("stats.customerHistory.explanation", {
        definition: CUSTOMER_WORDS[locale].returningDefinition,
      })}
      testId="stats-customer-history"
    >
      <QueryContent query={history} height={CHART_HEIGHT}>
        {(rows) => {
          const data = rows.map((row) => ({
            ...monthPoint(format, row.month),
            newCustomers: row.newCustomers,
            returningCustomers: row.returningCustomers,
          }));
          return (
            <ChartFigure
              ref={ticks.ref}
              testId="chart-customer-history"
              summary={chartSummary(
                t("stats.customerHistory.title"),
                data.map((d) => [
                  d.long,
                  t("stats.customerHistory.summaryValue", {
                    new: format.number(d.newCustomers),
                    returning: format.number(d.returningCustomers),
                  }),
                ]),
              )}
            >
              <BarChart
                {...historyChartProps(format, ticks.tickEvery, data.length)}
                data={data}
                type="stacked"
                series={[
                  {
                    name: "returningCustomers",
                    label: t("stats.customerHistory.returning"),
                    color: "brand.6",
                  },
                  { name: "newCustomers", label: t("stats.customerHistory.new"), color: "teal.5" },
                ]}
                withLegend
                h={CHART_HEIGHT + 30}
                legendProps={{ verticalAlign: "bottom", height: 40 }}
                maxBarWidth={28}
              />
            </ChartFigure>
          );
        }}
      </QueryContent>
    </StatsSection>
  );
}
