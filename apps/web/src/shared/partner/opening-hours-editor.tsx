import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput } from "@mantine/core";
import { WEEKDAYS, type Weekday, type WorkingHours } from "@stempla/domain";
import { useTranslation } from "react-i18next";

/**
 * Opening hours per weekday: a day is open with one or more ranges, or closed. Errors come keyed
 * like the API's ("working_hours.mon.0.to"). Used by the location form and the set-up wizard; its
 * texts are in the locations namespace.
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
  const setDay = (day: Weekday, ranges: WorkingHours[Weekday]) => onChange({ ...value, [day]: ranges });

  return (
    <Stack gap="sm">
      {WEEKDAYS.map((day) => {
        const ranges = value[day];
        const open = ranges.length > 0;
        const dayError = errors[`working_hours.${day}`];
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
              checked={open}
              label={t(`days.${day}`)}
              onChange={(e) => setDay(day, e.currentTarget.checked ? [{ from: "09:00", to: "18:00" }] : [])}
            />
            <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
              {!open && (
                <Text size="sm" c="dimmed" py={4}>
                  {t("hours.closed")}
                </Text>
              )}
              {ranges.map((range, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity beyond their position
                <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                  <TextInput
                    type="time"
                    aria-label={t("hours.from", { day: t(`days.${day}`), n: index + 1 })}
                    value={range.from}
                    error={errors[`working_hours.${day}.${index}.from`]}
                    onChange={(e) =>
                      setDay(
                        day,
                        ranges.map((r, i) => (i === index ? { ...r, from: e.currentTarget.value } : r)),
                      )
                    }
                    w={136}
                  />
                  <Text pt={6}>–</Text>
                  <TextInput
                    type="time"
                    aria-label={t("hours.to", { day: t(`days.${day}`), n: index + 1 })}
                    value={range.to === "24:00" ? "23:59" : range.to}
                    error={errors[`working_hours.${day}.${index}.to`]}
                    onChange={(e) =>
                      setDay(
                        day,
                        ranges.map((r, i) => (i === index ? { ...r, to: e.currentTarget.value } : r)),
                      )
                    }
                    w={136}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={4}
                    aria-label={t("hours.remove", { day: t(`days.${day}`), n: index + 1 })}
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
              ))}
              {open && ranges.length < 4 && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  w="fit-content"
                  onClick={() =>
                    setDay(day, [...ranges, { from: ranges.at(-1)?.to ?? "09:00", to: "22:00" }])
                  }
                >
                  {t("hours.add")}
                </Button>
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
      <Text size="xs" c="dimmed">
        {t("hours.midnightHint")}
      </Text>
    </Stack>
  );
}
