import { berlinYearMonth, type StatsPeriod, type StatsQuery, statsQuerySchema } from "@stempla/domain";

/**
 * What the statistics show: a month (YYYY-MM) and one location or all of them cumulated (null). The
 * page always names the month the server would otherwise default to; `statsSearch` makes the query.
 */
export interface StatsSelection {
  month: NonNullable<StatsQuery["month"]>;
  location: NonNullable<StatsQuery["location"]> | null;
}

/** Every statistics query sits under this key; a changed setting invalidates them all. */
export const STATS_KEY = ["stats"] as const;

export const statsKey = (name: string, selection?: StatsSelection, ...extra: unknown[]) =>
  selection
    ? ([...STATS_KEY, name, selection.month, selection.location, ...extra] as const)
    : ([...STATS_KEY, name] as const);

/** `month=2026-11&location=3`: the query every statistics endpoint takes (location omitted = all). */
export function statsSearch(selection: StatsSelection, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams({ month: selection.month });
  if (selection.location !== null) search.set("location", String(selection.location));
  for (const [key, value] of Object.entries(extra)) search.set(key, value);
  return search.toString();
}

/** The current month in Germany, which the server also takes when no month is given. */
export const currentStatsMonth = () => berlinYearMonth(new Date());

export const isStatsMonth = (value: string | null): value is string =>
  value !== null && statsQuerySchema.shape.month.safeParse(value).success;

/** The PDF of the selection as shown; the server writes it in the language of the locale cookie. */
export const statsPdfUrl = (selection: StatsSelection, period: StatsPeriod) =>
  `/api/v2/dashboard/stats/pdf?${statsSearch(selection, { period })}`;
