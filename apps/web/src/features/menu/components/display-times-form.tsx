import { ActionIcon, Alert, Button, Chip, Group, Modal, Stack, Text } from "@mantine/core";
import { MENU, type MenuItemView, WEEKDAYS, type Weekday } from "@stempla/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { TimeField } from "../../../shared/ui/time-field.tsx";
import { useSetDisplayTimes } from "../api/menu-calls.ts";

interface Window {
  /** The form's own key for the window (windows have no id of their own). */
  key: number;
  days: Weekday[];
  from: string;
  to: string;
}

let nextKey = 0;
const newWindow = (): Window => ({
  key: ++nextKey,
  days: ["mon", "tue", "wed", "thu", "fri"],
  from: "11:00",
  to: "15:00",
});

/**
 * When an item shows: always, or in 1 to MENU.maxDisplayWindows weekly windows in the location's
 * time zone (a window whose end is before its start runs past midnight; decision 009, section 3).
 */
export function DisplayTimesForm({
  shopId,
  item,
  onClose,
}: {
  shopId: number;
  item: MenuItemView;
  onClose: () => void;
}) {
  const { t } = useTranslation("menu");
  const save = useSetDisplayTimes(shopId);
  const [windows, setWindows] = useState<Window[]>(
    item.display_times?.windows.map((w) => ({ ...w, key: ++nextKey, days: [...w.days] })) ?? [newWindow()],
  );
  const [errors, setErrors] = useState<string[]>([]);

  const change = (index: number, patch: Partial<Window>) =>
    setWindows((all) => all.map((w, i) => (i === index ? { ...w, ...patch } : w)));

  const send = (times: { windows: Omit<Window, "key">[] } | null) => {
    setErrors([]);
    save.mutate(
      { id: item.id, times },
      {
        onSuccess: onClose,
        onError: (e) => {
          const fields = "fieldErrors" in e ? (e.fieldErrors as Record<string, string[]>) : {};
          const messages = [...new Set(Object.values(fields).flat())];
          setErrors(messages.length > 0 ? messages : [e.message]);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ windows: windows.map(({ key: _, ...w }) => w) });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t("times.title")}
      closeButtonProps={{ "aria-label": t("close") }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t("times.hint")}
          </Text>
          {windows.map((w, index) => (
            <Stack
              key={w.key}
              gap="xs"
              p="sm"
              bd="1px solid var(--mantine-color-gray-3)"
              style={{ borderRadius: 12 }}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {t("times.window", { number: index + 1 })}
                </Text>
                {windows.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("times.removeWindow", { number: index + 1 })}
                    onClick={() => setWindows((all) => all.filter((_, i) => i !== index))}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
              <Chip.Group
                multiple
                value={w.days}
                onChange={(days) => change(index, { days: WEEKDAYS.filter((d) => days.includes(d)) })}
              >
                <Group gap={6} role="group" aria-label={t("times.days", { number: index + 1 })}>
                  {WEEKDAYS.map((day) => (
                    <Chip key={day} value={day} size="sm">
                      {t(`weekdays.${day}`)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              <Group gap="xs" align="center">
                <TimeField
                  aria-label={t("times.from", { number: index + 1 })}
                  value={w.from}
                  onChange={(from) => change(index, { from })}
                />
                <Text aria-hidden>–</Text>
                <TimeField
                  aria-label={t("times.to", { number: index + 1 })}
                  value={w.to}
                  onChange={(to) => change(index, { to })}
                />
              </Group>
            </Stack>
          ))}
          {windows.length < MENU.maxDisplayWindows && (
            <Button variant="light" onClick={() => setWindows((all) => [...all, newWindow()])}>
              {t("times.addWindow")}
            </Button>
          )}
          {errors.length > 0 && (
            <Alert color="red" role="alert">
              {errors.join(" ")}
            </Alert>
          )}
          <Group justify="space-between">
            {item.display_times ? (
              <Button variant="subtle" onClick={() => send(null)} loading={save.isPending}>
                {t("times.always")}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t("cancel")}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t("save")}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
