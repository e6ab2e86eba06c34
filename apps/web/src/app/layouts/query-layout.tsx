import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { accountStatusMutationCache } from "../../shared/api/account-status.ts";
import { retryQuery } from "../../shared/api/query-retry.ts";

const queryClient = new QueryClient({
  mutationCache: accountStatusMutationCache(),
  defaultOptions: { queries: { staleTime: 60_000, retry: retryQuery, refetchOnWindowFocus: false } },
});

/**
 * Wraps the pages that talk to the API. It is a lazily loaded layout route, so the marketing
 * pages (the first visit) do not download TanStack Query. The client is a module singleton: every
 * page under this layout shares one cache.
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
