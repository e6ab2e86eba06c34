import type { HardwareItem } from "@stempla/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

export const HARDWARE_KEY = ["admin", "hardware-orders"] as const;

/** One line of a partner's hardware order (an order of several items is one line per item). */
export interface HardwareOrder {
  id: number;
  company_id: number;
  company_name: string;
  /** Where the order is shipped: the partner's billing address. */
  billing_address: {
    street: string;
    building: string;
    postcode: string;
    city: string;
    country: string;
  } | null;
  item: HardwareItem;
  quantity: number;
  ordered_at: string;
  shipped_at: string | null;
  /** The invoice id once billed. */
  billed: number | null;
}

/** GET /api/admin/hardware-orders?open=true|false: oldest first; open only: not shipped yet. */
export const useHardwareOrders = (openOnly: boolean) =>
  useQuery({
    queryKey: [...HARDWARE_KEY, openOnly ? "open" : "all"],
    queryFn: () =>
      api<{ data: HardwareOrder[] }>(`/hardware-orders?open=${openOnly}`, { base: "/api/admin" }).then(
        (r) => r.data,
      ),
    placeholderData: keepPreviousData,
  });
