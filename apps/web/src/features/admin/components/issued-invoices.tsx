import {
  Alert,
  Button,
  Card,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../shared/ui/icons.tsx";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import {
  type BillingInvoice,
  billingInvoicePdfUrl,
  useBillingInvoices,
} from "../api/get-billing-invoices.ts";
import { badgeWidth, invoiceStatusColors, numbers } from "./billing-styles.ts";
import classes from "./console-table.module.css";
import { useFormats } from "./formats.ts";
import { InvoiceActions } from "./invoice-actions.tsx";

/** The invoices and credit notes issued for the month, each with its PDF and the payment actions. */
export function IssuedInvoices({ month, label }: { month: string; label: string }) {
  const { t } = useTranslation("admin");
  const invoices = useBillingInvoices(month);

  return (
    <Card withBorder radius="lg" padding="lg" p={{ base: "md", sm: "lg" }}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t("billing.invoices.title", { month: label })}
        </Title>
        {invoices.isPending && <Skeleton h={120} radius="md" aria-label={t("billing.loading")} />}
        {invoices.isError && (
          <Alert color="red" role="alert">
            {invoices.error.message}
          </Alert>
        )}
        {invoices.data?.length === 0 && (
          <Text c="dimmed" py="md" ta="center">
            {t("billing.invoices.none", { month: label })}
          </Text>
        )}
        {invoices.data && invoices.data.length > 0 && (
          <>
            <Text size="sm" c="dimmed">
              {t("billing.invoices.count", { count: invoices.data.length })}
            </Text>
            <ScrollArea
              type="auto"
              viewportProps={{ tabIndex: 0, "aria-label": t("billing.invoices.table") }}
            >
              <Table striped highlightOnHover miw={720} verticalSpacing="xs" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("billing.invoices.number")}</Table.Th>
                    <Table.Th>{t("billing.preview.partner")}</Table.Th>
                    <Table.Th>{t("billing.invoices.date")}</Table.Th>
                    <Table.Th ta="right">{t("billing.gross")}</Table.Th>
                    <Table.Th>{t("billing.invoices.status")}</Table.Th>
                    <Table.Th className={classes.actions}>
                      <VisuallyHidden>{t("billing.invoices.actions")}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invoices.data.map((invoice) => (
                    <InvoiceRow key={invoice.id} invoice={invoice} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </>
        )}
      </Stack>
    </Card>
  );
}

function InvoiceRow({ invoice }: { invoice: BillingInvoice }) {
  const { t } = useTranslation("admin");
  const format = useFormats();
  const creditNote = invoice.kind === "credit_note";
  // A credit note is "open" while a refund is owed and "paid" once nothing is owed any more.
  return (
    <Table.Tr data-testid="billing-invoice-row" data-status={invoice.status}>
      <Table.Td>
        <Text size="sm" style={numbers}>
          {invoice.number}
        </Text>
        {creditNote && (
          <Text size="xs" c="dimmed">
            {invoice.credits_number
              ? t("billing.invoices.creditNoteFor", { number: invoice.credits_number })
              : t("billing.invoices.creditNote")}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{invoice.company_name}</Table.Td>
      <Table.Td style={numbers}>{format.day(invoice.issue_date)}</Table.Td>
      <Table.Td ta="right" style={numbers}>
        {format.money(invoice.gross_cents)}
      </Table.Td>
      <Table.Td>
        <div style={badgeWidth}>
          <SoftBadge color={invoiceStatusColors[invoice.status]}>
            {creditNote && (invoice.status === "open" || invoice.status === "paid")
              ? t(`billing.creditStatuses.${invoice.status}`)
              : t(`billing.statuses.${invoice.status}`)}
          </SoftBadge>
        </div>
      </Table.Td>
      <Table.Td className={classes.actions}>
        <Group gap="xs" wrap="nowrap">
          <Button
            component="a"
            href={billingInvoicePdfUrl(invoice.id)}
            download
            variant="default"
            size="xs"
            leftSection={<Icon name="download" size={16} />}
            aria-label={t(creditNote ? "billing.invoices.creditPdfLabel" : "billing.invoices.pdfLabel", {
              number: invoice.number,
              name: invoice.company_name,
            })}
          >
            {t("billing.invoices.pdf")}
          </Button>
          <InvoiceActions invoice={invoice} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
