import type { MENU_QR_FORMATS, MenuTableInput, MenuTableView } from "@stempla/domain";
import { api } from "../../../shared/api/client.ts";
import { useMenuMutation } from "./menu-calls.ts";

// A location's tables in the menu editor (docs/decisions/009-digital-menu.md, sections 4 and 6).

export const useCreateTable = (shopId: number) =>
  useMenuMutation(shopId, (input: MenuTableInput) =>
    api<{ data: MenuTableView }>(`/dashboard/menu/tables?shop_id=${shopId}`, { body: input }),
  );

export const useRenameTable = (shopId: number) =>
  useMenuMutation(shopId, ({ id, input }: { id: number; input: MenuTableInput }) =>
    api<{ data: MenuTableView }>(`/dashboard/menu/tables/${id}`, { method: "PUT", body: input }),
  );

/** The table goes with its items (the server deletes them with it). */
export const useDeleteTable = (shopId: number) =>
  useMenuMutation(shopId, (id: number) => api(`/dashboard/menu/tables/${id}`, { method: "DELETE" }));

/**
 * A table's QR code, for a plain link with `download`: the session cookie goes with it, as with
 * the location's codes (features/locations).
 */
export const tableQrUrl = (tableId: number, format: (typeof MENU_QR_FORMATS)[number]) =>
  `/api/v2/dashboard/menu/tables/${tableId}/qr.${format}`;

/** The print sheet of the menu's code and every table's, fetched by script (it is rate limited). */
export const menuQrPdfPath = (shopId: number) => `/dashboard/menu/qr/pdf?shop_id=${shopId}`;
