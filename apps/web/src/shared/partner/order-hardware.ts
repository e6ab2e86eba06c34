import type { HardwareOrderInput, HardwareOrderPlaced } from "@stempla/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client.ts";

export const HARDWARE_ORDERS_KEY = ["hardware-orders"] as const;

/** POST /dashboard/hardware-orders: the header shop's order, billed on the next invoice. */
export function useOrderHardware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HardwareOrderInput) =>
      api<{ data: HardwareOrderPlaced }>("/dashboard/hardware-orders", { body: input }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HARDWARE_ORDERS_KEY }),
  });
}
