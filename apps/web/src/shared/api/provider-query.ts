import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchProvider } from "./provider.ts";

/** The provider's details (GET /provider) for the pages under the TanStack Query layout. */
export const providerQuery = queryOptions({
  queryKey: ["provider"],
  queryFn: fetchProvider,
  staleTime: Number.POSITIVE_INFINITY,
});

export const useProvider = () => useQuery(providerQuery);
