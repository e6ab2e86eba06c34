import type { AccountStatus, RedCause, SetupRequirement } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client.ts";

export interface AccountStatusView {
  status: AccountStatus;
  /** Red only: blocked by the provider team, or a live account missing required data. */
  red_cause: RedCause | null;
  /** What the partner still has to provide before the review (spec section 4, red/gray). */
  missing: SetupRequirement[];
  approved_at: string | null;
  /** When the current colour began; older servers do not send it. */
  since?: string | null;
  /** Why the provider team blocked the account (red). */
  reason?: string | null;
}

/** Invalidate this key after any change that can move the colour (card, locations, company data). */
export const ACCOUNT_STATUS_KEY = ["account-status"] as const;

/** The account colour shown in the dashboard header and on the status page (GET /dashboard/status). */
export const useAccountStatus = () =>
  useQuery({
    queryKey: ACCOUNT_STATUS_KEY,
    queryFn: () => api<{ data: AccountStatusView }>("/dashboard/status").then((r) => r.data),
  });
