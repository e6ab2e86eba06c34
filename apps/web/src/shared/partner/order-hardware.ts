import type { HardwareItem, HardwareOrderInput } from "@stempla/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client.ts";

export interface HardwareOrderReceipt {
  lines: { id: number; item: HardwareItem; quantity: number; unit_cents: number; total_cents: number }[];
  net_cents: number;
  vat_rate_percent: number;
  vat_cents: number;
  gross_cents: number;
  billing: "next_invoice";
  ordered_at: string;
  delivery_weeks: number;
  expected_delivery_by: string;
}

export const HARDWARE_ORDERS_KEY = ["hardware-orders"] as const;

/** POST /dashboard/hardware-orders: the header shop's order, billed on the next invoice. */
export function useOrderHardware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HardwareOrderInput) =>
      api<{ data: HardwareOrderReceipt }>("/dashboard/hardware-orders", { body: input }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HARDWARE_ORDERS_KEY }),
  });
}
