import type { ScanHistory, StatsPeriod } from "@stempla/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { type StatsSelection, statsKey, statsSearch } from "./stats-query.ts";

/** Scans and redemptions per week (12 weeks) or per month (12 months) up to the selected month. */
export const useScanHistory = (selection: StatsSelection, period: StatsPeriod) =>
  useQuery({
    queryKey: statsKey("scanHistory", selection, period),
    queryFn: () =>
      api<{ data: ScanHistory }>(`/dashboard/scanHistory?${statsSearch(selection, { period })}`).then(
        (r) => r.data,
      ),
    // Switching week/month keeps the old chart until the new one is there, instead of a skeleton.
    placeholderData: keepPreviousData,
  });
