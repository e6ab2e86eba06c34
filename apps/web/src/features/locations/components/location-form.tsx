import { Alert, Button, Card, Grid, Group, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  emptyWorkingHours,
  formatPhone,
  type LocationInput,
  type LocationView,
  locationSchema,
  type WorkingHours,
} from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { firstMessages, zodValidate } from "../../../shared/lib/zod-form.ts";
import { OpeningHoursEditor } from "../../../shared/partner/opening-hours-editor.tsx";
import { type Pin, PositionPicker } from "../../../shared/partner/position-picker.tsx";
import { PhoneInput } from "../../../shared/ui/phone-input.tsx";

interface Values {
  name: string;
  street: string;
  building: string;
  postcode: string;
  city: string;
  country: string;
  phone_number: string;
  is_closed: boolean;
  working_hours: WorkingHours;
  /** The pin the partner placed in this form; null: the server keeps or derives the position. */
  pin: Pin | null;
}

const fromLocation = (l?: LocationView): Values => ({
  name: l?.name ?? "",
  street: l?.street ?? "",
  building: l?.building ?? "",
  postcode: l?.postcode ?? "",
  city: l?.city ?? "",
  country: l?.country ?? "DE",
  phone_number: l?.phone_number ? formatPhone(l.phone_number) : "",
  is_closed: l?.is_closed ?? false,
  working_hours: { ...emptyWorkingHours(), ...(l?.working_hours as WorkingHours | undefined) },
  pin: null,
});

const ADDRESS_FIELDS = ["street", "building", "postcode", "city", "country"] as const;

/** Name, address, phone, opening hours and the temporary closure of a location. */
export function LocationForm({
  location,
  submitLabel,
  onSubmit,
  pending,
  withHours = true,
}: {
  location?: LocationView;
  submitLabel: string;
  onSubmit: (input: LocationInput, fail: (error: unknown) => void) => void;
  pending: boolean;
  withHours?: boolean;
}) {
  const { t } = useTranslation("locations");
  const locale = useLocale();
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: fromLocation(location),
    validate: zodValidate(locationSchema, locale),
  });
  const values = form.getValues();
  const errors = Object.fromEntries(Object.entries(form.errors).map(([k, v]) => [k, String(v)]));
  const general = Object.keys(errors).some((k) => k.startsWith("working_hours"))
    ? t("hours.checkErrors")
    : undefined;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ pin, ...values }) =>
        onSubmit(
          { ...values, country: values.country as LocationInput["country"], ...(pin ?? {}) },
          (error) => {
            if (error instanceof ApiError) form.setErrors(firstMessages(error.fieldErrors));
          },
        ),
      )}
    >
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg" mb="md">
            {t("form.details")}
          </Title>
          <Stack>
            <TextInput
              label={t("form.name")}
              description={t("form.nameHint")}
              withAsterisk
              {...form.getInputProps("name")}
            />
            <Grid gap="md">
              <Grid.Col span={8}>
                <TextInput label={t("form.street")} withAsterisk {...form.getInputProps("street")} />
              </Grid.Col>
              <Grid.Col span={4}>
                <TextInput label={t("form.building")} withAsterisk {...form.getInputProps("building")} />
              </Grid.Col>
              <Grid.Col span={{ base: 5, sm: 4 }}>
                <TextInput label={t("form.postcode")} withAsterisk {...form.getInputProps("postcode")} />
              </Grid.Col>
              <Grid.Col span={{ base: 7, sm: 8 }}>
                <TextInput label={t("form.city")} withAsterisk {...form.getInputProps("city")} />
              </Grid.Col>
            </Grid>
            <PhoneInput label={t("form.phone")} {...form.getInputProps("phone_number")} />
            {location && (
              <Switch
                label={t("form.closed")}
                description={t("form.closedHint")}
                {...form.getInputProps("is_closed", { type: "checkbox" })}
              />
            )}
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg" mb={4}>
            {t("map.title")}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t("map.intro")}
          </Text>
          <PositionPicker
            address={values}
            stored={
              location?.latitude != null && location.longitude != null
                ? { latitude: location.latitude, longitude: location.longitude }
                : null
            }
            addressChanged={!location || ADDRESS_FIELDS.some((f) => values[f].trim() !== location[f])}
            pin={values.pin}
            onPinChange={(pin) => form.setFieldValue("pin", pin)}
            errors={{ latitude: errors.latitude, longitude: errors.longitude }}
          />
        </Card>
        {withHours && (
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} fz="lg" mb="md">
              {t("hours.title")}
            </Title>
            <OpeningHoursEditor
              value={form.getValues().working_hours}
              onChange={(hours) => form.setFieldValue("working_hours", hours)}
              errors={errors}
            />
          </Card>
        )}
        {general && (
          <Alert color="red" variant="light" role="alert">
            {general}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
