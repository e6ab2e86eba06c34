import type { AccountStatusView } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client.ts";

export type { AccountStatusView };

/** Invalidate this key after any change that can move the colour (card, locations, company data). */
export const ACCOUNT_STATUS_KEY = ["account-status"] as const;

/** The account colour shown in the dashboard header and on the status page (GET /dashboard/status). */
export const useAccountStatus = () =>
  useQuery({
    queryKey: ACCOUNT_STATUS_KEY,
    queryFn: () => api<{ data: AccountStatusView }>("/dashboard/status").then((r) => r.data),
  });
