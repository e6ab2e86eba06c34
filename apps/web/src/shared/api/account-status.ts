import type { AccountStatusView } from "@stempla/domain";
import { MutationCache, useQuery } from "@tanstack/react-query";
import { api } from "./client.ts";

export type { AccountStatusView };

export const ACCOUNT_STATUS_KEY = ["account-status"] as const;

/**
 * The one place that keeps the colour current: every successful mutation refreshes it, because
 * any change of partner data (card, links, logo, locations, company, payment, set-up) can move it
 * (docs/product.md, "Account status"), and a rule per hook was forgotten (a live location's edit
 * left the header stale for a minute). Only a shown status is fetched again; elsewhere the query
 * is merely marked stale. Given to the app's single QueryClient (app/layouts/query-layout.tsx).
 */
export const accountStatusMutationCache = () =>
  new MutationCache({
    onSuccess: (_data, _variables, _result, _mutation, { client }) =>
      client.invalidateQueries({ queryKey: ACCOUNT_STATUS_KEY }),
  });

/** The account colour shown in the dashboard header and on the status page (GET /dashboard/status). */
export const useAccountStatus = () =>
  useQuery({
    queryKey: ACCOUNT_STATUS_KEY,
    queryFn: () => api<{ data: AccountStatusView }>("/dashboard/status").then((r) => r.data),
  });
