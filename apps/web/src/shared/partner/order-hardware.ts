import type {
  HardwareDestination,
  HardwareOrderInput,
  HardwareOrderPlaced,
  HardwareOrderView,
} from "@stempla/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client.ts";

export const HARDWARE_ORDERS_KEY = ["hardware-orders"] as const;

/** POST /dashboard/hardware-orders: the header shop's order to one location, billed on the next invoice. */
export function useOrderHardware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HardwareOrderInput) =>
      api<{ data: HardwareOrderPlaced }>("/dashboard/hardware-orders", { body: input }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HARDWARE_ORDERS_KEY }),
  });
}

/** GET /dashboard/hardware-orders: the partner's orders, starter kits included, newest first. */
export const useHardwareOrderHistory = () =>
  useQuery({
    queryKey: HARDWARE_ORDERS_KEY,
    queryFn: () => api<{ data: HardwareOrderView[] }>("/dashboard/hardware-orders").then((r) => r.data),
  });

/** GET /dashboard/hardware-orders/locations: where the shop can send to, the first first. */
export const useHardwareDestinations = () =>
  useQuery({
    queryKey: [...HARDWARE_ORDERS_KEY, "locations"],
    queryFn: () =>
      api<{ data: HardwareDestination[] }>("/dashboard/hardware-orders/locations").then((r) => r.data),
  });
