import type { ProviderInfo } from "@stempla/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

export const providerQuery = queryOptions({
  queryKey: ["provider"],
  queryFn: () => api<{ data: ProviderInfo }>("/provider").then((r) => r.data),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useProvider = () => useQuery(providerQuery);
