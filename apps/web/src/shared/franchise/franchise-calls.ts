import type { ContractView, FranchiseLocation, FranchiseView, Page } from "@stempla/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client.ts";

/** Everything of the caller's franchise network; a change anywhere in it refreshes all of it. */
export const FRANCHISE_KEY = ["franchise"] as const;
export const FRANCHISE_VIEW_KEY = [...FRANCHISE_KEY, "view"] as const;

/**
 * GET /dashboard/franchise: the caller's place in a network (docs/decisions/008-franchise-model.md,
 * section 3): a master's collective invoicing, a franchisee's master and who pays, or none.
 */
export const useFranchiseView = (enabled = true) =>
  useQuery({
    queryKey: FRANCHISE_VIEW_KEY,
    queryFn: () => api<{ data: FranchiseView }>("/dashboard/franchise").then((r) => r.data),
    enabled,
  });

export const FRANCHISE_LOCATIONS_PER_PAGE = 10;

/** GET /dashboard/franchise/shops: the franchisees' locations a master may see (masters only). */
export const useFranchiseLocations = (page: number) =>
  useQuery({
    queryKey: [...FRANCHISE_KEY, "locations", page],
    queryFn: () =>
      api<Page<FranchiseLocation>>(
        `/dashboard/franchise/shops?page=${page}&per_page=${FRANCHISE_LOCATIONS_PER_PAGE}`,
      ),
    placeholderData: keepPreviousData,
  });

/**
 * POST /subscription/termination with `extraordinary`: a franchisee ends its contract in the window
 * its master's switch-off of collective invoicing opened (decision 008, section 3 "Contract").
 */
export function useExtraordinaryTermination() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<unknown>("/subscription/termination", { body: { confirm: true, extraordinary: true } }),
    // The window is used (or was closed meanwhile) and the contract has its end: show both as they are.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: FRANCHISE_KEY }),
        client.invalidateQueries({ queryKey: ["subscription"] }),
      ]),
  });
}

/**
 * GET /subscription/contract (the company page's query, same key): a franchisee whose contract
 * ends before the next period is not told who pays in it.
 */
export const useContractView = (enabled: boolean) =>
  useQuery({
    queryKey: ["subscription", "contract"],
    queryFn: () => api<{ data: ContractView }>("/subscription/contract").then((r) => r.data),
    enabled,
  });
