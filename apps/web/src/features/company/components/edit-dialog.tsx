import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { firstMessages, zodValidate } from "../../../shared/lib/zod-form.ts";
import { PhoneInput } from "../../../shared/ui/phone-input.tsx";

export interface DialogField {
  name: string;
  label: string;
  type?: "text" | "tel" | "select";
  options?: { value: string; label: string }[];
  autoComplete?: string;
  required?: boolean;
  span?: "full" | "wide" | "narrow";
}

/**
 * A dialog that edits one field group with the shared schema; the server's messages land on the
 * fields they name.
 */
export function EditDialog({
  opened,
  onClose,
  title,
  note,
  fields,
  initialValues,
  schema,
  onSave,
  extra,
  size,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  note?: ReactNode;
  fields: DialogField[];
  initialValues: Record<string, string>;
  schema: z.ZodType;
  onSave: (values: Record<string, string>) => Promise<unknown>;
  /** More of the group below the fields, seeing the typed values (the address dialog's map). */
  extra?: (values: Record<string, string>) => ReactNode;
  size?: "md" | "lg";
}) {
  const { t } = useTranslation("company");
  const locale = useLocale();
  const form = useForm({ mode: "controlled", initialValues, validate: zodValidate(schema, locale) });
  const submit = form.onSubmit(async (values) => {
    try {
      await onSave(values);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        const messages = firstMessages(error.fieldErrors);
        // A message on a value the dialog has no field for (the map's pin) shows above the buttons.
        const unshown = Object.entries(messages).find(([key]) => !fields.some((f) => f.name === key));
        form.setErrors(unshown ? { ...messages, _: unshown[1] } : messages);
      } else {
        form.setFieldError("_", error instanceof Error ? error.message : t("saveFailed"));
      }
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      closeButtonProps={{ "aria-label": t("close") }}
    >
      <form noValidate onSubmit={submit}>
        <Stack>
          {note && (
            <Text size="sm" c="dark.6">
              {note}
            </Text>
          )}
          {fields.map((field) =>
            field.type === "tel" ? (
              <PhoneInput
                key={field.name}
                label={field.label}
                withAsterisk={field.required}
                data-autofocus={field === fields[0] ? true : undefined}
                {...form.getInputProps(field.name)}
              />
            ) : field.type === "select" ? (
              <NativeSelect
                key={field.name}
                label={field.label}
                withAsterisk={field.required}
                data={field.options ?? []}
                {...form.getInputProps(field.name)}
              />
            ) : (
              <TextInput
                key={field.name}
                label={field.label}
                type={field.type ?? "text"}
                withAsterisk={field.required}
                autoComplete={field.autoComplete}
                data-autofocus={field === fields[0] ? true : undefined}
                {...form.getInputProps(field.name)}
              />
            ),
          )}
          {extra?.(form.getValues())}
          {form.errors._ && (
            <Alert color="red" variant="light" role="alert">
              {form.errors._}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
