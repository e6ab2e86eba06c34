import type { ClientsPage, ClientsQuery, ClientsSelection } from "@stempla/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

export const CLIENTS_PER_PAGE = 25;

export type ClientFilter = ClientsQuery["filter"];

export const clientsKeys = {
  all: ["clients"] as const,
  list: (selection: ClientsSelection, page: number) => [...clientsKeys.all, "list", selection, page] as const,
};

/** The query string of a selection: empty values are left out (the server's defaults apply). */
export function selectionParams(selection: ClientsSelection, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (selection.search) params.set("search", selection.search);
  if (selection.filter !== "all") params.set("filter", selection.filter);
  return params.toString();
}

/** One page of the clients list (spec section 7: GET /dashboard/users, the list in data.data). */
export const useClients = (selection: ClientsSelection, page: number) =>
  useQuery({
    queryKey: clientsKeys.list(selection, page),
    queryFn: () =>
      api<ClientsPage>(
        `/dashboard/users?${selectionParams(selection, { page: String(page), per_page: String(CLIENTS_PER_PAGE) })}`,
      ),
    // The table keeps the previous page while the next one loads, instead of jumping to a skeleton.
    placeholderData: keepPreviousData,
  });
