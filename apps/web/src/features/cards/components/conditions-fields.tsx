import {
  ActionIcon,
  Button,
  Chip,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { CARD_CONDITIONS, type ConditionScope, type Locale, WEEKDAYS, type Weekday } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { TimeField } from "../../../shared/ui/time-field.tsx";
import type { CardValues } from "./card-values.ts";

const moneyFormat = (locale: Locale) =>
  locale === "de"
    ? { decimalSeparator: ",", thousandSeparator: ".", suffix: " €" }
    : { decimalSeparator: ".", thousandSeparator: ",", prefix: "€" };

/** Both first: the common case, and the default of a new limit. */
const SCOPE_ORDER: ConditionScope[] = ["both", "collect", "redeem"];

/** A new window starts on weekdays in the morning: the most common limit ("Mo–Fr bis 12 Uhr"). */
const NEW_WINDOW = { days: ["mon", "tue", "wed", "thu", "fri"] as Weekday[], from: "08:00", to: "12:00" };

/**
 * Excluded product groups, time limits, minimum spend and a note (docs/product.md, "Bonus card
 * conditions"); the form's fields as the partner edits them.
 */
export function ConditionsFields({ form }: { form: UseFormReturnType<CardValues> }) {
  const { t } = useTranslation("cards");
  const locale = useLocale();
  const values = form.getValues();

  return (
    <Stack gap="lg">
      <TagsInput
        label={t("conditions.excluded")}
        description={t("conditions.excludedHint", {
          max: CARD_CONDITIONS.maxExcludedProducts,
          chars: CARD_CONDITIONS.excludedProductMaxChars,
        })}
        placeholder={values.excluded_products.length === 0 ? t("conditions.excludedPlaceholder") : undefined}
        maxTags={CARD_CONDITIONS.maxExcludedProducts}
        maxLength={CARD_CONDITIONS.excludedProductMaxChars}
        splitChars={[",", ";"]}
        clearable
        {...form.getInputProps("excluded_products")}
      />

      <Stack gap="sm">
        <Switch
          label={t("conditions.limitTimes")}
          description={t("conditions.limitTimesHint")}
          {...form.getInputProps("limit_times", { type: "checkbox" })}
        />
        {values.limit_times && (
          <Stack gap="sm" pl={{ base: 0, xs: "xl" }} data-testid="time-limits">
            <div>
              <Text size="sm" fw={500} mb={6} id="applies-to">
                {t("conditions.appliesTo")}
              </Text>
              <SegmentedControl
                aria-labelledby="applies-to"
                orientation="horizontal"
                fullWidth
                size="sm"
                data={SCOPE_ORDER.map((scope) => ({
                  value: scope,
                  label: t(`conditions.scopes.${scope}`),
                }))}
                {...form.getInputProps("applies_to")}
              />
            </div>
            {values.windows.map((window, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: windows have no identity beyond their position
              <Paper key={index} withBorder radius="md" p="sm" data-testid="time-window">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Chip.Group
                      multiple
                      value={window.days}
                      onChange={(days) =>
                        form.setFieldValue(
                          `windows.${index}.days`,
                          WEEKDAYS.filter((d) => days.includes(d)),
                        )
                      }
                    >
                      <Group gap={6} role="group" aria-label={t("conditions.days", { n: index + 1 })}>
                        {WEEKDAYS.map((day) => (
                          <Chip key={day} value={day} size="xs" variant="outline">
                            {t(`conditions.weekdays.${day}`)}
                          </Chip>
                        ))}
                      </Group>
                    </Chip.Group>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t("conditions.removeWindow", { n: index + 1 })}
                      onClick={() => form.removeListItem("windows", index)}
                      disabled={values.windows.length === 1}
                    >
                      <Icon name="trash" size={16} />
                    </ActionIcon>
                  </Group>
                  {form.errors[`windows.${index}.days`] && (
                    <Text size="xs" c="red.8" role="alert">
                      {form.errors[`windows.${index}.days`]}
                    </Text>
                  )}
                  <TimeRange form={form} index={index} />
                </Stack>
              </Paper>
            ))}
            {form.errors.windows && (
              <Text size="xs" c="red.8" role="alert">
                {form.errors.windows}
              </Text>
            )}
            {values.windows.length < CARD_CONDITIONS.maxTimeWindows && (
              <Button
                variant="subtle"
                size="compact-sm"
                w="fit-content"
                onClick={() => form.insertListItem("windows", { ...NEW_WINDOW, days: [...NEW_WINDOW.days] })}
              >
                {t("conditions.addWindow")}
              </Button>
            )}
          </Stack>
        )}
      </Stack>

      <NumberInput
        label={t("conditions.minimumSpend")}
        description={t("conditions.minimumSpendHint")}
        min={0}
        max={CARD_CONDITIONS.maxMinimumSpendCents / 100}
        decimalScale={2}
        fixedDecimalScale
        allowNegative={false}
        hideControls
        inputMode="decimal"
        // Only the box is narrow; the hint above it uses the full width.
        styles={{ input: { maxWidth: 220 } }}
        {...moneyFormat(locale)}
        {...form.getInputProps("minimum_spend")}
      />

      <TextInput
        label={t("conditions.note")}
        description={t("conditions.noteHint")}
        placeholder={t("conditions.notePlaceholder")}
        maxLength={CARD_CONDITIONS.noteMaxChars}
        {...form.getInputProps("note")}
      />
    </Stack>
  );
}

/** A window's start and end, typed as 24-hour HH:MM; their message below the pair. */
function TimeRange({ form, index }: { form: UseFormReturnType<CardValues>; index: number }) {
  const { t } = useTranslation("cards");
  const from = form.getInputProps(`windows.${index}.from`);
  const to = form.getInputProps(`windows.${index}.to`);
  const error = (from.error ?? to.error) as React.ReactNode;
  const errorId = `window-${index}-time-error`;
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap" align="center">
        <TimeField
          aria-label={t("conditions.from", { n: index + 1 })}
          value={from.value as string}
          onChange={(value) => from.onChange(value)}
          invalid={Boolean(from.error)}
          describedBy={error ? errorId : undefined}
        />
        <Text aria-hidden>–</Text>
        <TimeField
          aria-label={t("conditions.to", { n: index + 1 })}
          value={to.value as string}
          onChange={(value) => to.onChange(value)}
          invalid={Boolean(to.error)}
          describedBy={error ? errorId : undefined}
        />
      </Group>
      {error && (
        <Text size="xs" c="red.8" id={errorId}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
