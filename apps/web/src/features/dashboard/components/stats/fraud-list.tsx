import { Anchor, Badge, Button, List, Text, useMatches } from "@mantine/core";
import { customerLabel, type FraudList, UNUSUAL_DAILY_COLLECTS } from "@stempla/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../../shared/i18n/locale.ts";
import { paths } from "../../../../shared/paths.ts";
import { useFraudList } from "../../api/get-fraud.ts";
import type { StatsSelection } from "../../api/stats-query.ts";
import { useStatsFormats } from "./formats.ts";
import { QueryContent, StatsSection } from "./stats-section.tsx";
import { type StatsColumn, StatsTable } from "./stats-table.tsx";

type Row = FraudList[number];

const FRAUD_ANCHOR = "fraud";

/** Customers who hit the PIN limit or collected unusually often at one location in a day. */
export function FraudSection({ selection }: { selection: StatsSelection }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const format = useStatsFormats();
  const fraud = useFraudList(selection);
  const [all, setAll] = useState(false);
  // How many entries show before "show all": a month can list many, and on a phone each is a block.
  const first = useMatches({ base: 5, sm: 10 });
  // The daily fraud mail links to #fraud; the section exists only once the statistics have
  // loaded, after the browser looked for the anchor, so scroll to it then.
  useEffect(() => {
    if (fraud.data && window.location.hash === `#${FRAUD_ANCHOR}`) {
      document.getElementById(FRAUD_ANCHOR)?.scrollIntoView();
    }
  }, [fraud.data]);
  const columns: StatsColumn<Row>[] = [
    {
      header: t("stats.fraud.customer"),
      cell: (r) => (r.customer ? customerLabel(r.customer, locale) : t("stats.fraud.manyCustomers")),
    },
    {
      header: t("stats.fraud.rule"),
      cell: (r) => (
        <Badge
          color={r.rule === "pin_limit" ? "yellow" : "red"}
          variant="light"
          radius="sm"
          tt="none"
          // Dark text on the tint keeps AA contrast (as SoftBadge); in sentence case it fits a phone.
          vars={() => ({ root: { "--badge-color": "var(--mantine-color-dark-8)" } })}
        >
          {t(`stats.fraud.rules.${r.rule}.name`)}
        </Badge>
      ),
    },
    { header: t("stats.fraud.day"), cell: (r) => format.day(r.day) },
    { header: t("stats.fraud.location"), cell: (r) => r.location.name },
    { header: t("stats.fraud.occurrences"), cell: (r) => format.number(r.occurrences), numeric: true },
    { header: t("stats.fraud.lastAt"), cell: (r) => format.time(r.lastAt), numeric: true },
  ];

  return (
    <StatsSection
      title={t("stats.fraud.title")}
      explanation={t("stats.fraud.explanation", { month: format.monthLong(selection.month) })}
      testId="stats-fraud"
      id={FRAUD_ANCHOR}
    >
      <List size="sm" spacing={4} mb="md">
        <List.Item>
          <b>{t("stats.fraud.rules.pin_limit.name")}:</b> {t("stats.fraud.rules.pin_limit.text")}
        </List.Item>
        <List.Item>
          <b>{t("stats.fraud.rules.unusual_daily.name")}:</b>{" "}
          {t("stats.fraud.rules.unusual_daily.text", { count: UNUSUAL_DAILY_COLLECTS })}
        </List.Item>
        <List.Item>
          <b>{t("stats.fraud.rules.pin_locked.name")}:</b> {t("stats.fraud.rules.pin_locked.text")}
        </List.Item>
      </List>
      <QueryContent query={fraud} height={120}>
        {(rows) =>
          rows.length === 0 ? (
            <Text size="sm" fw={500} data-testid="fraud-empty">
              {t("stats.fraud.none", { month: format.monthLong(selection.month) })}
            </Text>
          ) : (
            <>
              <StatsTable
                label={t("stats.fraud.tableLabel")}
                columns={columns}
                rows={all ? rows : rows.slice(0, first)}
                rowKey={(r) => `${r.day}-${r.rule}-${r.location.id}-${r.customer?.number ?? r.lastAt}`}
                minWidth={720}
                testId="fraud-table"
              />
              {rows.length > first && (
                <Button variant="subtle" size="xs" mt="xs" onClick={() => setAll(!all)}>
                  {all ? t("stats.fraud.showFewer") : t("stats.fraud.showAll", { count: rows.length })}
                </Button>
              )}
            </>
          )
        }
      </QueryContent>
      <Text size="xs" c="dimmed" mt="md">
        {t("stats.fraud.pinHint")}{" "}
        <Anchor component={Link} to={paths.locations(locale)} inherit underline="always">
          {t("stats.fraud.pinLink")}
        </Anchor>
      </Text>
    </StatsSection>
  );
}
