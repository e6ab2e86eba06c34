import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { NftStatement } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { CardField } from "../../../shared/ui/card-field.tsx";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";

const numbers = { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;

const sum = <T,>(rows: T[], value: (row: T) => number) => rows.reduce((total, row) => total + value(row), 0);

/**
 * The running month's voucher sales beside the invoices (decision 010, section 5): what was sold
 * per offer (single-purpose with its VAT, multi-purpose whose VAT falls due at redemption), the
 * platform fee withheld, refunds, what was paid out and what is still to come. The month's
 * statement follows with the next monthly invoicing.
 */
export function VoucherMonthCard({ statement }: { statement: NftStatement }) {
  const { t } = useTranslation("invoices");
  const format = useLocaleFormats();
  const paid = statement.sales.filter((s) => s.type !== "coupon");
  const soldGross = sum(paid, (s) => s.gross_cents);
  const refunded = sum(statement.refunds, (r) => r.amount_cents);
  const transferred = sum(statement.transfers, (r) => r.amount_cents);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="voucher-month">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0, flex: "1 1 260px" }}>
            <Title order={2} fz="lg">
              {t("vouchers.title", { month: format.monthLong(statement.month) })}
            </Title>
            <Text size="sm" c="dimmed">
              {t("vouchers.intro")}
            </Text>
          </div>
          <div style={{ flexShrink: 0 }}>
            <SoftBadge color="blue">{t("vouchers.running")}</SoftBadge>
          </div>
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="sm">
          <CardField numeric label={t("vouchers.sold")}>
            <Text fw={700} size="lg" style={numbers} data-testid="voucher-month-gross">
              {format.money(soldGross)}
            </Text>
            <Text size="xs" c="dimmed">
              {t("vouchers.count", { count: sum(paid, (s) => s.count) })}
            </Text>
          </CardField>
          <CardField numeric label={t("vouchers.fees")}>
            <Text fw={700} size="lg" style={numbers} data-testid="voucher-month-fees">
              {format.money(statement.fees.gross_cents)}
            </Text>
            <Text size="xs" c="dimmed">
              {t("vouchers.feesHint")}
            </Text>
          </CardField>
          <CardField numeric label={t("vouchers.transferred")}>
            <Text fw={700} size="lg" style={numbers}>
              {format.money(transferred)}
            </Text>
            <Text size="xs" c="dimmed">
              {t("vouchers.pending", { amount: format.money(statement.still_to_transfer.amount_cents) })}
            </Text>
          </CardField>
          <CardField numeric label={t("vouchers.refunded")}>
            <Text fw={700} size="lg" style={numbers}>
              {format.money(refunded)}
            </Text>
            <Text size="xs" c="dimmed">
              {t("vouchers.refunds", { count: statement.refunds.length })}
            </Text>
          </CardField>
        </SimpleGrid>

        {paid.length > 0 && (
          <Table.ScrollContainer minWidth={520} type="native">
            <Table fz="sm" verticalSpacing={6} aria-label={t("vouchers.tableLabel")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th fz="xs" c="dimmed">
                    {t("vouchers.offer")}
                  </Table.Th>
                  <Table.Th fz="xs" c="dimmed" ta="right">
                    {t("vouchers.quantity")}
                  </Table.Th>
                  <Table.Th fz="xs" c="dimmed" ta="right">
                    {t("vouchers.gross")}
                  </Table.Th>
                  <Table.Th fz="xs" c="dimmed">
                    {t("vouchers.vat")}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {paid.map((sale) => (
                  <Table.Tr key={sale.offer_id} data-testid="voucher-month-sale">
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{sale.name}</Table.Td>
                    <Table.Td ta="right" style={numbers}>
                      {sale.count}
                    </Table.Td>
                    <Table.Td ta="right" style={numbers}>
                      {format.money(sale.gross_cents)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">
                        {sale.purpose === "single" && sale.vat_rate !== null
                          ? t("vouchers.single", {
                              net: format.money(sale.net_cents),
                              vat: format.money(sale.vat_cents),
                              rate: sale.vat_rate,
                            })
                          : t("vouchers.multi")}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        {statement.multi_purpose_redemptions.length > 0 && (
          <Text size="sm">
            {t("vouchers.multiRedeemed", {
              count: sum(statement.multi_purpose_redemptions, (r) => r.count),
              value: format.money(sum(statement.multi_purpose_redemptions, (r) => r.value_cents)),
            })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
