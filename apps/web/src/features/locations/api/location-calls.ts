import type {
  LocationInput,
  LocationPage,
  LocationPin,
  LocationView,
  QrFormat,
  QrPrintSize,
  SetupView,
} from "@stempla/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

export const LOCATIONS_PER_PAGE = 10;
const key = ["locations"] as const;

export const useLocations = (page: number) =>
  useQuery({
    queryKey: [...key, "list", page],
    queryFn: () => api<LocationPage>(`/dashboard/shop?page=${page}&per_page=${LOCATIONS_PER_PAGE}`),
    placeholderData: keepPreviousData,
  });

export const useLocation = (id: number) =>
  useQuery({
    queryKey: [...key, id],
    queryFn: () => api<{ data: LocationView }>(`/dashboard/shop/${id}`).then((r) => r.data),
  });

/** Every change refreshes the list and the location it touched. */
function useLocationMutation<T>(request: (input: T) => Promise<{ data: LocationView }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => request(input).then((r) => r.data),
    onSuccess: (location) => {
      client.setQueryData([...key, location.id], location);
      void client.invalidateQueries({ queryKey: [...key, "list"] });
    },
  });
}

export const useCreateLocation = () =>
  useLocationMutation((input: LocationInput) =>
    api<{ data: LocationView }>("/dashboard/shop", { body: input }),
  );

export const useUpdateLocation = (id: number) =>
  useLocationMutation((input: LocationInput) =>
    api<{ data: LocationView }>(`/dashboard/shop/${id}`, { body: input }),
  );

export const useUpdatePin = (id: number) =>
  useLocationMutation((input: LocationPin) =>
    api<{ data: LocationView }>(`/dashboard/shop/${id}/pin`, { method: "PUT", body: input }),
  );

/** The QR code's path in the API (for apiFile) and its address (for links and images). */
export const qrPath = (id: number, format: QrFormat) => `/dashboard/shop/${id}/qr/${format}`;
export const qrUrl = (id: number, format: QrFormat) => `/api/v2${qrPath(id, format)}`;
/** A printable of the QR code (poster, table tent, sticker) as PDF. */
export const qrPrintPath = (id: number, size: QrPrintSize) => `${qrPath(id, "pdf")}?size=${size}`;

/** Opens the set-up wizard's location steps on the dashboard (the guided way to add a location). */
export function useStartLocationWizard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ data: SetupView }>("/dashboard/setup/location", { body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["setup"] }),
  });
}
