import { Alert, Button, Divider, Group, Modal, NumberInput, Select, Stack, Tabs, Text } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import {
  formatMoney,
  HARDWARE_DELIVERY_WEEKS,
  HARDWARE_ITEMS,
  HARDWARE_ORDER_MAX_QUANTITY,
  HARDWARE_PRICES_CENTS,
  type HardwareItem,
  hardwareOrderSchema,
  hardwareOrderTotals,
} from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/client.ts";
import { useLocale } from "../i18n/locale.ts";
import { formatDay } from "../lib/formats.ts";
import { firstMessages, zodValidate } from "../lib/zod-form.ts";
import { Icon } from "../ui/icons.tsx";
import { notify } from "../ui/notify.ts";
import { HardwareHistoryList } from "./hardware-history-list.tsx";
import { useHardwareDestinations, useOrderHardware } from "./order-hardware.ts";

type Quantities = Record<HardwareItem, number | string>;
const EMPTY: Quantities = { chipCard: 0, stand: 0, sticker: 0 };
/** Chip cards and stands are sent with shipping included (spec section 9); stickers go with them. */
const SHIPPING_INCLUDED: ReadonlySet<HardwareItem> = new Set(["chipCard", "stand"]);

const asNumber = (value: number | string) => (value === "" ? 0 : Number(value));

/** The header's shop action: a button that opens the hardware dialog (order and order history). */
export function HardwareShopButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="light"
        size="xs"
        px={{ base: 5, sm: "sm" }}
        onClick={open}
        aria-label={t("shop.open")}
        title={t("shop.openLabel")}
        data-testid="shop-open"
      >
        <Group gap={6} wrap="nowrap">
          <Icon name="box" size={16} />
          <Text span size="xs" fw={600} visibleFrom="sm">
            {t("shop.open")}
          </Text>
        </Group>
      </Button>
      {opened && <HardwareShopModal onClose={close} />}
    </>
  );
}

type ShopTab = "order" | "history";

function HardwareShopModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery("(max-width: 48em)") ?? false;
  const [tab, setTab] = useState<ShopTab>("order");
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("shop.title")}
      centered
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("shop.close") }}
    >
      <Tabs
        value={tab}
        onChange={(value) => setTab(value === "history" ? "history" : "order")}
        keepMounted={false}
      >
        <Tabs.List mb="md" grow={phone}>
          <Tabs.Tab value="order">{t("shop.tabs.order")}</Tabs.Tab>
          <Tabs.Tab value="history">{t("shop.tabs.history")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="order">
          <HardwareOrderForm onClose={onClose} onOrdered={() => setTab("history")} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HardwareHistoryList />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}

function HardwareOrderForm({ onClose, onOrdered }: { onClose: () => void; onOrdered: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const order = useOrderHardware();
  const destinations = useHardwareDestinations();
  const [quantities, setQuantities] = useState<Quantities>(EMPTY);
  const [chosen, setChosen] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const money = (cents: number) => formatMoney(cents, locale);
  // The first location until the partner picks another (the API sends the first first).
  const locationId = chosen ?? (destinations.data?.[0] ? String(destinations.data[0].id) : null);
  const addressOf = (id: string | null) => destinations.data?.find((d) => String(d.id) === id)?.address ?? "";
  const chosenAddress = addressOf(locationId);

  const items = Object.fromEntries(HARDWARE_ITEMS.map((i) => [i, asNumber(quantities[i])])) as Record<
    HardwareItem,
    number
  >;
  const valid = HARDWARE_ITEMS.every((i) => Number.isInteger(items[i]) && items[i] >= 0);
  const totals = hardwareOrderTotals(valid ? items : {});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = { items, ...(locationId ? { location_id: Number(locationId) } : {}) };
    const local = zodValidate(hardwareOrderSchema, locale)(input);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      const receipt = await order.mutateAsync(input);
      notify(
        "green",
        t("shop.ordered", {
          gross: money(receipt.gross_cents),
          date: formatDay(receipt.expected_delivery_by, locale),
        }),
      );
      setQuantities(EMPTY);
      onOrdered();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
        setErrors(firstMessages(error.fieldErrors));
      else setErrors({ _: error instanceof Error ? error.message : String(error) });
    }
  };

  const general = errors.items ?? errors._;
  return (
    <form noValidate onSubmit={submit} data-testid="shop-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("shop.intro")}
        </Text>
        <Select
          label={t("shop.location")}
          description={chosenAddress ? t("shop.shipsTo", { address: chosenAddress }) : t("shop.locationHint")}
          data={(destinations.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
          // Two locations may share a name: the list shows each one's address too.
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              <Text size="xs" c="dimmed">
                {addressOf(option.value)}
              </Text>
            </Stack>
          )}
          value={locationId}
          onChange={(value) => {
            setErrors({});
            setChosen(value);
          }}
          allowDeselect={false}
          searchable={(destinations.data?.length ?? 0) > 8}
          nothingFoundMessage={t("shop.noLocation")}
          error={errors.location_id}
          disabled={destinations.isPending}
          comboboxProps={{ withinPortal: true }}
          data-testid="shop-location"
        />
        {HARDWARE_ITEMS.map((item) => (
          <Group key={item} justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600}>{t(`shop.items.${item}`)}</Text>
              <Text size="sm" c="dimmed">
                {t("shop.unitPrice", { price: money(HARDWARE_PRICES_CENTS[item]) })}
                {SHIPPING_INCLUDED.has(item) && `, ${t("shop.shippingIncluded")}`}
              </Text>
            </Stack>
            <NumberInput
              aria-label={t("shop.quantity", { item: t(`shop.items.${item}`) })}
              value={quantities[item]}
              onChange={(value) => {
                setErrors({});
                setQuantities((q) => ({ ...q, [item]: value }));
              }}
              min={0}
              max={HARDWARE_ORDER_MAX_QUANTITY}
              clampBehavior="strict"
              allowDecimal={false}
              allowNegative={false}
              error={errors[`items.${item}`]}
              w={96}
              style={{ flex: "none" }}
              data-testid={`shop-quantity-${item}`}
            />
          </Group>
        ))}
        <Divider />
        <Stack gap={4} data-testid="shop-totals">
          <Group justify="space-between">
            <Text size="sm">{t("shop.net")}</Text>
            <Text size="sm">{money(totals.netCents)}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">{t("shop.vat", { rate: totals.vatRatePercent })}</Text>
            <Text size="sm">{money(totals.vatCents)}</Text>
          </Group>
          <Group justify="space-between">
            <Text fw={700}>{t("shop.gross")}</Text>
            <Text fw={700} data-testid="shop-gross">
              {money(totals.grossCents)}
            </Text>
          </Group>
        </Stack>
        <Text size="sm" c="dark.6">
          {t("shop.note", { weeks: HARDWARE_DELIVERY_WEEKS })}
        </Text>
        {general && (
          <Alert color="red" variant="light" role="alert">
            {general}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("shop.cancel")}
          </Button>
          <Button type="submit" loading={order.isPending}>
            {t("shop.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
