import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { type LocationPin, type LocationView, locationPinSchema } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { firstMessages, zodValidate } from "../../../shared/lib/zod-form.ts";
import { useUpdatePin } from "../api/location-calls.ts";
import { PIN_FORM_ANCHOR } from "./pin-lock-alert.tsx";

/** The staff PIN and the fraud rule: N collections per customer within H hours, more need the PIN. */
export function PinForm({ location }: { location: LocationView }) {
  const { t } = useTranslation("locations");
  const locale = useLocale();
  const save = useUpdatePin(location.id);
  const form = useForm<LocationPin>({
    mode: "controlled",
    initialValues: {
      pin: location.pin,
      limit_count: location.limit_count,
      limit_hours: location.limit_hours,
    },
    validate: zodValidate(locationPinSchema, locale),
  });
  const { limit_count, limit_hours } = form.getValues();

  return (
    <Card withBorder radius="lg" padding="lg" id={PIN_FORM_ANCHOR} style={{ scrollMarginTop: 80 }}>
      <Title order={2} fz="lg">
        {t("pin.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t("pin.intro")}
      </Text>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          save.mutate(values, {
            onError: (error) => {
              if (error instanceof ApiError) form.setErrors(firstMessages(error.fieldErrors));
            },
          }),
        )}
      >
        <Stack>
          {save.isSuccess && (
            <Alert color="green" variant="light" role="status">
              {save.data.pin_locked_until ? t("pin.savedStillLocked") : t("pin.saved")}
            </Alert>
          )}
          <PasswordInput
            label={t("pin.pin")}
            description={t("pin.pinHint")}
            inputMode="numeric"
            maxLength={4}
            w={{ base: "100%", sm: 200 }}
            {...form.getInputProps("pin")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t("pin.count")}
              min={1}
              max={50}
              allowDecimal={false}
              {...form.getInputProps("limit_count")}
            />
            <NumberInput
              label={t("pin.hours")}
              min={1}
              max={168}
              allowDecimal={false}
              {...form.getInputProps("limit_hours")}
            />
          </SimpleGrid>
          <Text size="sm" data-testid="pin-rule">
            {t("pin.rule", { count: Number(limit_count) || 0, hours: Number(limit_hours) || 0 })}
          </Text>
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t("pin.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
