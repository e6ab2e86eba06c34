import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Text } from "@mantine/core";
import type { MenuItemView } from "@stempla/domain";
import { useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { useDeleteItem, useMoveItem, useSetItemHidden } from "../api/menu-calls.ts";
import { ClicksMonthContext } from "./clicks-month.tsx";
import { itemTitle } from "./item-title.ts";

/**
 * One item of the list: its kind, title, state and the chosen month's clicks, and what can be done
 * with it. Large targets in one wrapping row, so the phone (the owner between lunch and dinner) fits.
 */
export function ItemRow({
  shopId,
  item,
  first,
  last,
  clicks,
  clicksMonth,
  onEdit,
  onTimes,
}: {
  shopId: number;
  item: MenuItemView;
  first: boolean;
  last: boolean;
  clicks: number | undefined;
  /** The month the clicks are of ("November 2026"); else the page's (ClicksMonthContext). */
  clicksMonth?: string;
  onEdit: () => void;
  onTimes: () => void;
}) {
  const { t } = useTranslation("menu");
  const locale = useLocale();
  const move = useMoveItem(shopId);
  const hide = useSetItemHidden(shopId);
  const remove = useDeleteItem(shopId);
  const [deleting, setDeleting] = useState(false);
  const pageMonth = useContext(ClicksMonthContext);
  const month = clicksMonth ?? pageMonth;
  const title = itemTitle(item, locale) || t(`kinds.${item.kind}`);
  const section = item.kind === "section";

  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="menu-item"
      bg={section ? "var(--mantine-color-gray-0)" : undefined}
      style={item.hidden ? { borderStyle: "dashed" } : undefined}
    >
      <Stack gap={6}>
        <Group gap={6} wrap="wrap">
          <Badge variant="light" color={section ? "dark" : "blue"} size="sm">
            {t(`kinds.${item.kind}`)}
          </Badge>
          {item.hidden && (
            <Badge variant="light" color="gray" size="sm">
              {t("state.hidden")}
            </Badge>
          )}
          {item.display_times && (
            <Badge variant="light" color="indigo" size="sm">
              {t("state.scheduled")}
            </Badge>
          )}
          <Text size="xs" c="dimmed" ms="auto">
            {month
              ? t("clicksMonth.count", { count: clicks ?? 0, month })
              : t("clicks", { count: clicks ?? 0 })}
          </Text>
        </Group>
        <Text fw={section ? 700 : 500} data-testid="menu-item-title" style={{ overflowWrap: "anywhere" }}>
          {title}
        </Text>
        <Group gap={6} wrap="wrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t("actions.up", { title })}
            disabled={first || move.isPending}
            onClick={() => move.mutate({ id: item.id, direction: "up" })}
          >
            ↑
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t("actions.down", { title })}
            disabled={last || move.isPending}
            onClick={() => move.mutate({ id: item.id, direction: "down" })}
          >
            ↓
          </ActionIcon>
          <Button
            variant="default"
            size="compact-md"
            onClick={onEdit}
            aria-label={t("actions.editOf", { title })}
          >
            {t("actions.edit")}
          </Button>
          <Button
            variant="default"
            size="compact-md"
            onClick={onTimes}
            aria-label={t("actions.timesOf", { title })}
          >
            {t("actions.times")}
          </Button>
          <Button
            variant="default"
            size="compact-md"
            loading={hide.isPending}
            aria-label={t(item.hidden ? "actions.showOf" : "actions.hideOf", { title })}
            onClick={() => hide.mutate({ id: item.id, hidden: !item.hidden })}
          >
            {t(item.hidden ? "actions.show" : "actions.hide")}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="compact-md"
            aria-label={t("actions.deleteOf", { title })}
            onClick={() => setDeleting(true)}
          >
            {t("actions.delete")}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t("delete.title")}
        closeButtonProps={{ "aria-label": t("close") }}
      >
        <Stack>
          <Text>{t("delete.text", { title })}</Text>
          {remove.isError && <Text c="red">{remove.error.message}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              {t("cancel")}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(item.id, { onSuccess: () => setDeleting(false) })}
            >
              {t("delete.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
