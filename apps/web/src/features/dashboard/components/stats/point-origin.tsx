import { DonutChart } from "@mantine/charts";
import { Box, ColorSwatch, Group, Stack, Text } from "@mantine/core";
import type { DashboardStats } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useStatsFormats } from "./formats.ts";
import { ChartFigure, chartSummary, StatsSection } from "./stats-section.tsx";

const COLORS = { nfc: "brand.6", qr: "teal.6" } as const;

/** How the month's points were collected: NFC chip or QR code, and how many with the staff PIN. */
export function PointOrigin({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation("dashboard");
  const format = useStatsFormats();
  const { nfc, qr, withPin } = stats.pointOrigin;
  const total = nfc + qr;
  const share = (n: number) => (total ? format.percent(n / total) : format.percent(0));
  const rows = [
    { key: "nfc", label: t("stats.origin.nfc"), value: nfc, color: COLORS.nfc },
    { key: "qr", label: t("stats.origin.qr"), value: qr, color: COLORS.qr },
  ];

  return (
    <StatsSection
      title={t("stats.origin.title")}
      explanation={t("stats.origin.explanation")}
      testId="stats-origin"
    >
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          {t("stats.noneThisMonth", { month: format.monthLong(stats.month) })}
        </Text>
      ) : (
        <Group gap="lg" align="center">
          <ChartFigure
            summary={chartSummary(
              t("stats.origin.title"),
              rows.map((r) => [r.label, `${format.number(r.value)} (${share(r.value)})`]),
            )}
          >
            <DonutChart
              data={rows.map((r) => ({ name: r.label, value: r.value, color: r.color }))}
              size={120}
              thickness={20}
              withTooltip={false}
              accessibilityLayer={false}
              strokeWidth={2}
            />
          </ChartFigure>
          <Stack gap={6} style={{ minWidth: 0 }}>
            {rows.map((r) => (
              <Group key={r.key} gap={8} wrap="nowrap" align="center">
                <ColorSwatch
                  color={`var(--mantine-color-${r.color.replace(".", "-")})`}
                  size={12}
                  withShadow={false}
                />
                <Text size="sm">
                  {r.label}: <b data-testid={`stat-origin-${r.key}`}>{format.number(r.value)}</b>{" "}
                  <Text span c="dimmed" size="sm">
                    ({share(r.value)})
                  </Text>
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      )}
      <Box mt="md">
        <Text size="sm">
          {t("stats.origin.withPin")}: <b data-testid="stat-origin-pin">{format.number(withPin)}</b>
          {total > 0 && (
            <Text span c="dimmed" size="sm">
              {" "}
              ({share(withPin)})
            </Text>
          )}
        </Text>
        <Text size="xs" c="dimmed">
          {t("stats.origin.withPinNote")}
        </Text>
      </Box>
    </StatsSection>
  );
}
