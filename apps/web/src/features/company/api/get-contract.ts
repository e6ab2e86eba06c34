import type { ContractView } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

export type { ContractView };

export const CONTRACT_KEY = ["subscription", "contract"] as const;

export const useContract = () =>
  useQuery({
    queryKey: CONTRACT_KEY,
    queryFn: () => api<{ data: ContractView }>("/subscription/contract").then((r) => r.data),
  });
