import type { MantineColor } from "@mantine/core";
import type { InvoiceStatus, InvoiceView } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";

const colors: Record<InvoiceStatus, MantineColor> = {
  open: "blue",
  submitted: "cyan",
  paid: "green",
  returned: "red",
  dunned: "orange",
  cancelled: "gray",
};

/**
 * Where the payment of an invoice stands, in words. A credit note is either still to be refunded
 * (the cancelled invoice had been collected) or settled. A voucher statement's fees were withheld
 * from the payouts (decision 010, section 5): it is settled, never debited.
 */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<InvoiceView, "kind" | "status"> }) {
  const { t } = useTranslation("invoices");
  const key =
    invoice.kind === "nft_statement" && invoice.status === "paid"
      ? "statementSettled"
      : invoice.kind === "credit_note"
        ? invoice.status === "open"
          ? "creditOpen"
          : "creditSettled"
        : invoice.status;
  return <SoftBadge color={colors[invoice.status]}>{t(`status.${key}`)}</SoftBadge>;
}
