import type { TerminationInput } from "@stempla/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { CONTRACT_KEY, type ContractView } from "./get-contract.ts";

/** POST /subscription/termination: notice as of today; the answer is the updated contract. */
export function useTerminateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TerminationInput) =>
      api<{ data: ContractView }>("/subscription/termination", { body: input }).then((r) => r.data),
    onSuccess: (contract) => queryClient.setQueryData(CONTRACT_KEY, contract),
    // The end date moved (409) or someone else gave notice: show the contract as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: CONTRACT_KEY }),
  });
}
