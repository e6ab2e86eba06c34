import type { EmailCheckResponse, ReferenceItem, Registered, RegisterInput } from "@stempla/domain";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";

const legalFormsQuery = (locale: string) =>
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
