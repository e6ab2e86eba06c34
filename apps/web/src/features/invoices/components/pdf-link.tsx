import { Button } from "@mantine/core";
import type { InvoiceView } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../shared/ui/icons.tsx";

/**
 * The invoice's PDF: a plain link the browser downloads (the server answers it as an attachment),
 * named after the invoice so a screen reader's list of links tells them apart.
 */
export function PdfLink({ invoice, fullWidth }: { invoice: InvoiceView; fullWidth?: boolean }) {
  const { t } = useTranslation("invoices");
  return (
    <Button
      component="a"
      href={invoice.pdf_url}
      download
      variant="default"
      size="xs"
      fullWidth={fullWidth}
      leftSection={<Icon name="download" size={16} />}
      aria-label={t("pdf.label", { title: invoice.title })}
      data-testid="invoice-pdf"
    >
      {t("pdf.button")}
    </Button>
  );
}
