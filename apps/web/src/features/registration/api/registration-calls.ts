import type {
  EmailCheckResponse,
  InvitationPreview,
  ReferenceItem,
  RegisterCompleteInput,
  Registered,
  RegisterInput,
} from "@stempla/domain";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";

/** The legal forms in `locale`; the server renders the registration pages with them (entry-server.tsx). */
export const legalFormsQuery = (locale: string) =>
  queryOptions({
    queryKey: ["legal-forms", locale],
    queryFn: () => api<{ data: ReferenceItem[] }>("/legalForm").then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useLegalForms = () => useQuery(legalFormsQuery(useLocale()));

/** Spec section 5: a failed availability call counts as "not free". */
export const checkEmailFree = (email: string) =>
  api<EmailCheckResponse>("/dashboard/emailCheck", { body: { email } }).then(
    (r) => (r.data.free ? "free" : "taken"),
    () => "unknown" as const,
  );

export const useRegister = () =>
  useMutation({
    mutationFn: (input: RegisterInput) =>
      api<{ data: Registered }>("/dashboard/register", { body: input }).then((r) => r.data),
  });

/**
 * POST /invitations/check: the invitation behind a mailed link (404 unknown or used, 410 expired;
 * a refusal is not retried, see query-retry.ts). Not cached beyond the page: the link is single-use.
 */
export const useInvitationCheck = (token: string | undefined) =>
  useQuery({
    queryKey: ["invitation-check", token],
    queryFn: () =>
      api<{ data: InvitationPreview }>("/invitations/check", { body: { token } }).then((r) => r.data),
    enabled: token !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

/** POST /dashboard/register/complete: the invited franchisee's own company and login. */
export const useCompleteRegistration = () =>
  useMutation({
    mutationFn: (input: RegisterCompleteInput) =>
      api<{ data: Registered }>("/dashboard/register/complete", { body: input }).then((r) => r.data),
  });
