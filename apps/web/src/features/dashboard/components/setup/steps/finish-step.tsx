import { Alert, Button, Group, List, SimpleGrid, Stack, Text, TextInput, ThemeIcon } from "@mantine/core";
import { useForm } from "@mantine/form";
import { companyEditSchemas, formatPhone } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAccountStatus } from "../../../../../shared/api/account-status.ts";
import { ApiError } from "../../../../../shared/api/client.ts";
import { useLocale } from "../../../../../shared/i18n/locale.ts";
import { firstMessages, zodValidate } from "../../../../../shared/lib/zod-form.ts";
import { useEditCompany } from "../../../../../shared/partner/partner-calls.ts";
import { paths } from "../../../../../shared/paths.ts";
import { Icon } from "../../../../../shared/ui/icons.tsx";
import { PhoneInput } from "../../../../../shared/ui/phone-input.tsx";
import { useFinishSetup } from "../../../api/setup-calls.ts";
import type { StepProps } from "../wizard-context.ts";

/**
 * The last step: the review can only start with a contact person, which registration asks only
 * of franchisors, so it is asked here when missing. Then the wizard closes.
 */
export function FinishStep({ setup, company, back, moving }: StepProps) {
  const { t } = useTranslation("setup");
  const locale = useLocale();
  const navigate = useNavigate();
  const status = useAccountStatus();
  const finish = useFinishSetup();
  const edit = useEditCompany();
  const contact = company.contact;
  // The contact person's number, else the business number from registration.
  const knownPhone = contact.phone ?? company.phone;
  const form = useForm({
    mode: "controlled",
    initialValues: {
      first_name: contact.first_name ?? "",
      surname: contact.surname ?? "",
      phone: knownPhone ? formatPhone(knownPhone) : "",
    },
    validate: zodValidate(companyEditSchemas.contact, locale),
  });
  const missing = status.data?.missing ?? [];
  const needsContact = setup.mode === "account" && missing.includes("contact");
  const others = missing.filter((m) => m !== "contact");

  // mutateAsync: finishing closes the wizard, which unmounts this step before a mutate() callback runs.
  const close = () =>
    finish
      .mutateAsync()
      .then(() => {
        if (setup.mode === "location" && setup.location_id) {
          navigate(paths.locationDetail(locale, { id: setup.location_id }));
        }
      })
      .catch(() => undefined);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        edit.mutate(
          { group: "contact", values },
          {
            onSuccess: close,
            onError: (error) => {
              if (error instanceof ApiError) form.setErrors(firstMessages(error.fieldErrors));
            },
          },
        );
      })}
    >
      <Stack>
        {needsContact && (
          <>
            <Text fw={600}>{t("steps.finish.contactTitle")}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t("steps.finish.firstName")}
                withAsterisk
                autoComplete="given-name"
                {...form.getInputProps("first_name")}
              />
              <TextInput
                label={t("steps.finish.surname")}
                withAsterisk
                autoComplete="family-name"
                {...form.getInputProps("surname")}
              />
            </SimpleGrid>
            <PhoneInput label={t("steps.finish.phone")} withAsterisk {...form.getInputProps("phone")} />
          </>
        )}
        {setup.mode === "account" && others.length > 0 && (
          <Alert color="yellow" variant="light" title={t("steps.finish.stillMissing")}>
            <List size="sm" spacing={4}>
              {others.map((item) => (
                <List.Item key={item}>{t(`steps.finish.requirements.${item}`)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {setup.mode === "account" && !needsContact && others.length === 0 && (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon color="green" variant="light" radius="xl" size={32}>
              <Icon name="check" size={18} />
            </ThemeIcon>
            <Text size="sm">{t("steps.finish.complete")}</Text>
          </Group>
        )}
        {(finish.isError ||
          (edit.isError && !(edit.error instanceof ApiError && edit.error.status === 422))) && (
          <Alert color="red" variant="light" role="alert">
            {(finish.error ?? edit.error)?.message}
          </Alert>
        )}
      </Stack>
      <Group justify="space-between" mt="xl" gap="sm">
        {back ? (
          <Button variant="subtle" color="gray" onClick={back} disabled={moving}>
            {t("actions.back")}
          </Button>
        ) : (
          <span />
        )}
        {/* Without the contact form there is nothing to validate: the button just closes. */}
        <Button
          type={needsContact ? "submit" : "button"}
          onClick={needsContact ? undefined : close}
          loading={finish.isPending || edit.isPending}
        >
          {setup.mode === "account" ? t("steps.finish.submit") : t("steps.finish.submitLocation")}
        </Button>
      </Group>
    </form>
  );
}
