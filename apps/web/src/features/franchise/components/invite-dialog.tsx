import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type FranchiseInviteInput, franchiseInviteSchema } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { firstMessages, zodValidate } from "../../../shared/lib/zod-form.ts";
import { notify } from "../../../shared/ui/notify.ts";
import { useInvite } from "../api/invitation-calls.ts";

const FIELDS = ["company_name", "contact_name", "contact_surname", "email"] as const;

/**
 * The master's invitation of a franchisee: company, contact person and email, checked with the
 * server's schema; the server's 4xx messages land on the fields they name (a taken email on the
 * email field), anything else above the buttons.
 */
export function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("franchise");
  const locale = useLocale();
  const invite = useInvite();
  const form = useForm<FranchiseInviteInput>({
    mode: "controlled",
    initialValues: { company_name: "", contact_name: "", contact_surname: "", email: "" },
    validate: zodValidate(franchiseInviteSchema, locale),
  });
  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const invitation = await invite.mutateAsync(values);
      notify("green", t("invite.done", { company: invitation.company_name }));
      close();
    } catch (error) {
      const messages = error instanceof ApiError ? firstMessages(error.fieldErrors) : {};
      const onFields = Object.entries(messages).filter(([key]) =>
        (FIELDS as readonly string[]).includes(key),
      );
      if (onFields.length > 0) form.setErrors(Object.fromEntries(onFields));
      else form.setFieldError("_", error instanceof Error ? error.message : t("invite.failed"));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("invite.title")}
      size="lg"
      centered
      closeButtonProps={{ "aria-label": t("close") }}
    >
      <form noValidate onSubmit={submit} data-testid="invite-form">
        <Stack>
          <Text size="sm" c="dark.6">
            {t("invite.note")}
          </Text>
          <TextInput
            label={t("invite.companyName")}
            withAsterisk
            autoComplete="off"
            data-autofocus
            {...form.getInputProps("company_name")}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t("invite.contactName")}
              withAsterisk
              autoComplete="off"
              {...form.getInputProps("contact_name")}
            />
            <TextInput
              label={t("invite.contactSurname")}
              withAsterisk
              autoComplete="off"
              {...form.getInputProps("contact_surname")}
            />
          </SimpleGrid>
          <TextInput
            label={t("invite.email")}
            type="email"
            withAsterisk
            autoComplete="off"
            {...form.getInputProps("email")}
          />
          {form.errors._ && (
            <Alert color="red" variant="light" role="alert">
              {form.errors._}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t("invite.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
