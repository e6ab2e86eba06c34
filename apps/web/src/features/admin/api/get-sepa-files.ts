import type { SepaFile } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { BILLING_KEY } from "./get-billing-preview.ts";

export type { SepaFile };

/** The stored XML again, byte for byte, answered as an attachment. */
export const sepaFileUrl = (id: number) => `/api/admin/billing/sepa/files/${id}`;

/** GET /api/admin/billing/sepa/files: the direct-debit files made so far, newest first. */
export const useSepaFiles = () =>
  useQuery({
    queryKey: [...BILLING_KEY, "sepa-files"],
    queryFn: () =>
      api<{ data: SepaFile[] }>("/billing/sepa/files", { base: "/api/admin" }).then((r) => r.data),
  });
