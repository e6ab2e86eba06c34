import type { StatsAvailable } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { statsKey } from "./stats-query.ts";

/** The months with statistics (newest first) and the partner's locations, for the selectors. */
export const useStatsAvailable = () =>
  useQuery({
    queryKey: statsKey("available"),
    queryFn: () => api<{ data: StatsAvailable }>("/dashboard/pointBalance/available").then((r) => r.data),
  });
