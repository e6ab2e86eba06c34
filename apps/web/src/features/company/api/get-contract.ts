import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

/** GET /subscription/contract: dates are Berlin days (YYYY-MM-DD); null before the account went live. */
export interface ContractView {
  start: string | null;
  minimum_term_end: string | null;
  notice_months: number;
  earliest_end_if_notice_today: string | null;
  notice_deadline_for_that_end: string | null;
  early_termination_fee_cents_if_today: number;
  termination: { notice_on: string; ends_on: string; fee_cents: number } | null;
}

export const CONTRACT_KEY = ["subscription", "contract"] as const;

export const useContract = () =>
  useQuery({
    queryKey: CONTRACT_KEY,
    queryFn: () => api<{ data: ContractView }>("/subscription/contract").then((r) => r.data),
  });
