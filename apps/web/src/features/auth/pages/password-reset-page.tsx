import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, ThemeIcon } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type RestoreEmailInput, restoreEmailSchema, restoreSchema } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { firstMessages, zodValidate } from "../../../shared/lib/zod-form.ts";
import { paths } from "../../../shared/paths.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { useRequestReset, useResetPassword } from "../api/auth-calls.ts";
import { afterLoginPath } from "../components/after-login.ts";
import { AuthCard } from "../components/auth-card.tsx";

/** Three steps (spec section 2): ask by email, "email sent", then the new password from the link. */
export default function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return token ? <NewPasswordStep token={token} /> : <RequestStep />;
}

function RequestStep() {
  const { t } = useTranslation("auth");
  const locale = useLocale();
  const request = useRequestReset();
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: "" },
    validate: zodValidate(restoreSchema, locale),
  });

  if (sentTo) {
    return (
      <AuthCard title={t("reset.sentTitle")}>
        <Stack align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <Icon name="mail" size={28} />
          </ThemeIcon>
          <Text>{t("reset.sentText", { email: sentTo })}</Text>
          <Text size="sm" c="dimmed">
            {t("reset.sentHint")}
          </Text>
          <Anchor component={Link} to={paths.login(locale)} fw={600}>
            {t("reset.backToLogin")}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("reset.title")} intro={t("reset.intro")}>
      <form
        noValidate
        onSubmit={form.onSubmit(({ email }) =>
          request.mutate(email, {
            onSuccess: () => setSentTo(email),
            onError: (error) => {
              if (error instanceof ApiError) form.setErrors(firstMessages(error.fieldErrors));
            },
          }),
        )}
      >
        <Stack>
          {request.isError && !(request.error instanceof ApiError && request.error.status === 422) && (
            <Alert color="red" variant="light" role="alert">
              {request.error.message}
            </Alert>
          )}
          <TextInput
            label={t("fields.email")}
            type="email"
            autoComplete="email"
            key={form.key("email")}
            {...form.getInputProps("email")}
          />
          <Button type="submit" loading={request.isPending} fullWidth size="md">
            {t("reset.send")}
          </Button>
          <Anchor component={Link} to={paths.login(locale)} size="sm" ta="center">
            {t("reset.backToLogin")}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

function NewPasswordStep({ token }: { token: string }) {
  const { t } = useTranslation("auth");
  const locale = useLocale();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<RestoreEmailInput>({
    mode: "uncontrolled",
    initialValues: { token, password: "", password_confirmation: "" },
    validate: zodValidate(restoreEmailSchema, locale),
  });
  const tokenError = reset.error instanceof ApiError && reset.error.code === "token_invalid";

  return (
    <AuthCard title={t("reset.newTitle")} intro={t("reset.newIntro")}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          reset.mutate(values, {
            onSuccess: (profile) => navigate(afterLoginPath(profile, locale, null), { replace: true }),
            onError: (error) => {
              if (error instanceof ApiError) form.setErrors(firstMessages(error.fieldErrors));
            },
          }),
        )}
      >
        <Stack>
          {reset.isError && (tokenError || !(reset.error instanceof ApiError)) && (
            <Alert color="red" variant="light" role="alert">
              {reset.error.message}{" "}
              {tokenError && (
                <Anchor component={Link} to={paths.passwordReset(locale)} inherit underline="always" fw={600}>
                  {t("reset.requestNew")}
                </Anchor>
              )}
            </Alert>
          )}
          <PasswordInput
            label={t("fields.newPassword")}
            description={t("fields.passwordHint")}
            autoComplete="new-password"
            key={form.key("password")}
            {...form.getInputProps("password")}
          />
          <PasswordInput
            label={t("fields.passwordConfirmation")}
            autoComplete="new-password"
            key={form.key("password_confirmation")}
            {...form.getInputProps("password_confirmation")}
          />
          <Button type="submit" loading={reset.isPending} fullWidth size="md">
            {t("reset.save")}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
