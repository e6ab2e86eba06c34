import { SEPA_FILE_HEADERS, type SepaFileRequest } from "@stempla/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFile } from "../../../shared/api/client.ts";
import { BILLING_KEY } from "./get-billing-preview.ts";

/** The file as the browser saves it: not an API shape (the answer is the XML; its count is a header). */
export interface SepaFileDownload {
  blob: Blob;
  fileName: string;
  /** The direct debits in the file. */
  count: number;
}

/**
 * POST /api/admin/billing/sepa: the pain.008 file of the open invoices with a mandate due until the
 * day (YYYY-MM-DD); they become "submitted". 409 with a message when nothing is due.
 */
export function useCreateSepaFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (dueUntil: string): Promise<SepaFileDownload> => {
      const file = await apiFile("/billing/sepa", {
        base: "/api/admin",
        method: "POST",
        body: { due_until: dueUntil } satisfies SepaFileRequest,
      });
      return {
        blob: file.blob,
        fileName: file.fileName ?? "lastschrift.xml",
        count: Number(file.headers.get(SEPA_FILE_HEADERS.invoiceCount) ?? 0),
      };
    },
    // The invoices' statuses and the list of files change.
    onSuccess: () => client.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
