import type {
  CompanyEditBody,
  CompanyEditGroup,
  CompanyView,
  MandatePreview,
  PartnerProfileView,
  PartnerUpdateInput,
  PaymentDetailsInput,
  ReferenceItem,
} from "@stempla/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client.ts";

// API calls for the partner-level data that both the set-up wizard and the company page edit.

export type { CompanyView, PartnerProfileView };

/** Shared with the bonus card page, which reads the same GET /dashboard/partner. */
export const PARTNER_KEY = ["partner"] as const;
export const COMPANY_KEY = ["company"] as const;

export const usePartnerProfile = () =>
  useQuery({
    queryKey: PARTNER_KEY,
    queryFn: () => api<{ data: PartnerProfileView[] }>("/dashboard/partner").then((r) => r.data[0]!),
  });

export const useCompany = () =>
  useQuery({
    queryKey: COMPANY_KEY,
    queryFn: () => api<{ data: CompanyView }>("/dashboard/company").then((r) => r.data),
  });

export const useCategories = (locale: string) =>
  useQuery({
    queryKey: ["categories", locale],
    queryFn: () => api<{ data: ReferenceItem[] }>("/categories?limit=500").then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Any change here shows on the company page; the colour is refreshed for every mutation (account-status.ts). */
function useRefreshingMutation<T, R>(request: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: PARTNER_KEY }),
        client.invalidateQueries({ queryKey: COMPANY_KEY }),
      ]),
  });
}

export const useSavePartner = (id: number) =>
  useRefreshingMutation((input: PartnerUpdateInput) =>
    api<{ data: PartnerProfileView }>(`/dashboard/partner/${id}`, { body: input }).then((r) => r.data),
  );

export const useUploadLogo = () =>
  useRefreshingMutation((file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api<{ data: PartnerProfileView }>("/dashboard/partner/logo", { body }).then((r) => r.data);
  });

export const useRemoveLogo = () =>
  useRefreshingMutation(() =>
    api<{ data: PartnerProfileView }>("/dashboard/partner/logo", { method: "DELETE" }).then((r) => r.data),
  );

/** One field group's edit: the group in the path and that group's body (the domain's schema says which fields). */
export type CompanyEdit<G extends CompanyEditGroup = CompanyEditGroup> = {
  [K in G]: { group: K; values: CompanyEditBody<K> };
}[G];

export const useEditCompany = () =>
  useRefreshingMutation(({ group, values }: CompanyEdit) =>
    api<{ data: CompanyView }>(`/dashboard/company/${group}`, { method: "PATCH", body: values }).then(
      (r) => r.data,
    ),
  );

export const useMandatePreview = (locale: string) =>
  useQuery({
    queryKey: ["mandate", locale],
    queryFn: () => api<{ data: MandatePreview }>("/dashboard/company/mandate").then((r) => r.data),
  });

export const useSavePayment = () =>
  useRefreshingMutation((input: PaymentDetailsInput) =>
    api<{ data: CompanyView }>("/dashboard/company/payment", { body: input }).then((r) => r.data),
  );

export const useRevokePayment = () =>
  useRefreshingMutation(() =>
    api<{ data: CompanyView }>("/dashboard/company/payment", { method: "DELETE" }).then((r) => r.data),
  );
