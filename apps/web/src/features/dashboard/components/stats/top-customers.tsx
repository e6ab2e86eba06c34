import { Text } from "@mantine/core";
import { customerLabel, type TopCustomers } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../../shared/i18n/locale.ts";
import { useTopCustomers } from "../../api/get-top-customers.ts";
import { useStatsFormats } from "./formats.ts";
import { QueryContent, StatsSection } from "./stats-section.tsx";
import { type StatsColumn, StatsTable } from "./stats-table.tsx";

type Row = TopCustomers[number];

/**
 * The ten customers with the most collections since the start, at all own locations: cards are per
 * company, so a master's network view still lists only its own customers (customers are the
 * franchisee's alone, docs/decisions/008-franchise-model.md §2), and says so.
 */
export function TopCustomersTable({ network = false }: { network?: boolean }) {
  const { t } = useTranslation("dashboard");
  const format = useStatsFormats();
  const locale = useLocale();
  const top = useTopCustomers();
  const columns: StatsColumn<Row>[] = [
    { header: t("stats.top.customer"), cell: (r) => customerLabel(r.customer, locale) },
    { header: t("stats.top.collects"), cell: (r) => format.number(r.collects), numeric: true },
    { header: t("stats.top.redeems"), cell: (r) => format.number(r.redeems), numeric: true },
    { header: t("stats.top.points"), cell: (r) => format.number(r.points), numeric: true },
    { header: t("stats.top.lastVisit"), cell: (r) => format.dateTime(r.lastVisit), numeric: true },
  ];

  return (
    <StatsSection
      title={t("stats.top.title")}
      explanation={network ? t("stats.top.explanationNetwork") : t("stats.top.explanation")}
      testId="stats-top-customers"
    >
      <QueryContent query={top} height={200}>
        {(rows) =>
          rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("stats.top.none")}
            </Text>
          ) : (
            <>
              <StatsTable
                label={t("stats.top.tableLabel")}
                columns={columns}
                rows={rows}
                rowKey={(r) => r.customer.number}
                minWidth={600}
                testId="top-customers-table"
              />
              <Text size="xs" c="dimmed" mt="sm">
                {t("stats.top.privacy")}
              </Text>
            </>
          )
        }
      </QueryContent>
    </StatsSection>
  );
}
