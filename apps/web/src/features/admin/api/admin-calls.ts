import type { AdminPartnersPage, MailDetail, MailsPage } from "@stempla/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

/** Rows per page in the console tables. */
export const PAGE_SIZE = 20;

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
    queryFn: () => adminApi<AdminPartnersPage>(`/partners?${query({ search, page, per_page: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const useMails = (search: string, page: number) =>
  useQuery({
    queryKey: ["admin", "mails", search, page],
    queryFn: () => adminApi<MailsPage>(`/mails?${query({ search, page, per_page: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const useMail = (id: number | undefined) =>
  useQuery({
    queryKey: ["admin", "mail", id],
    queryFn: () => adminApi<{ data: MailDetail }>(`/mails/${id}`).then((r) => r.data),
    enabled: id !== undefined,
  });
