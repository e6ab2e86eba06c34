import type { StatsPeriod } from "@stempla/domain";
import { useSearchParams } from "react-router";
import { currentStatsMonth, isStatsMonth, type StatsSelection } from "../../api/stats-query.ts";

/**
 * The statistics selection lives in the URL (?month=2026-11&location=3&period=month), so a reload
 * or a shared link shows the same. Without parameters: the current month, all locations, weeks;
 * nothing is written to the URL until the partner changes something.
 */
export function useStatsSelection() {
  const [params, setParams] = useSearchParams();
  const month = params.get("month");
  const location = Number(params.get("location"));
  const selection: StatsSelection = {
    month: isStatsMonth(month) ? month : currentStatsMonth(),
    location: Number.isSafeInteger(location) && location > 0 ? location : null,
  };
  const period: StatsPeriod = params.get("period") === "month" ? "month" : "week";

  const change = (key: string, value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return {
    selection,
    period,
    setMonth: (value: string) => change("month", value),
    setLocation: (value: number | null) => change("location", value === null ? null : String(value)),
    setPeriod: (value: StatsPeriod) => change("period", value === "week" ? null : value),
  };
}
