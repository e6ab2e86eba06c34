import { MENUS_PER_PAGE, type MenuOverviewPage } from "@stempla/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../api/client.ts";

// The partner's list of menus (GET /dashboard/menus; docs/decisions/009-digital-menu.md, "As built").

/**
 * One page of the caller's locations with their menus' state, newest first like the locations
 * list. Always read afresh when a page shows it: the editor's switch and its entries change what
 * it says, and those calls belong to other caches.
 */
export const useMenus = (page: number, perPage = MENUS_PER_PAGE) =>
  useQuery({
    queryKey: ["menus", page, perPage],
    queryFn: () => api<MenuOverviewPage>(`/dashboard/menus?page=${page}&per_page=${perPage}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
