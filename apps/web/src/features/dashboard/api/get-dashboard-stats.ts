import type { DashboardStats } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { type StatsSelection, statsKey, statsSearch } from "./stats-query.ts";

/** The key figures of the selected month and scope (read by several sections; fetched once). */
export const useDashboardStats = (selection: StatsSelection) =>
  useQuery({
    queryKey: statsKey("summary", selection),
    queryFn: () =>
      api<{ data: DashboardStats }>(`/dashboard/stats?${statsSearch(selection)}`).then((r) => r.data),
  });
