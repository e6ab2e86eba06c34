import { Alert, Button, Grid, Group, NativeSelect, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  BILLING_COUNTRIES,
  companyEditSchemas,
  emptyWorkingHours,
  formatPhone,
  type LocationInput,
  type LocationView,
  locationSchema,
  translate,
  type WorkingHours,
} from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ApiError } from "../../../../../shared/api/client.ts";
import { useLocale } from "../../../../../shared/i18n/locale.ts";
import { formatsFor } from "../../../../../shared/lib/formats.ts";
import { firstMessages, zodValidate } from "../../../../../shared/lib/zod-form.ts";
import { NewLocationNotes } from "../../../../../shared/partner/new-location-notes.tsx";
import { OpeningHoursEditor } from "../../../../../shared/partner/opening-hours-editor.tsx";
import { type Pin, PositionPicker } from "../../../../../shared/partner/position-picker.tsx";
import { PhoneInput } from "../../../../../shared/ui/phone-input.tsx";
import { useSaveWizardLocation, useWizardLocation } from "../../../api/setup-calls.ts";
import { StepActions } from "../step-actions.tsx";
import type { StepProps } from "../wizard-context.ts";

const nameSchema = z.object({ name: locationSchema.shape.name });

export function LocationNameStep({ setup, next, back, moving }: StepProps) {
  const { t } = useTranslation("setup");
  const locale = useLocale();
  const location = useWizardLocation(setup.location_id);
  const form = useForm({
    mode: "controlled",
    initialValues: { name: setup.draft.name ?? location.data?.name ?? "" },
    validate: zodValidate(nameSchema, locale),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ name }) => next({ draft: { ...setup.draft, name: name.trim() } }))}
    >
      <TextInput
        label={t("steps.locationName.label")}
        description={t("steps.locationName.hint")}
        placeholder={t("steps.locationName.placeholder")}
        withAsterisk
        data-autofocus
        {...form.getInputProps("name")}
      />
      <StepActions back={back} loading={moving} />
    </form>
  );
}

/** The pin kept in the wizard's draft (text, as the draft stores it); null when none was placed. */
const draftPin = (draft: StepProps["setup"]["draft"]): Pin | null => {
  const latitude = Number(draft.latitude);
  const longitude = Number(draft.longitude);
  return draft.latitude && draft.longitude && Number.isFinite(latitude) && Number.isFinite(longitude)
    ? { latitude, longitude }
    : null;
};

const ADDRESS_FIELDS = ["street", "building", "postcode", "city", "country"] as const;

