import type { TopCustomers } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { statsKey } from "./stats-query.ts";

/** The ten customers with the most collections since the start (partner-wide). */
export const useTopCustomers = () =>
  useQuery({
    queryKey: statsKey("topCustomers"),
    queryFn: () => api<{ data: TopCustomers }>("/dashboard/topCustomers").then((r) => r.data),
  });
