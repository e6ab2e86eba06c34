import type { RedeemHistory } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { type StatsSelection, statsKey, statsSearch } from "./stats-query.ts";

/** Cards redeemed per month, 12 months up to the selected one. */
export const useRedeemHistory = (selection: StatsSelection) =>
  useQuery({
    queryKey: statsKey("redeemHistory", selection),
    queryFn: () =>
      api<{ data: RedeemHistory }>(`/dashboard/redeemHistory?${statsSearch(selection)}`).then((r) => r.data),
  });
