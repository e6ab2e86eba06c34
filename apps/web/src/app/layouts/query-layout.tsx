import { hydrate, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import { Outlet } from "react-router";
import { accountStatusMutationCache } from "../../shared/api/account-status.ts";
import { retryQuery } from "../../shared/api/query-retry.ts";
import { serverState } from "../server-state.ts";

const queryClient = new QueryClient({
  mutationCache: accountStatusMutationCache(),
  defaultOptions: { queries: { staleTime: 60_000, retry: retryQuery, refetchOnWindowFocus: false } },
});
// A server-rendered page was rendered with this data (the FAQ, the provider's details): the first
// render shows the same, with no request before it (docs/decisions/012-server-rendered-public-pages.md).
const initial = serverState()?.queries;
if (initial) hydrate(queryClient, initial);

/** The server's client for one render, seeded with the page's data (entry-server.tsx). */
export const ServerQueryClient = createContext<QueryClient | undefined>(undefined);

/**
 * Wraps the pages that talk to the API. It is a lazily loaded layout route, so the marketing
 * pages (the first visit) do not download TanStack Query. In the browser the client is a module
 * singleton: every page under this layout shares one cache.
 */
export default function QueryLayout() {
  const server = useContext(ServerQueryClient);
  return (
    <QueryClientProvider client={server ?? queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
