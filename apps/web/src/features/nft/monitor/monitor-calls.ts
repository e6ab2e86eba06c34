import type {
  ClientsCsvFile,
  NftMonitorKind,
  NftMonitorRow,
  NftOfferSummary,
  NftType,
  Page,
} from "@stempla/domain";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

// The monitor's calls (docs/decisions/010-coupons-and-vouchers.md, section 7): one page of the
// company's issues, purchases, redemptions and refunds, and their CSV in two steps as the clients
// CSV (a short-lived file URL the browser navigates to).

/** Rows per page: more than the offer lists' 15, as each row is one line. */
export const MONITOR_PER_PAGE = 25;

/** The page's filters; empty ones are left out of the query (the server's defaults apply). */
export interface MonitorFilters {
  /** Berlin days YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  type: NftType | "";
  kind: NftMonitorKind | "";
  offerId: string;
}

export const NO_FILTERS: MonitorFilters = { from: "", to: "", type: "", kind: "", offerId: "" };

export function filterParams(filters: MonitorFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.type) params.set("type", filters.type);
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.offerId) params.set("offer_id", filters.offerId);
  return params.toString();
}

export const useMonitor = (filters: MonitorFilters, page: number) =>
  useQuery({
    queryKey: ["nft", "monitor", filters, page],
    queryFn: () =>
      api<Page<NftMonitorRow>>(
        `/dashboard/nft/monitor?${filterParams(filters, { page: String(page), per_page: String(MONITOR_PER_PAGE) })}`,
      ),
    placeholderData: keepPreviousData,
  });

/**
 * The offers the filter offers: those on and off the market (offers in review have nothing to
 * show yet), newest first, 100 of each (the lists' largest page).
 */
export const useMonitorOffers = () =>
  useQuery({
    queryKey: ["nft", "monitor", "offers"],
    queryFn: async () => {
      const [on, off] = await Promise.all(
        (["onmarket", "offmarket"] as const).map((list) =>
          api<Page<NftOfferSummary>>(`/dashboard/nft/${list}?page=1&limit=100`),
        ),
      );
      return [...(on?.data ?? []), ...(off?.data ?? [])];
    },
  });

export function useExportMonitorCsv() {
  return useMutation({
    mutationFn: (filters: MonitorFilters) => {
      const query = filterParams(filters);
      return api<ClientsCsvFile>(`/dashboard/nft/monitor/csv${query ? `?${query}` : ""}`).then(
        (response) => response.data.file,
      );
    },
    onSuccess: (file) => window.location.assign(file),
  });
}
