import { Table, Text } from "@mantine/core";
import type { InvoiceView } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { InvoiceStatusBadge } from "./invoice-status-badge.tsx";
import { PdfLink } from "./pdf-link.tsx";

const numbers = { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;

function Th({ children, right }: { children: string; right?: boolean }) {
  return (
    <Table.Th fz="xs" c="dimmed" ta={right ? "right" : undefined} style={{ whiteSpace: "nowrap" }}>
      {children}
    </Table.Th>
  );
}

/** The invoices as a table (wide screens). */
export function InvoicesTable({ invoices }: { invoices: InvoiceView[] }) {
  const { t } = useTranslation("invoices");
  const format = useLocaleFormats();
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="sm"
        fz="sm"
        aria-label={t("table.label")}
      >
        <Table.Thead>
          <Table.Tr>
            <Th>{t("fields.title")}</Th>
            <Th>{t("fields.date")}</Th>
            <Th right>{t("fields.amount")}</Th>
            <Th>{t("fields.status")}</Th>
            <Th>{t("fields.debitDate")}</Th>
            <Th right>{t("fields.pdf")}</Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.id} data-testid="invoice-row">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {invoice.title}
                </Text>
                <Text size="xs" c="dimmed" data-testid="invoice-kind">
                  {t(`kinds.${invoice.kind}`)}
                </Text>
              </Table.Td>
              <Table.Td style={numbers}>{format.day(invoice.issue_date)}</Table.Td>
              <Table.Td ta="right" style={numbers}>
                <Text size="sm" fw={600} style={numbers}>
                  {format.money(invoice.gross_cents)}
                </Text>
                <Text size="xs" c="dimmed" style={numbers}>
                  {t("amount.split", {
                    net: format.money(invoice.net_cents),
                    vat: format.money(invoice.vat_cents),
                  })}
                </Text>
              </Table.Td>
              <Table.Td>
                {/* The badge's own width, so the table never cuts its word to "RÜCKLASTSCH…". */}
                <div style={{ width: "max-content" }}>
                  <InvoiceStatusBadge invoice={invoice} />
                </div>
              </Table.Td>
              <Table.Td style={numbers}>
                {invoice.debit_date ? format.day(invoice.debit_date) : <Text c="dimmed">–</Text>}
              </Table.Td>
              <Table.Td ta="right">
                <PdfLink invoice={invoice} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
