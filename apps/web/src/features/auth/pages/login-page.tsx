import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type LoginInput, loginSchema } from "@stempla/domain";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { firstMessages, zodValidate } from "../../../shared/lib/zod-form.ts";
import { paths } from "../../../shared/paths.ts";
import { useLogin, useVerifyEmail } from "../api/auth-calls.ts";
import { afterLoginPath } from "../components/after-login.ts";
import { AuthCard } from "../components/auth-card.tsx";

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  const verifyToken = params.get("verify");

  const login = useLogin();
  const verify = useVerifyEmail();
  const form = useForm<LoginInput>({
    mode: "uncontrolled",
    initialValues: { email: "", password: "" },
    validate: zodValidate(loginSchema, locale),
  });

  // The confirmation link from the registration mail lands here with ?verify=…
  const verifyStarted = useRef(false);
  useEffect(() => {
    if (!verifyToken || verifyStarted.current) return;
    verifyStarted.current = true;
    verify.mutate(verifyToken, {
      onSuccess: (profile) => navigate(afterLoginPath(profile, locale, null), { replace: true }),
    });
  }, [verifyToken, verify, navigate, locale]);

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: (profile) => navigate(afterLoginPath(profile, locale, redirect), { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(firstMessages(error.fieldErrors));
      },
    }),
  );

  if (verifyToken && (verify.isPending || verify.isIdle || verify.isSuccess)) {
    return (
      <AuthCard title={t("verify.title")}>
        <Group justify="center" gap="sm" py="md">
          <Loader size="sm" />
          <Text>{t("verify.working")}</Text>
        </Group>
      </AuthCard>
    );
  }

  const error = login.error instanceof ApiError ? login.error : undefined;
  const unconfirmed = error?.code === "email_unconfirmed";
  return (
    <AuthCard title={t("login.title")} intro={t("login.intro")}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {verify.isError && (
            <Alert color="red" variant="light" role="alert" title={t("verify.failedTitle")}>
              {verify.error.message}
            </Alert>
          )}
          {login.isError && !Object.keys(error?.fieldErrors ?? {}).length && (
            <Alert color={unconfirmed ? "blue" : "red"} variant="light" role="alert">
              {login.error.message}
            </Alert>
          )}
          <TextInput
            label={t("fields.email")}
            type="email"
            autoComplete="email"
            key={form.key("email")}
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label={t("fields.password")}
            autoComplete="current-password"
            key={form.key("password")}
            {...form.getInputProps("password")}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.passwordReset(locale)} size="sm">
              {t("login.forgot")}
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth size="md">
            {t("login.submit")}
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            {t("login.noAccount")}{" "}
            <Anchor component={Link} to={paths.register(locale)} fw={600}>
              {t("login.register")}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
