import { useDebouncedValue } from "@mantine/hooks";
import type { DerivedPositionResponse, MapTilesResponse } from "@stempla/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../api/client.ts";

export interface PlaceQuery {
  country: string;
  postcode: string;
  city: string;
}

/** Where the typed address lies as the server derives it (postcode's town); null: unknown. */
export function useDerivedPosition(address: PlaceQuery) {
  const [query] = useDebouncedValue(
    { country: address.country, postcode: address.postcode.trim(), city: address.city.trim() },
    350,
  );
  return useQuery({
    queryKey: ["geo", "position", query.country, query.postcode, query.city],
    queryFn: () =>
      api<DerivedPositionResponse>(`/dashboard/geo/position?${new URLSearchParams(query)}`).then(
        (r) => r.data,
      ),
    enabled: /^[A-Z]{2}$/.test(query.country) && (query.postcode !== "" || query.city !== ""),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The tile service the map draws (MAP_TILE_URL on the server). */
export const useMapTiles = () =>
  useQuery({
    queryKey: ["geo", "map"],
    queryFn: () => api<MapTilesResponse>("/geo/map").then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