export function AddressStep({ setup, company, next, back, moving }: StepProps) {
  const { t } = useTranslation("setup");
  const { t: tl } = useTranslation("locations");
  const locale = useLocale();
  const billing = company.address;
  const saved = useWizardLocation(setup.location_id).data;
  const [pin, setPin] = useState<Pin | null>(draftPin(setup.draft));
  const form = useForm({
    mode: "controlled",
    initialValues: {
      street: setup.draft.street ?? "",
      building: setup.draft.building ?? "",
      postcode: setup.draft.postcode ?? "",
      city: setup.draft.city ?? "",
      country: setup.draft.country ?? billing?.country ?? "DE",
    },
    validate: zodValidate(companyEditSchemas.address, locale),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((address) => {
        const { latitude: _lat, longitude: _lng, ...draft } = setup.draft;
        next({
          draft: {
            ...draft,
            ...address,
            ...(pin ? { latitude: String(pin.latitude), longitude: String(pin.longitude) } : {}),
          },
        });
      })}
    >
      <Stack>
        {billing && (
          <Button
            variant="light"
            size="sm"
            style={{ alignSelf: "flex-start" }}
            onClick={() => {
              const { street, building, postcode, city, country } = billing;
              form.setValues({ street, building, postcode, city, country });
            }}
          >
            {t("steps.address.useBilling")}
          </Button>
        )}
        <Grid gap="md">
          <Grid.Col span={8}>
            <TextInput
              label={tl("form.street")}
              withAsterisk
              autoComplete="address-line1"
              {...form.getInputProps("street")}
            />
          </Grid.Col>
          <Grid.Col span={4}>
            <TextInput label={tl("form.building")} withAsterisk {...form.getInputProps("building")} />
          </Grid.Col>
          <Grid.Col span={{ base: 5, sm: 4 }}>
            <TextInput
              label={tl("form.postcode")}
              withAsterisk
              autoComplete="postal-code"
              {...form.getInputProps("postcode")}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 7, sm: 8 }}>
            <TextInput
              label={tl("form.city")}
              withAsterisk
              autoComplete="address-level2"
              {...form.getInputProps("city")}
            />
          </Grid.Col>
        </Grid>
        <NativeSelect
          label={t("steps.address.country")}
          data={BILLING_COUNTRIES.map((code) => ({ value: code, label: formatsFor(locale).country(code) }))}
          {...form.getInputProps("country")}
        />
        <div>
          <Text fw={600} size="sm">
            {tl("map.title")}
          </Text>
          <Text size="sm" c="dimmed" mb="xs">
            {tl("map.intro")}
          </Text>
          <PositionPicker
            address={form.getValues()}
            stored={
              saved?.latitude != null && saved.longitude != null
                ? { latitude: saved.latitude, longitude: saved.longitude }
                : null
            }
            addressChanged={!saved || ADDRESS_FIELDS.some((f) => form.getValues()[f].trim() !== saved[f])}
            pin={pin}
            onPinChange={setPin}
          />
        </div>
      </Stack>
      <StepActions back={back} loading={moving} />
    </form>
  );
}

/** The full payload of POST /dashboard/shop/{id}, from the saved location with some fields changed. */
const payloadOf = (location: LocationView | undefined, change: Partial<LocationInput>): LocationInput => ({
  name: location?.name ?? "",
  street: location?.street ?? "",
  building: location?.building ?? "",
  postcode: location?.postcode ?? "",
  city: location?.city ?? "",
  country: (location?.country ?? "DE") as LocationInput["country"],
  phone_number: location?.phone_number ?? "",
  working_hours: { ...emptyWorkingHours(), ...(location?.working_hours as WorkingHours | undefined) },
  is_closed: location?.is_closed ?? false,
  ...change,
});

