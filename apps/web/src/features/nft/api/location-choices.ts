import { type FranchiseLocation, type LocationView, NFT, type Page } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

// The locations an offer may name as redeemable (docs/decisions/010-coupons-and-vouchers.md,
// section 1, "Franchise"): the partner's own, and for a master its franchisees' as decision 008
// lets it see them (GET /dashboard/franchise/shops), grouped by company in the form.

export interface LocationChoice {
  id: number;
  name: string;
  address: string;
  country: string;
  /** The company the location belongs to; null for the partner's own. */
  company: string | null;
}

/** The largest page the list calls give (pageQueryOf's per_page limit). */
const PER_PAGE = 100;

/** Every page of a list, up to the most locations an offer may name. */
async function allPages<T>(path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; rows.length < NFT.maxLocations; page++) {
    const result = await api<Page<T>>(`${path}?page=${page}&per_page=${PER_PAGE}`);
    rows.push(...result.data);
    if (result.data.length < PER_PAGE || rows.length >= result.meta.total) break;
  }
  return rows;
}

export const useLocationChoices = (master: boolean) =>
  useQuery({
    queryKey: ["nft", "locations", master],
    queryFn: async (): Promise<LocationChoice[]> => {
      const [own, franchise] = await Promise.all([
        allPages<LocationView>("/dashboard/shop"),
        master ? allPages<FranchiseLocation>("/dashboard/franchise/shops") : Promise.resolve([]),
      ]);
      return [
        ...own.map((l) => ({
          id: l.id,
          name: l.name,
          address: l.address,
          country: l.country,
          company: null,
        })),
        ...franchise.map((l) => ({
          id: l.id,
          name: l.name,
          address: l.address,
          country: l.country,
          company: l.company_name,
        })),
      ];
    },
  });
