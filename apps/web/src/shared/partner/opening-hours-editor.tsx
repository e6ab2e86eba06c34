import { ActionIcon, Button, Group, Menu, Stack, Switch, Text } from "@mantine/core";
import { translate, WEEKDAYS, type Weekday, type WorkingHours } from "@stempla/domain";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../i18n/locale.ts";
import { isTimeOfDay } from "../lib/time-of-day.ts";
import { TimeField } from "../ui/time-field.tsx";
import { copyHours, HOURS_COPY_TARGETS, type HoursCopyTarget } from "./opening-hours.ts";

/**
 * Opening hours per weekday: a day is open with one or more ranges, or closed. A day's times can
 * be copied to Monday–Friday or to every day, so a café types its hours once. Times are typed as
 * HH:MM in 24-hour form (TimeField). Errors come keyed like the API's ("working_hours.mon.0.to").
 * Used by the location form and the set-up wizard; its texts are in the locations namespace.
 */
export function OpeningHoursEditor({
  value,
  onChange,
  errors,
}: {
  value: WorkingHours;
  onChange: (hours: WorkingHours) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation("locations");
  const locale = useLocale();
  const ids = useId();
  // Fields left with text that is no time: their message shows at once, not only on saving.
  const [left, setLeft] = useState<Record<string, boolean>>({});
  const [copied, setCopied] = useState<string>();
  const setDay = (day: Weekday, ranges: WorkingHours[Weekday]) => {
    setCopied(undefined);
    onChange({ ...value, [day]: ranges });
  };
  const copy = (day: Weekday, target: HoursCopyTarget) => {
    onChange(copyHours(value, day, target));
    setCopied(t(`hours.copied.${target}`, { day: t(`days.${day}`) }));
  };
  const message = (key: string, time: string) =>
    errors[key] ??
    (left[key] && time !== "" && !isTimeOfDay(time) ? translate("hours.format", locale) : undefined);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("hours.copyHint")}
      </Text>
      {WEEKDAYS.map((day) => {
        const ranges = value[day];
        const open = ranges.length > 0;
        const dayError = errors[`working_hours.${day}`];
        const dayName = t(`days.${day}`);
        return (
          <Group
            key={day}
            align="flex-start"
            gap="md"
            wrap="wrap"
            py={4}
            style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}
          >
            <Switch
              w={150}
              mt={6}
              checked={open}
              label={dayName}
              onChange={(e) => setDay(day, e.currentTarget.checked ? [{ from: "09:00", to: "18:00" }] : [])}
            />
            <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
              {!open && (
                <Text size="sm" c="dimmed" py={6}>
                  {t("hours.closed")}
                </Text>
              )}
              {ranges.map((range, index) => {
                const fromKey = `working_hours.${day}.${index}.from`;
                const toKey = `working_hours.${day}.${index}.to`;
                const fromError = message(fromKey, range.from);
                const toError = message(toKey, range.to);
                const rangeError = fromError ?? toError;
                const errorId = `${ids}-${day}-${index}-error`;
                const field = (key: string, part: "from" | "to", error: string | undefined) => (
                  <TimeField
                    aria-label={t(`hours.${part}`, { day: dayName, n: index + 1 })}
                    value={range[part]}
                    invalid={Boolean(error)}
                    describedBy={rangeError ? errorId : undefined}
                    onChange={(time) => {
                      setLeft((l) => ({ ...l, [key]: false }));
                      setDay(
                        day,
                        ranges.map((r, i) => (i === index ? { ...r, [part]: time } : r)),
                      );
                    }}
                    onLeave={() => setLeft((l) => ({ ...l, [key]: true }))}
                  />
                );
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity beyond their position
                  <Stack key={index} gap={2}>
                    <Group gap="xs" wrap="nowrap" align="center">
                      {field(fromKey, "from", fromError)}
                      <Text aria-hidden>–</Text>
                      {field(toKey, "to", toError)}
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t("hours.remove", { day: dayName, n: index + 1 })}
                        onClick={() =>
                          setDay(
                            day,
                            ranges.filter((_, i) => i !== index),
                          )
                        }
                      >
                        ✕
                      </ActionIcon>
                    </Group>
                    {rangeError && (
                      <Text size="xs" c="red.8" id={errorId}>
                        {rangeError}
                      </Text>
                    )}
                  </Stack>
                );
              })}
              {open && (
                <Group gap="xs">
                  {ranges.length < 4 && (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() =>
                        setDay(day, [...ranges, { from: ranges.at(-1)?.to ?? "09:00", to: "22:00" }])
                      }
                    >
                      {t("hours.add")}
                    </Button>
                  )}
                  <Menu position="bottom-start" withinPortal>
                    <Menu.Target>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        aria-label={t("hours.copy", { day: dayName })}
                      >
                        {t("hours.copyShort")}
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {HOURS_COPY_TARGETS.map((target) => (
                        <Menu.Item key={target} onClick={() => copy(day, target)}>
                          {t(`hours.copyTo.${target}`)}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              )}
              {dayError && (
                <Text size="xs" c="red.8" role="alert">
                  {dayError}
                </Text>
              )}
            </Stack>
          </Group>
        );
      })}
      <Text size="sm" c="green.9" role="status" aria-live="polite">
        {copied}
      </Text>
      <Text size="xs" c="dimmed">
        {t("hours.midnightHint")}
      </Text>
    </Stack>
  );
}
