import type { PointBalance } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { type StatsSelection, statsKey, statsSearch } from "./stats-query.ts";

/** Per location: cards redeemed, points collected and redeemed, and the difference in the month. */
export const usePointBalance = (selection: StatsSelection) =>
  useQuery({
    queryKey: statsKey("pointBalance", selection),
    queryFn: () =>
      api<{ data: PointBalance }>(`/dashboard/pointBalance?${statsSearch(selection)}`).then((r) => r.data),
  });
