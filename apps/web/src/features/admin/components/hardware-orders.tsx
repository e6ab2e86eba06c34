import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
} from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { useHardwareOrders } from "../api/get-hardware-orders.ts";
import { useMarkHardwareShipped } from "../api/mark-hardware-shipped.ts";
import { useFormats } from "./formats.ts";
import { type Parcel, parcelsOf } from "./hardware-parcels.ts";

/**
 * The hardware shipping list: starter kits of newly approved locations and shop orders, open ones
 * oldest first, each a card with the address to ship to and what goes in the parcel (cards rather than a table, so the button stays in reach on a
 * phone).
 */
export function HardwareOrders() {
  const { t } = useTranslation("admin");
  const [showShipped, setShowShipped] = useState(false);
  const orders = useHardwareOrders(!showShipped);
  const parcels = useMemo(() => parcelsOf(orders.data ?? []), [orders.data]);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={760}>
        {t("hardware.intro")}
      </Text>
      <Group justify="space-between" align="center" gap="sm">
        <Switch
          label={t("hardware.showShipped")}
          checked={showShipped}
          onChange={(event) => setShowShipped(event.currentTarget.checked)}
        />
        {parcels.length > 0 && (
          <Text size="sm" c="dimmed">
            {t(showShipped ? "hardware.countAll" : "hardware.countOpen", { count: parcels.length })}
          </Text>
        )}
      </Group>
      {orders.isPending && <Skeleton h={120} radius="md" aria-label={t("hardware.loading")} />}
      {orders.isError && (
        <Alert color="red" role="alert">
          {orders.error.message}
        </Alert>
      )}
      {orders.data && parcels.length === 0 && (
        <Text c="dimmed" py="md" ta="center">
          {t(showShipped ? "hardware.noneAll" : "hardware.noneOpen")}
        </Text>
      )}
      {parcels.length > 0 && (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, lg: 2 }}
          spacing="md"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-label={t("hardware.list")}
        >
          {parcels.map((parcel) => (
            <ParcelCard key={parcel.key} parcel={parcel} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function ParcelCard({ parcel }: { parcel: Parcel }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const format = useFormats();
  const { pathname, search } = useLocation();
  const ship = useMarkHardwareShipped();
  const ordered = format.dateTime(parcel.orderedAt);
  const { address } = parcel;
  const kit = parcel.kind === "starter_kit";

  const markShipped = () =>
    ship.mutate(
      parcel.lines.filter((line) => !line.shipped_at).map((line) => line.id),
      {
        onSuccess: () => notify("green", t("hardware.shipped", { name: parcel.companyName })),
        onError: (error) => notify("red", error.message),
      },
    );

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      data-testid="hardware-order-row"
      data-order-ids={parcel.lines.map((line) => line.id).join(",")}
      data-kind={parcel.kind}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Anchor
              component={Link}
              to={paths.adminPartner(locale, { id: parcel.companyId })}
              state={{ from: `${pathname}${search}` }}
              fw={600}
            >
              {parcel.companyName}
            </Anchor>
            <Text size="xs" c="dimmed">
              {t(kit ? "hardware.approvedAt" : "hardware.orderedAt", { date: ordered })}
            </Text>
          </div>
          <Stack gap={2} align="flex-end">
            <SoftBadge color={kit ? "blue" : "gray"}>{t(`hardware.kinds.${parcel.kind}`)}</SoftBadge>
            {parcel.shippedAt && (
              <>
                <SoftBadge color="green">{t("hardware.shippedBadge")}</SoftBadge>
                <Text size="xs" c="dimmed">
                  {format.dateTime(parcel.shippedAt)}
                </Text>
              </>
            )}
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <div>
            <Text size="xs" c="dimmed" fw={600}>
              {t("hardware.address")}
            </Text>
            {address ? (
              <Text size="sm" component="address" fs="normal">
                {address.name ? (
                  <>
                    {parcel.companyName}, {address.name}
                    <br />
                  </>
                ) : null}
                {address.street} {address.building}
                <br />
                {address.postcode} {address.city}
                {address.country !== "DE" && (
                  <>
                    <br />
                    {format.country(address.country)}
                  </>
                )}
              </Text>
            ) : (
              <Text size="sm" c="red.9">
                {t("hardware.noAddress")}
              </Text>
            )}
          </div>
          <div>
            <Text size="xs" c="dimmed" fw={600}>
              {t("hardware.items")}
            </Text>
            {parcel.lines.map((line) => (
              <Text key={line.id} size="sm">
                {t("hardware.line", {
                  count: line.quantity,
                  item: t(kit ? `hardware.kitItemNames.${line.item}` : `hardware.itemNames.${line.item}`),
                })}
              </Text>
            ))}
          </div>
        </SimpleGrid>
        {!parcel.shippedAt && (
          <Group justify="flex-end" mt="auto">
            <Button
              variant="default"
              leftSection={<Icon name="truck" size={18} />}
              loading={ship.isPending}
              onClick={markShipped}
              aria-label={t("hardware.shipLabel", { name: parcel.companyName, date: ordered })}
              w={{ base: "100%", xs: "auto" }}
            >
              {t("hardware.ship")}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
