import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { HARDWARE_KEY } from "./get-hardware-orders.ts";

/**
 * POST /api/admin/hardware-orders/{id}/shipped for every line of one order (they go out in one
 * parcel). A repeated call keeps the first shipping time.
 */
export function useMarkHardwareShipped() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      Promise.all(
        ids.map((id) =>
          api<{ data: { id: number; shipped_at: string } }>(`/hardware-orders/${id}/shipped`, {
            base: "/api/admin",
            method: "POST",
            body: {},
          }),
        ),
      ),
    // Also after a failure: some lines may have been marked.
    onSettled: () => client.invalidateQueries({ queryKey: HARDWARE_KEY }),
  });
}
