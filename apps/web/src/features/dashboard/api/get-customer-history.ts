import type { CustomerHistory } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { type StatsSelection, statsKey, statsSearch } from "./stats-query.ts";

/** New and returning customers per month, 12 months up to the selected one. */
export const useCustomerHistory = (selection: StatsSelection) =>
  useQuery({
    queryKey: statsKey("customerHistory", selection),
    queryFn: () =>
      api<{ data: CustomerHistory }>(`/dashboard/customerHistory?${statsSearch(selection)}`).then(
        (r) => r.data,
      ),
  });
