import type {
  AccountDeletionPage,
  AccountDeletionRow,
  TermsAnnounced,
  TermsAnnouncement,
  TermsObjectionRow,
  TermsVersionRow,
} from "@stempla/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

// The console's side of the partner terms and of deleted inactive accounts
// (docs/product.md, "Terms and records").

export type { AccountDeletionRow, TermsObjectionRow, TermsVersionRow };

const TERMS_KEY = ["admin", "terms"] as const;
const adminApi = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
  api<T>(path, { base: "/api/admin", ...init });

export const useTermsVersions = () =>
  useQuery({
    queryKey: [...TERMS_KEY, "versions"],
    queryFn: () => adminApi<{ data: TermsVersionRow[] }>("/terms/versions").then((r) => r.data),
  });

export const useTermsObjections = () =>
  useQuery({
    queryKey: [...TERMS_KEY, "objections"],
    queryFn: () => adminApi<{ data: TermsObjectionRow[] }>("/terms/objections").then((r) => r.data),
  });

/** POST /terms/versions: announces the change and mails every partner. */
export function useAnnounceTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TermsAnnouncement) =>
      adminApi<{ data: TermsAnnounced }>("/terms/versions", {
        method: "POST",
        body,
      }).then((r) => r.data),
    onSettled: () => client.invalidateQueries({ queryKey: TERMS_KEY }),
  });
}

/** POST /terms/objections/{id}/handled with the team's note. */
export function useHandleObjection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number; note: string }) =>
      adminApi<{ data: TermsObjectionRow }>(`/terms/objections/${p.id}/handled`, {
        method: "POST",
        body: { note: p.note },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}

export const useAccountDeletions = (email: string, page: number, perPage: number) =>
  useQuery({
    queryKey: ["admin", "account-deletions", email, page],
    queryFn: () =>
      adminApi<AccountDeletionPage>(
        `/account-deletions?${new URLSearchParams({
          ...(email ? { email } : {}),
          page: String(page),
          per_page: String(perPage),
        })}`,
      ),
    placeholderData: keepPreviousData,
  });
