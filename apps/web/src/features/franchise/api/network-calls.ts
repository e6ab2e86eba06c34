import type { ContractView, FranchiseeSummary, FranchiseView, Page } from "@stempla/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { FRANCHISE_KEY, FRANCHISE_VIEW_KEY } from "../../../shared/franchise/franchise-calls.ts";

export const FRANCHISEES_PER_PAGE = 10;

/** GET /dashboard/franchisees: the master's registered franchisees by name. */
export const useFranchisees = (page: number) =>
  useQuery({
    queryKey: [...FRANCHISE_KEY, "franchisees", page],
    queryFn: () =>
      api<Page<FranchiseeSummary>>(`/dashboard/franchisees?page=${page}&per_page=${FRANCHISEES_PER_PAGE}`),
    placeholderData: keepPreviousData,
  });

/**
 * PUT /dashboard/franchise/collective-invoicing: the setting from the next period on; the answer is
 * the master's view with the new next period (docs/decisions/008-franchise-model.md, section 3).
 */
export function useSetCollectiveInvoicing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api<{ data: FranchiseView }>("/dashboard/franchise/collective-invoicing", {
        method: "PUT",
        body: { enabled },
      }).then((r) => r.data),
    onSuccess: (view) => client.setQueryData(FRANCHISE_VIEW_KEY, view),
    onError: () => client.invalidateQueries({ queryKey: FRANCHISE_VIEW_KEY }),
  });
}

/**
 * GET /subscription/contract (the company page's query, same key): whether the master was ever
 * billed. A switch of a master never billed applies to the running month at once, otherwise from
 * the next (decision 008, section 5).
 */
export const useContract = () =>
  useQuery({
    queryKey: ["subscription", "contract"],
    queryFn: () => api<{ data: ContractView }>("/subscription/contract").then((r) => r.data),
  });
