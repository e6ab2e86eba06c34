import type { CollectiveMonths } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { invoicesKeys } from "./get-invoices.ts";

/**
 * A franchisee's months billed on its master's collective invoice (null for everyone else;
 * docs/decisions/008-franchise-model.md, section 5): those months have no invoice of their own.
 */
export const useCollectiveMonths = () =>
  useQuery({
    queryKey: [...invoicesKeys.all, "collective-months"] as const,
    queryFn: () => api<{ data: CollectiveMonths }>("/subscription/collective-months").then((r) => r.data),
  });

/** Consecutive months (YYYY-MM-01, ascending) as [first, last] runs, so a long list reads as ranges. */
export function monthRuns(months: readonly string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const month of months) {
    const last = runs.at(-1);
    if (last && nextMonth(last[1]) === month) last[1] = month;
    else runs.push([month, month]);
  }
  return runs;
}

function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + m; // the next month, 0-based month index
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}
