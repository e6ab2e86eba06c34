import type { ClientsCsvFile, ClientsSelection } from "@stempla/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { selectionParams } from "./get-clients.ts";

/**
 * The CSV of the current selection (spec section 7): GET /dashboard/users/csv answers a short-lived
 * file URL in data.file, and the browser navigates to it, which downloads the file (the server
 * sends it as an attachment) and leaves the page where it is.
 */
export function useExportClientsCsv() {
  return useMutation({
    mutationFn: (selection: ClientsSelection) => {
      const query = selectionParams(selection);
      return api<ClientsCsvFile>(`/dashboard/users/csv${query ? `?${query}` : ""}`).then(
        (response) => response.data.file,
      );
    },
    onSuccess: (file) => window.location.assign(file),
  });
}
