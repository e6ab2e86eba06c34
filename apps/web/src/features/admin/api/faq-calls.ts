import type { FaqAdminEntry, FaqEntryInput } from "@stempla/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { FAQ_KEY } from "../../../shared/api/faq-key.ts";

const ADMIN_FAQ_KEY = ["admin", "faq"] as const;
const adminApi = <T>(path: string, method = "GET", body?: unknown) =>
  api<T>(path, { base: "/api/admin", method, ...(body === undefined ? {} : { body }) });

/** GET /api/admin/faq: every entry, published or not, in page order. */
export const useAdminFaq = () =>
  useQuery({
    queryKey: ADMIN_FAQ_KEY,
    queryFn: () => adminApi<{ data: FaqAdminEntry[] }>("/faq").then((r) => r.data),
  });

/** Every change reloads the console's list and what readers see (the public and partner FAQ). */
function useFaqMutation<V>(call: (value: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Pending until the list is fresh, so a switch never flips back to the old state in between.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ADMIN_FAQ_KEY }),
        client.invalidateQueries({ queryKey: FAQ_KEY }),
      ]),
  });
}

/** POST /api/admin/faq (no id) or PUT /api/admin/faq/{id}. */
export const useSaveFaqEntry = () =>
  useFaqMutation(({ id, input }: { id?: number; input: FaqEntryInput }) =>
    id === undefined ? adminApi("/faq", "POST", input) : adminApi(`/faq/${id}`, "PUT", input),
  );

/** PUT /api/admin/faq/{id}/published. */
export const useSetFaqPublished = () =>
  useFaqMutation(({ id, published }: { id: number; published: boolean }) =>
    adminApi(`/faq/${id}/published`, "PUT", { published }),
  );

/** POST /api/admin/faq/{id}/move: one place up or down within the topic. */
export const useMoveFaqEntry = () =>
  useFaqMutation(({ id, direction }: { id: number; direction: "up" | "down" }) =>
    adminApi(`/faq/${id}/move`, "POST", { direction }),
  );

/** DELETE /api/admin/faq/{id}. */
export const useDeleteFaqEntry = () => useFaqMutation((id: number) => adminApi(`/faq/${id}`, "DELETE"));
