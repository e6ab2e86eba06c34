import type { MantineColor } from "@mantine/core";
import type { BillingInvoiceStatus } from "../api/get-billing-invoices.ts";

/** Amounts, dates and numbers in table cells: digits line up and never wrap. */
export const numbers = { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;

// A badge keeps its whole word; a narrow table column would cut it to "BEREITS AB…".
export const badgeWidth = { width: "max-content" } as const;

export const invoiceStatusColors: Record<BillingInvoiceStatus, MantineColor> = {
  open: "blue",
  submitted: "cyan",
  paid: "green",
  returned: "red",
  dunned: "orange",
  cancelled: "gray",
};
