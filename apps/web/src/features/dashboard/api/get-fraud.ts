import type { FraudList } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { type StatsSelection, statsKey, statsSearch } from "./stats-query.ts";

/** Customers who hit the PIN limit or collected unusually often in a day, in the month. */
export const useFraudList = (selection: StatsSelection) =>
  useQuery({
    queryKey: statsKey("fraud", selection),
    queryFn: () => api<{ data: FraudList }>(`/dashboard/fraud?${statsSearch(selection)}`).then((r) => r.data),
  });
