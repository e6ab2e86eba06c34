import { Button, Text } from "@mantine/core";
import type { PointBalance } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePointBalance } from "../../api/get-point-balance.ts";
import type { StatsSelection } from "../../api/stats-query.ts";
import { useStatsFormats } from "./formats.ts";
import { QueryContent, StatsSection } from "./stats-section.tsx";
import { type StatsColumn, StatsTable } from "./stats-table.tsx";

type Row = PointBalance["locations"][number];

// A master's network can have 1,000 locations: beyond this many the table starts with the first
// rows (the total still counts all) and opens on request.
const COLLAPSE_OVER = 20;
const SHOWN_ROWS = 10;

/**
 * Per location in the month: redeemed cards, collected and redeemed points, and the difference; in
 * a master's selection also the franchisees' locations, each with its company.
 */
export function PointBalanceTable({ selection }: { selection: StatsSelection }) {
  const { t } = useTranslation("dashboard");
  const format = useStatsFormats();
  const balance = usePointBalance(selection);
  const signed = (n: number) => (n > 0 ? `+${format.number(n)}` : format.number(n));
  const [all, setAll] = useState(false);
  const columns: StatsColumn<Row>[] = [
    {
      header: t("stats.balance.location"),
      // A franchisee's location (a master's network) says whose it is.
      cell: (r) =>
        r.kind === "franchise" ? (
          <>
            {r.name}
            <Text span display="block" size="xs" c="dimmed" fw={400}>
              {r.companyName}
            </Text>
          </>
        ) : (
          r.name
        ),
    },
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
          const collapsed = !all && data.locations.length > COLLAPSE_OVER;
          const sum = (key: "cardsRedeemed" | "pointsCollected" | "pointsRedeemed" | "difference") =>
            data.locations.reduce((total, r) => total + r[key], 0);
          return (
            <>
              <StatsTable
                label={t("stats.balance.tableLabel")}
                columns={columns}
                rows={collapsed ? data.locations.slice(0, SHOWN_ROWS) : data.locations}
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
              {data.locations.length > COLLAPSE_OVER && (
                <Button variant="subtle" size="xs" mt="xs" onClick={() => setAll(!all)}>
                  {all
                    ? t("stats.balance.showFewer")
                    : t("stats.balance.showAll", { total: format.number(data.locations.length) })}
                </Button>
              )}
            </>
          );
        }}
      </QueryContent>
    </StatsSection>
  );
}
