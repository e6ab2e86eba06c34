import { Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { InvoiceView } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { CardField } from "../../../shared/ui/card-field.tsx";
import { CardList } from "../../../shared/ui/card-list.tsx";
import { InvoiceStatusBadge } from "./invoice-status-badge.tsx";
import { PdfLink } from "./pdf-link.tsx";

const numbers = { fontVariantNumeric: "tabular-nums" } as const;

/** The invoices as stacked cards (phones and narrow windows), one per invoice. */
export function InvoiceCards({ invoices }: { invoices: InvoiceView[] }) {
  const { t } = useTranslation("invoices");
  const format = useLocaleFormats();
  return (
    <CardList items={invoices} label={t("table.label")} testId="invoice-row">
      {(invoice) => (
        <>
          {/* The title takes the whole width, so the invoice number is not broken at its hyphen. */}
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {invoice.title}
          </Text>
          <Text size="xs" c="dimmed" data-testid="invoice-kind">
            {t(`kinds.${invoice.kind}`)}
          </Text>
          <Group mt={6}>
            <InvoiceStatusBadge invoice={invoice} />
          </Group>
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs" mt="sm">
            <CardField numeric label={t("fields.amount")}>
              <Text fw={700} size="lg" lh={1.3} style={numbers}>
                {format.money(invoice.gross_cents)}
              </Text>
              <Text size="xs" c="dimmed" style={numbers}>
                {t("amount.net", { net: format.money(invoice.net_cents) })}
                <br />
                {t("amount.vat", { vat: format.money(invoice.vat_cents) })}
              </Text>
            </CardField>
            <Stack gap="xs">
              <CardField numeric label={t("fields.date")}>
                {format.day(invoice.issue_date)}
              </CardField>
              <CardField numeric label={t("fields.debitDate")}>
                {invoice.debit_date ? format.day(invoice.debit_date) : "–"}
              </CardField>
            </Stack>
          </SimpleGrid>
          <div style={{ marginTop: "var(--mantine-spacing-sm)" }}>
            <PdfLink invoice={invoice} fullWidth />
          </div>
        </>
      )}
    </CardList>
  );
}
