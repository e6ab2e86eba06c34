import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { berlinDay, hardwareDeliveryBy } from "@stempla/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocaleFormats } from "../lib/formats.ts";
import { SoftBadge } from "../ui/soft-badge.tsx";
import { deliveriesOf } from "./hardware-history.ts";
import { useHardwareOrderHistory } from "./order-hardware.ts";

/**
 * The partner's hardware order history in the shop dialog: every delivery (the starter kits too)
 * with what, where, when, its status and price, as cards that stack on a phone.
 */
export function HardwareHistoryList() {
  const { t } = useTranslation();
  const format = useLocaleFormats();
  const orders = useHardwareOrderHistory();
  const deliveries = useMemo(() => deliveriesOf(orders.data ?? []), [orders.data]);

  if (orders.isPending) return <Skeleton h={120} radius="md" aria-label={t("shop.history.loading")} />;
  if (orders.isError)
    return (
      <Alert color="red" role="alert">
        {orders.error.message}
      </Alert>
    );
  if (deliveries.length === 0)
    return (
      <Text c="dimmed" py="md" ta="center">
        {t("shop.history.none")}
      </Text>
    );
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: "none" }}
      aria-label={t("shop.history.list")}
    >
      {deliveries.map((delivery) => {
        const kit = delivery.kind === "starter_kit";
        return (
          <Paper
            key={delivery.key}
            component="li"
            withBorder
            radius="md"
            p="sm"
            data-testid="hardware-history-row"
            data-kind={delivery.kind}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
              <div>
                <Text fw={600} size="sm">
                  {t(kit ? "shop.history.kit" : "shop.history.order")}
                </Text>
                <Text size="xs" c="dimmed">
                  {format.dateMedium(delivery.orderedAt)}
                </Text>
                {delivery.lines.map((line) => (
                  <Text key={line.id} size="sm">
                    {t("shop.history.line", {
                      count: line.quantity,
                      item: t(kit ? `shop.kitItems.${line.item}` : `shop.items.${line.item}`),
                    })}
                  </Text>
                ))}
              </div>
              <Stack gap={4} align="flex-start">
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {delivery.shipTo
                    ? `${delivery.shipTo.name ?? t("shop.history.billingAddress")}: ${delivery.shipTo.street} ${delivery.shipTo.building}, ${delivery.shipTo.postcode} ${delivery.shipTo.city}`
                    : t("shop.history.billingAddress")}
                </Text>
                {delivery.shippedAt ? (
                  <SoftBadge color="green">
                    {t("shop.history.shipped", { date: format.dateMedium(delivery.shippedAt) })}
                  </SoftBadge>
                ) : (
                  <>
                    <SoftBadge color="yellow">{t("shop.history.preparing")}</SoftBadge>
                    <Text size="xs" c="dimmed">
                      {t("shop.history.arrivesBy", {
                        date: format.dayNumeric(hardwareDeliveryBy(berlinDay(new Date(delivery.orderedAt)))),
                      })}
                    </Text>
                  </>
                )}
                <Text size="sm" fw={600}>
                  {kit
                    ? t("shop.history.free")
                    : t("shop.history.price", { price: format.money(delivery.totalCents) })}
                </Text>
              </Stack>
            </SimpleGrid>
          </Paper>
        );
      })}
    </Stack>
  );
}
