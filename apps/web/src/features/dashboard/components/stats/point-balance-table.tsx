import { Text } from "@mantine/core";
import type { PointBalance } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { usePointBalance } from "../../api/get-point-balance.ts";
import type { StatsSelection } from "../../api/stats-query.ts";
import { useStatsFormats } from "./formats.ts";
import { QueryContent, StatsSection } from "./stats-section.tsx";
import { type StatsColumn, StatsTable } from "./stats-table.tsx";

type Row = PointBalance["locations"][number];

/** Per location in the month: redeemed cards, collected and redeemed points, and the difference. */
export function PointBalanceTable({ selection }: { selection: StatsSelection }) {
  const { t } = useTranslation("dashboard");
  const format = useStatsFormats();
  const balance = usePointBalance(selection);
  const signed = (n: number) => (n > 0 ? `+${format.number(n)}` : format.number(n));
  const columns: StatsColumn<Row>[] = [
    { header: t("stats.balance.location"), cell: (r) => r.name },
    { header: t("stats.balance.cardsRedeemed"), cell: (r) => format.number(r.cardsRedeemed), numeric: true },
    {
      header: t("stats.balance.pointsCollected"),
      cell: (r) => format.number(r.pointsCollected),
      numeric: true,
    },
    {
      header: t("stats.balance.pointsRedeemed"),
      cell: (r) => format.number(r.pointsRedeemed),
      numeric: true,
    },
    { header: t("stats.balance.difference"), cell: (r) => signed(r.difference), numeric: true },
  ];

  return (
    <StatsSection
      title={t("stats.balance.title", { month: format.monthLong(selection.month) })}
      explanation={t("stats.balance.explanation")}
      testId="stats-point-balance"
    >
      <QueryContent query={balance} height={120}>
        {(data) => {
          if (data.locations.length === 0) {
            return (
              <Text size="sm" c="dimmed">
                {t("stats.balance.none")}
              </Text>
            );
          }
          const sum = (key: "cardsRedeemed" | "pointsCollected" | "pointsRedeemed" | "difference") =>
            data.locations.reduce((total, r) => total + r[key], 0);
          return (
            <StatsTable
              label={t("stats.balance.tableLabel")}
              columns={columns}
              rows={data.locations}
              rowKey={(r) => r.id}
              minWidth={560}
              testId="point-balance-table"
              footer={
                data.locations.length > 1
                  ? [
                      t("stats.balance.total"),
                      format.number(sum("cardsRedeemed")),
                      format.number(sum("pointsCollected")),
                      format.number(sum("pointsRedeemed")),
                      signed(sum("difference")),
                    ]
                  : undefined
              }
            />
          );
        }}
      </QueryContent>
    </StatsSection>
  );
}
