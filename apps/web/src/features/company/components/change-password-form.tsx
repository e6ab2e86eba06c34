import { Alert, Button, Card, PasswordInput, SimpleGrid, Stack, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type ChangePasswordInput, changePasswordSchema } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { firstMessages, zodValidate } from "../../../shared/lib/zod-form.ts";
import { useChangePassword } from "../api/change-password.ts";

export function ChangePasswordForm() {
  const { t } = useTranslation("company");
  const locale = useLocale();
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    mode: "uncontrolled",
    initialValues: { current_password: "", password: "", password_confirmation: "" },
    validate: zodValidate(changePasswordSchema, locale),
  });
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg" mb="md">
        {t("password.title")}
      </Title>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          change.mutate(values, {
            onSuccess: () => form.reset(),
            onError: (error) => {
              if (error instanceof ApiError) form.setErrors(firstMessages(error.fieldErrors));
            },
          }),
        )}
      >
        <Stack>
          {change.isSuccess && (
            <Alert color="green" variant="light" role="status">
              {t("password.saved")}
            </Alert>
          )}
          <PasswordInput
            label={t("password.current")}
            autoComplete="current-password"
            key={form.key("current_password")}
            {...form.getInputProps("current_password")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t("password.new")}
              autoComplete="new-password"
              key={form.key("password")}
              {...form.getInputProps("password")}
            />
            <PasswordInput
              label={t("password.repeat")}
              autoComplete="new-password"
              key={form.key("password_confirmation")}
              {...form.getInputProps("password_confirmation")}
            />
          </SimpleGrid>
          <Button
            type="submit"
            loading={change.isPending}
            w={{ base: "100%", sm: "auto" }}
            style={{ alignSelf: "flex-start" }}
          >
            {t("password.save")}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
