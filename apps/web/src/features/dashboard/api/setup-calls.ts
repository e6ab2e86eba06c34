import type { LocationInput, LocationView, SetupDraft, SetupSaveInput, SetupView } from "@stempla/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

export type { SetupDraft };
export type SetupState = SetupView;

const key = ["setup"] as const;

export const useSetup = () =>
  useQuery({
    queryKey: key,
    queryFn: () => api<{ data: SetupState }>("/dashboard/setup").then((r) => r.data),
  });

/** Every step is remembered on the server, so a reload or a later login continues there. */
export function useSaveSetup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SetupSaveInput) =>
      api<{ data: SetupState }>("/dashboard/setup", { method: "PUT", body: input }).then((r) => r.data),
    onSuccess: (state) => client.setQueryData(key, state),
  });
}

export function useFinishSetup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ data: SetupState }>("/dashboard/setup/finish", { body: {} }).then((r) => r.data),
    onSuccess: (state) => client.setQueryData(key, state),
  });
}

export const useWizardLocation = (id: number | null) =>
  useQuery({
    queryKey: ["locations", id],
    queryFn: () => api<{ data: LocationView }>(`/dashboard/shop/${id}`).then((r) => r.data),
    enabled: id !== null,
  });

/** Creates the wizard's location, or saves it again when the partner comes back to a step. */
export function useSaveWizardLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: LocationInput }) =>
      api<{ data: LocationView }>(id ? `/dashboard/shop/${id}` : "/dashboard/shop", { body: input }).then(
        (r) => r.data,
      ),
    onSuccess: (location) => {
      client.setQueryData(["locations", location.id], location);
      void client.invalidateQueries({ queryKey: ["locations", "list"] });
    },
  });
}
