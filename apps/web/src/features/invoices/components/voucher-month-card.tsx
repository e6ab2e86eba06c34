import { Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
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
 * platform fee withheld from this month's payouts and the fee still to be withheld from the
 * payouts to come, refunds, what was paid out and what is still to come. The month's statement
 * follows with the next monthly invoicing.
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
            <Text size="xs" c="dimmed" data-testid="voucher-month-fees-pending">
              {t("vouchers.feesPending", { amount: format.money(statement.still_to_transfer.fee_cents) })}
            </Text>
          </CardField>
          <CardField numeric label={t("vouchers.transferred")}>
            <Text fw={700} size="lg" style={numbers}>
              {format.money(transferred)}
            </Text>
            <Text size="xs" c="dimmed" data-testid="voucher-month-pending">
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
          // A list rather than a table: it needs no sideways scrolling on a phone.
          <Stack
            gap={6}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: "none" }}
            aria-label={t("vouchers.tableLabel")}
          >
            {paid.map((sale) => (
              <li key={sale.offer_id} data-testid="voucher-month-sale">
                <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                    {sale.name}
                  </Text>
                  <Text size="sm" fw={600} style={numbers}>
                    {t("vouchers.saleAmount", { count: sale.count, gross: format.money(sale.gross_cents) })}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {sale.purpose === "single" && sale.vat_rate !== null
                    ? t("vouchers.single", {
                        net: format.money(sale.net_cents),
                        vat: format.money(sale.vat_cents),
                        rate: sale.vat_rate,
                      })
                    : t("vouchers.multi")}
                </Text>
              </li>
            ))}
          </Stack>
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
