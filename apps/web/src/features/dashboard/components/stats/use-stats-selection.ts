import type { StatsPeriod } from "@stempla/domain";
import { useSearchParams } from "react-router";
import {
  currentStatsMonth,
  readStatsSelection,
  type StatsScope,
  withStatsLocations,
} from "../../api/stats-query.ts";

/**
 * The statistics selection lives in the URL (?month=2026-11&location=3&period=month; a master's
 * also &scope=network&locations=3,17), so a reload or a shared link shows the same. Without
 * parameters: the current month, all own locations, weeks; nothing is written to the URL until the
 * partner changes something.
 */
export function useStatsSelection(isMaster: boolean) {
  const [params, setParams] = useSearchParams();
  const { selection, period } = readStatsSelection(params, { isMaster, currentMonth: currentStatsMonth() });

  const update = (change: (previous: URLSearchParams) => URLSearchParams) =>
    setParams(change, { replace: true, preventScrollReset: true });
  const set = (key: string, value: string | null) =>
    update((previous) => {
      const next = new URLSearchParams(previous);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });

  return {
    selection,
    period,
    setMonth: (value: string) => set("month", value),
    setLocations: (scope: StatsScope, locations: readonly number[]) =>
      update((previous) => withStatsLocations(previous, scope, locations)),
    setPeriod: (value: StatsPeriod) => set("period", value === "week" ? null : value),
  };
}
