import type { AdminHardwareOrder } from "@stempla/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

export const HARDWARE_KEY = ["admin", "hardware-orders"] as const;

/** GET /api/admin/hardware-orders?open=true|false: oldest first; open only: not shipped yet. */
export const useHardwareOrders = (openOnly: boolean) =>
  useQuery({
    queryKey: [...HARDWARE_KEY, openOnly ? "open" : "all"],
    queryFn: () =>
      api<{ data: AdminHardwareOrder[] }>(`/hardware-orders?open=${openOnly}`, { base: "/api/admin" }).then(
        (r) => r.data,
      ),
    placeholderData: keepPreviousData,
  });
