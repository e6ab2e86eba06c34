import type { AccountStatus, CompanyType } from "@stempla/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

export interface PartnerRow {
  id: number;
  name: string;
  type: CompanyType;
  status: AccountStatus;
  legal_form: string | null;
  email: string;
  confirmed: boolean;
  registration_completed_at: string | null;
  created_at: string;
}

export interface MailRow {
  id: number;
  template: string;
  locale: string;
  to: string;
  subject: string;
  status: "queued" | "sent" | "failed";
  attempts: number;
  created_at: string;
  sent_at: string | null;
}

export interface MailDetail extends MailRow {
  reply_to: string | null;
  html: string;
  text: string;
  last_error: string | null;
}

/** Rows per page in the console tables. */
export const PAGE_SIZE = 20;

export interface Page<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

const adminApi = <T>(path: string) => api<T>(path, { base: "/api/admin" });

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter((e): e is [string, string] => e[1] !== undefined && e[1] !== "")
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export const usePartners = (search: string, page: number) =>
  useQuery({
    queryKey: ["admin", "partners", search, page],
    queryFn: () => adminApi<Page<PartnerRow>>(`/partners?${query({ search, page, per_page: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const useMails = (search: string, page: number) =>
  useQuery({
    queryKey: ["admin", "mails", search, page],
    queryFn: () => adminApi<Page<MailRow>>(`/mails?${query({ search, page, per_page: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const useMail = (id: number | undefined) =>
  useQuery({
    queryKey: ["admin", "mail", id],
    queryFn: () => adminApi<{ data: MailDetail }>(`/mails/${id}`).then((r) => r.data),
    enabled: id !== undefined,
  });
