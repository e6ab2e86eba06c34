import type {
  DisplayTimesInput,
  MenuEditView,
  MenuItemCreateInput,
  MenuItemUpdateInput,
  MenuItemView,
} from "@stempla/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

// The partner's calls for a location's digital menu (docs/decisions/009-digital-menu.md, section 4).

const key = (shopId: number) => ["menu", shopId] as const;

export const useMenu = (shopId: number) =>
  useQuery({
    queryKey: key(shopId),
    queryFn: () => api<{ data: MenuEditView }>(`/dashboard/menu?shop_id=${shopId}`).then((r) => r.data),
  });

export interface MenuClicks {
  month: string;
  items: { id: number; clicks: number }[];
  months: string[];
}

/** Clicks per item this month (the server's month in Berlin). */
export const useMenuClicks = (shopId: number) =>
  useQuery({
    queryKey: [...key(shopId), "clicks"],
    queryFn: () => api<{ data: MenuClicks }>(`/dashboard/menu/clicks?shop_id=${shopId}`).then((r) => r.data),
  });

/** Every change reloads the menu (order, states and files all come from the server). */
export function useMenuMutation<T, R>(shopId: number, request: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: key(shopId) }),
  });
}

export const useSetMenuEnabled = (shopId: number) =>
  useMenuMutation(shopId, (enabled: boolean) =>
    api(`/dashboard/menu/enabled?shop_id=${shopId}`, { method: "PUT", body: { enabled } }),
  );

/** A form with the JSON fields as text parts beside the file (routes.ts reads them so). */
function itemForm(fields: Record<string, unknown>, file: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(name, typeof value === "string" ? value : JSON.stringify(value));
  }
  form.append("file", file);
  return form;
}

/** Adds to the menu's own list, or with a table id to that table's list. */
export const useCreateItem = (shopId: number, tableId?: number) =>
  useMenuMutation(shopId, ({ input, file }: { input: MenuItemCreateInput; file?: File | null }) =>
    api<{ data: MenuItemView }>(
      `/dashboard/menu/item/create?shop_id=${shopId}${tableId === undefined ? "" : `&table_id=${tableId}`}`,
      {
        body: file ? itemForm(input as Record<string, unknown>, file) : input,
      },
    ),
  );

export const useUpdateItem = (shopId: number) =>
  useMenuMutation(
    shopId,
    ({ id, input, file }: { id: number; input: MenuItemUpdateInput; file?: File | null }) =>
      api<{ data: MenuItemView }>(`/dashboard/menu/item/${id}`, {
        body: file ? itemForm(input as Record<string, unknown>, file) : input,
      }),
  );

export const useMoveItem = (shopId: number) =>
  useMenuMutation(shopId, (input: { id: number; direction: "up" | "down" }) =>
    api(`/dashboard/menu/item/move`, { method: "PUT", body: input }),
  );

export const useSetItemHidden = (shopId: number) =>
  useMenuMutation(shopId, ({ id, hidden }: { id: number; hidden: boolean }) =>
    api(`/dashboard/menu/item/${hidden ? "hide" : "show"}`, { method: "PUT", body: { id } }),
  );

export const useDeleteItem = (shopId: number) =>
  useMenuMutation(shopId, (id: number) => api(`/dashboard/menu/item?id=${id}`, { method: "DELETE" }));

export const useSetDisplayTimes = (shopId: number) =>
  useMenuMutation(shopId, ({ id, times }: { id: number; times: DisplayTimesInput | null }) =>
    api(`/dashboard/menu/item/${id}/display-time`, { method: "PUT", body: { display_times: times } }),
  );
