import { useElementSize } from "@mantine/hooks";
import type { StatsFormats } from "./formats.ts";

/** Chart height: low enough for a phone, with room for 12 bars. */
export const CHART_HEIGHT = 220;

/** A history point: the short axis label ("Nov.") and the tooltip's longer one ("Nov. 2026"). */
export interface HistoryPoint {
  label: string;
  long: string;
}

/** Room one x-axis label needs: a month ("Sept."), a week ("KW 47"). */
export const LABEL_WIDTH = { month: 34, week: 46, number: 18 } as const;

/**
 * Every how many points the x axis gets a label, from the chart's real width (beside the
 * navigation a tablet has the room of a phone): every one where they fit, else every second or
 * third, counted back from the newest so the selected month always has its label.
 */
export function useTickEvery(points: number, labelWidth: number) {
  const { ref, width } = useElementSize();
  // The y axis takes 40 px of the width.
  const plot = width - 40;
  const tickEvery = plot > 0 ? Math.max(1, Math.ceil((labelWidth * points) / plot)) : 1;
  return { ref, tickEvery };
}

/**
 * What every history chart shares: whole numbers in the page's language, a narrow y axis, the
 * long label in the tooltip, and recharts' keyboard layer off (ChartFigure names the chart).
 */
export const historyChartProps = (format: StatsFormats, tickEvery: number, points: number) => ({
  h: CHART_HEIGHT,
  dataKey: "label",
  valueFormatter: format.number,
  tickLine: "none" as const,
  accessibilityLayer: false,
  yAxisProps: { width: 40, allowDecimals: false },
  xAxisProps: {
    interval: 0,
    minTickGap: 0,
    tickFormatter: (value: string, index: number) => ((points - 1 - index) % tickEvery === 0 ? value : ""),
  },
  tooltipAnimationDuration: 150,
  tooltipProps: {
    labelFormatter: (_: unknown, payload: readonly { payload?: HistoryPoint }[]) =>
      payload[0]?.payload?.long ?? "",
  },
});

export const monthPoint = (format: StatsFormats, month: string): HistoryPoint => ({
  label: format.monthShort(month),
  long: format.monthShortYear(month),
});
