import type { RedeemDilution } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { type StatsSelection, statsKey, statsSearch } from "./stats-query.ts";

/** Points collected and redeemed per month, 12 months up to the selected one. */
export const useRedeemDilution = (selection: StatsSelection) =>
  useQuery({
    queryKey: statsKey("redeemDilution", selection),
    queryFn: () =>
      api<{ data: RedeemDilution }>(`/dashboard/redeemDilution?${statsSearch(selection)}`).then(
        (r) => r.data,
      ),
  });
