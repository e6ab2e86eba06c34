import type { FaqReadEntry, Locale } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { FAQ_KEY } from "../../../shared/api/faq-key.ts";

/** The public FAQ's key; the server renders the page with its entries under it (entry-server.tsx). */
export const publicFaqKey = (locale: Locale) => [...FAQ_KEY, "public", locale];

/** GET /api/v2/faq?lang=: the published entries for the public FAQ page. */
export const usePublicFaq = (locale: Locale) =>
  useQuery({
    queryKey: publicFaqKey(locale),
    queryFn: () => api<{ data: FaqReadEntry[] }>(`/faq?lang=${locale}`).then((r) => r.data),
  });

/** GET /api/v2/dashboard/adminFaq (spec section 7): the published entries for partners. */
export const usePartnerFaq = (locale: Locale) =>
  useQuery({
    queryKey: [...FAQ_KEY, "partners", locale],
    queryFn: () => api<{ data: FaqReadEntry[] }>(`/dashboard/adminFaq?lang=${locale}`).then((r) => r.data),
  });
