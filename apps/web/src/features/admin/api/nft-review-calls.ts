import type { NftConsoleOfferDetail, NftConsoleOfferRow, NftOfferState, Page } from "@stempla/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { PAGE_SIZE } from "./admin-calls.ts";

// The console's coupons and vouchers (/api/admin/nft, docs/decisions/010-coupons-and-vouchers.md,
// section 7): the review queue, every offer by state, one offer, and the team's three decisions.

const KEY = ["admin", "nft"] as const;
const adminApi = <T>(path: string) => api<T>(path, { base: "/api/admin" });

/** The queue, the longest waiting first (the server marks the overdue ones). */
export const useNftReviewQueue = (_search: string, page: number) =>
  useQuery({
    queryKey: [...KEY, "reviews", page],
    queryFn: () => adminApi<Page<NftConsoleOfferRow>>(`/nft/reviews?page=${page}&per_page=${PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });

/** The PagedTable rows of every offer, newest first, optionally in one state. */
export function nftConsoleOfferRows(state: NftOfferState | "") {
  return function useOfferRows(_search: string, page: number) {
    return useQuery({
      queryKey: [...KEY, "offers", state, page],
      queryFn: () =>
        adminApi<Page<NftConsoleOfferRow>>(
          `/nft/offers?page=${page}&per_page=${PAGE_SIZE}${state ? `&state=${state}` : ""}`,
        ),
      placeholderData: keepPreviousData,
    });
  };
}

export const useNftConsoleOffer = (id: number) =>
  useQuery({
    queryKey: [...KEY, "offer", id],
    queryFn: () => adminApi<{ data: NftConsoleOfferDetail }>(`/nft/offers/${id}`).then((r) => r.data),
  });

export type NftTeamAction =
  | { action: "approve"; version: number }
  | { action: "reject"; reason: string }
  | { action: "revoke"; reason: string };

export function useNftTeamAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: NftTeamAction) =>
      api<{ data: NftConsoleOfferDetail }>(`/nft/offers/${id}/${action}`, {
        base: "/api/admin",
        method: "POST",
        body,
      }).then((r) => r.data),
    onSuccess: (detail) => client.setQueryData([...KEY, "offer", id], detail),
    // Also after a refusal (409: edited since, or someone decided first): the page shows the offer as it is.
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