export function LocationConfirmStep({ setup, next, goTo, back, moving }: StepProps) {
  const { t } = useTranslation("setup");
  const locale = useLocale();
  const location = useWizardLocation(setup.location_id);
  const save = useSaveWizardLocation();
  const { draft } = setup;
  const complete = Boolean(draft.name && draft.street && draft.building && draft.postcode && draft.city);

  const confirm = () =>
    save.mutate(
      {
        id: setup.location_id,
        input: payloadOf(location.data, {
          name: draft.name,
          street: draft.street,
          building: draft.building,
          postcode: draft.postcode,
          city: draft.city,
          country: (draft.country ?? "DE") as LocationInput["country"],
          // The pin from the address step; without one the server keeps or derives the position.
          ...(draftPin(draft) ?? {}),
        }),
      },
      { onSuccess: (saved) => void next({ location_id: saved.id }) },
    );
  const serverErrors = save.error instanceof ApiError ? Object.values(save.error.fieldErrors).flat() : [];

  return (
    <Stack>
      <Paper withBorder radius="md" p="md" bg="gray.0" data-testid="location-summary">
        <Text fw={700}>{draft.name ?? "–"}</Text>
        <Text size="sm">
          {draft.street} {draft.building}
        </Text>
        <Text size="sm">
          {draft.postcode} {draft.city}
          {draft.country && draft.country !== "DE" ? `, ${formatsFor(locale).country(draft.country)}` : ""}
        </Text>
      </Paper>
      {!complete && (
        <Alert color="yellow" variant="light">
          {t("steps.locationConfirm.incomplete")}
        </Alert>
      )}
      <NewLocationNotes />
      {save.isError && (
        <Alert color="red" variant="light" role="alert">
          {serverErrors[0] ?? save.error.message}
        </Alert>
      )}
      <Group justify="space-between" mt="md" gap="sm">
        {back ? (
          <Button variant="subtle" color="gray" onClick={back} disabled={moving || save.isPending}>
            {t("actions.back")}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" onClick={() => goTo("locationName")} disabled={save.isPending}>
            {t("steps.locationConfirm.no")}
          </Button>
          <Button onClick={confirm} loading={save.isPending || moving} disabled={!complete}>
            {t("steps.locationConfirm.yes")}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** Phone and opening hours change the location the wizard created. */
function useLocationUpdate(setup: StepProps["setup"]) {
  const location = useWizardLocation(setup.location_id);
  const save = useSaveWizardLocation();
  const update = (change: Partial<LocationInput>, done: () => void, fail: (error: unknown) => void) =>
    save.mutate(
      { id: setup.location_id, input: payloadOf(location.data, change) },
      { onSuccess: done, onError: fail },
    );
  return { location, save, update };
}

function LocationMissing({ goTo }: Pick<StepProps, "goTo">) {
  const { t } = useTranslation("setup");
  return (
    <Alert color="yellow" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t("steps.locationMissing")}</Text>
        <Button size="xs" onClick={() => goTo("locationConfirm")}>
          {t("steps.locationConfirm.title")}
        </Button>
      </Stack>
    </Alert>
  );
}

export function PhoneStep({ setup, company, next, goTo, back, moving }: StepProps) {
  const { t } = useTranslation("setup");
  const { t: tl } = useTranslation("locations");
  const locale = useLocale();
  const { location, save, update } = useLocationUpdate(setup);
  const [phone, setPhone] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string>();
  if (setup.location_id === null) return <LocationMissing goTo={goTo} />;
  // The first location starts with the number given at registration.
  const stored = location.data?.phone_number ?? (setup.mode === "account" ? company.phone : null);
  const value = phone ?? (stored ? formatPhone(stored) : "");
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = locationSchema.shape.phone_number.safeParse(value);
    if (!parsed.success)
      return setError(translate(parsed.error.issues[0]?.message ?? "phone.invalid", locale));
    update(
      { phone_number: value },
      () => void next(),
      (e) => {
        if (e instanceof ApiError) setError(firstMessages(e.fieldErrors).phone_number ?? e.message);
      },
    );
  };
  return (
    <form noValidate onSubmit={submit}>
      <PhoneInput
        label={tl("form.phone")}
        description={t("steps.phone.hint")}
        value={value}
        error={error}
        onChange={(typed) => {
          setError(undefined);
          setPhone(typed);
        }}
      />
      <StepActions back={back} skip={() => next()} loading={moving || save.isPending} />
    </form>
  );
}

export function OpeningHoursStep({ setup, next, goTo, back, moving }: StepProps) {
  const { t } = useTranslation("setup");
  const { t: tl } = useTranslation("locations");
  const { location, save, update } = useLocationUpdate(setup);
  const [hours, setHours] = useState<WorkingHours>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (setup.location_id === null) return <LocationMissing goTo={goTo} />;
  const value = hours ?? {
    ...emptyWorkingHours(),
    ...(location.data?.working_hours as WorkingHours | undefined),
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = locationSchema.shape.working_hours.safeParse(value);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        found[["working_hours", ...issue.path].join(".")] ??= t("steps.openingHours.invalid");
      }
      return setErrors(found);
    }
    update(
      { working_hours: value },
      () => void next(),
      (e) => {
        if (e instanceof ApiError) setErrors(firstMessages(e.fieldErrors));
      },
    );
  };
  return (
    <form noValidate onSubmit={submit}>
      <OpeningHoursEditor value={value} onChange={setHours} errors={errors} />
      {Object.keys(errors).length > 0 && (
        <Alert color="red" variant="light" role="alert" mt="md">
          {tl("hours.checkErrors")}
        </Alert>
      )}
      <StepActions back={back} skip={() => next()} loading={moving || save.isPending} />
    </form>
  );
}
