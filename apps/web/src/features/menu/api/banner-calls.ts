import type { MenuBannerTexts, MenuBannerView, MenuSettings } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { type MenuClicks, useMenuMutation } from "./menu-calls.ts";

// The menu's banners, its links and the clicks of a chosen month in the editor
// (docs/decisions/009-digital-menu.md, sections 4 and 6).

export interface BannerFields {
  /** "" = no link: the banner is kept but guests do not see it. */
  url: string;
  texts: MenuBannerTexts;
}

/** The banner's fields as text parts beside the picture (routes.ts reads `texts` as JSON). */
function bannerForm(fields: BannerFields, file: File): FormData {
  const form = new FormData();
  form.append("url", fields.url);
  form.append("texts", JSON.stringify(fields.texts));
  form.append("file", file);
  return form;
}

export const useCreateBanner = (shopId: number) =>
  useMenuMutation(shopId, ({ fields, file }: { fields: BannerFields; file: File }) =>
    api<{ data: MenuBannerView }>(`/dashboard/menu/banner/create?shop_id=${shopId}`, {
      body: bannerForm(fields, file),
    }),
  );

/** Its link and alt texts as JSON, or as a form when a new picture comes with them. */
export const useUpdateBanner = (shopId: number) =>
  useMenuMutation(shopId, ({ id, fields, file }: { id: number; fields: BannerFields; file: File | null }) =>
    api<{ data: MenuBannerView }>(`/dashboard/menu/banner/${id}`, {
      body: file ? bannerForm(fields, file) : fields,
    }),
  );

export const useMoveBanner = (shopId: number) =>
  useMenuMutation(shopId, (input: { id: number; direction: "up" | "down" }) =>
    api<{ data: MenuBannerView[] }>("/dashboard/menu/banner/move", { method: "PUT", body: input }),
  );

export const useDeleteBanner = (shopId: number) =>
  useMenuMutation(shopId, (id: number) => api(`/dashboard/menu/banner?id=${id}`, { method: "DELETE" }));

/** The app-registration, review and social links (empty addresses are sent as null). */
export const useSaveMenuLinks = (shopId: number) =>
  useMenuMutation(shopId, (input: MenuSettings) =>
    api<{ data: MenuSettings }>(`/dashboard/menu/settings?shop_id=${shopId}`, { method: "PUT", body: input }),
  );

/**
 * Clicks per item in a month (YYYY-MM): under the menu's key, so every change of the menu (an
 * item deleted with its counts) reloads them; the previous month's counts stay while the next load.
 */
export const useMenuClicksOf = (shopId: number, month: string) =>
  useQuery({
    queryKey: ["menu", shopId, "clicks", month],
    queryFn: () =>
      api<{ data: MenuClicks }>(`/dashboard/menu/clicks?shop_id=${shopId}&month=${month}`).then(
        (r) => r.data,
      ),
    placeholderData: (previous) => previous,
  });
