import type { FranchiseLocation, PageMeta } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

/** A franchisee's location as the statistics selector lists it. */
export interface NetworkLocation {
  id: number;
  name: string;
  city: string;
  companyId: number;
  companyName: string;
}

// The most the paged list gives per request (pageQueryOf in packages/domain/src/api/envelope.ts).
const PER_PAGE = 100;

const page = (n: number) =>
  api<{ data: FranchiseLocation[]; meta: PageMeta }>(
    `/dashboard/franchise/shops?page=${n}&per_page=${PER_PAGE}`,
  );

/**
 * All franchise locations of a master's network, for the statistics' searchable selector: the
 * first page says how many there are, the others come in parallel (1,000 locations are 10
 * requests). Only loaded while the master looks at the network (`enabled`).
 */
export const useNetworkLocations = (enabled: boolean) =>
  useQuery({
    queryKey: ["statsLocations", "network"],
    enabled,
    // The network changes when a franchisee joins or adds a location, not while the page is open.
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<NetworkLocation[]> => {
      const first = await page(1);
      const pages = Math.ceil(first.meta.total / PER_PAGE);
      const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)));
      return [first, ...rest]
        .flatMap((p) => p.data)
        .map((l) => ({
          id: l.id,
          name: l.name,
          city: l.city,
          companyId: l.company_id,
          companyName: l.company_name,
        }));
    },
  });
