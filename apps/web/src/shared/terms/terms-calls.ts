import type { AcceptedTerms as AcceptedTermsAnswer, PartnerTerms, TermsChange } from "@stempla/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client.ts";

/** The partner's accepted terms version (docs/product.md, "Terms and records"; packages/domain, terms-responses.ts). */
export type AcceptedTerms = NonNullable<AcceptedTermsAnswer>;

export type { TermsChange };

export const TERMS_KEY = ["dashboard", "terms"] as const;

/** GET /dashboard/terms; keyed by language, as the change's summary is. */
export const usePartnerTerms = (locale: string) =>
  useQuery({
    queryKey: [...TERMS_KEY, locale],
    queryFn: () => api<{ data: PartnerTerms }>("/dashboard/terms").then((r) => r.data),
  });

/** POST /dashboard/terms/{id}/objection: the partner objects; a second call keeps the first. */
export function useObjectToTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number; reason: string }) =>
      api<{ data: { objected_at: string; reason: string | null } }>(`/dashboard/terms/${p.id}/objection`, {
        method: "POST",
        body: p.reason ? { reason: p.reason } : {},
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: TERMS_KEY }),
  });
}
