import type { ReferenceItem } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

export const useLegalForms = (locale: string) =>
  useQuery({
    queryKey: ["legal-forms", locale],
    queryFn: () => api<{ data: ReferenceItem[] }>("/legalForm").then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
