import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Container,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import {
  BILLING_COUNTRIES,
  emailSchema,
  type InvitationPreview,
  type RegisterCompleteInput,
  type RegisterInput,
  type RegistrationType,
  registerSteps,
  translate,
} from "@stempla/domain";
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { firstMessages, zodValidate } from "../../../shared/lib/zod-form.ts";
import { paths } from "../../../shared/paths.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { PhoneInput } from "../../../shared/ui/phone-input.tsx";
import {
  checkEmailFree,
  useCompleteRegistration,
  useLegalForms,
  useRegister,
} from "../api/registration-calls.ts";
import {
  clearDraft,
  type DraftKind,
  emptyRegistration,
  loadDraft,
  type RegistrationValues,
  STEP_FIELDS,
  saveDraft,
} from "./registration-draft.ts";
import classes from "./registration-wizard.module.css";

const STEP_KEYS = ["business", "user", "location", "legal"] as const;

/** An invited franchisee's checked link (docs/decisions/008-franchise-model.md, section 6). */
export interface Invitation {
  token: string;
  preview: InvitationPreview;
}

/** The form an invitation starts from: its company name, contact person and (fixed) email. */
const invitedValues = ({ preview }: Invitation): RegistrationValues => ({
  // An invited franchisee is checked by the master variant's rules: its contact person is
  // required, as registerCompleteSchema requires it on the server.
  ...emptyRegistration("master"),
  company_name: preview.company_name,
  contact_name: preview.contact_name,
  contact_surname: preview.contact_surname,
  email: preview.email,
});

/**
 * Partner registration: business, user, location, legal confirmation, then the dialog. With an
 * `invitation` it completes an invited franchisee's registration (docs/decisions/008-franchise-model.md,
 * section 6): prefilled, the email fixed to the invitation's; `onLinkProblem` hears a link that
 * stopped working meanwhile.
 */
export function RegistrationWizard({
  type,
  invitation,
  onLinkProblem,
}: {
  type: RegistrationType;
  invitation?: Invitation;
  onLinkProblem?: (status: 404 | 410) => void;
}) {
  const { t } = useTranslation("registration");
  const locale = useLocale();
  const phone = useMediaQuery("(max-width: 48em)");
  const kind: DraftKind = invitation ? `slave-${invitation.preview.slave_id}` : type;
  const [start] = useState(() =>
    invitation ? { ...invitedValues(invitation), email: invitation.preview.email } : emptyRegistration(type),
  );
  const [active, setActive] = useState(0);
  const [checkingEmail, setCheckingEmail] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const legalForms = useLegalForms();
  const register = useRegister();
  const complete = useCompleteRegistration();
  const submission = invitation ? complete : register;
  const contactRequired = invitation !== undefined || type === "master";

  const form = useForm<RegistrationValues>({
    mode: "controlled",
    initialValues: start,
    onValuesChange: (values) => saveDraft(kind, values, active),
  });
  // The draft is restored after the first render: the page is server-rendered and its first
  // render in the browser must be the server's, which knows no sessionStorage (decision 012).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    const draft = loadDraft(kind, start);
    if (draft.values === start) return;
    const values = invitation ? { ...draft.values, email: invitation.preview.email } : draft.values;
    const step = Math.min(draft.step, 3);
    setActive(step);
    form.setValues(values);
    saveDraft(kind, values, step);
  }, []);
  const formats = useLocaleFormats();

  const goTo = (step: number) => {
    setActive(step);
    saveDraft(kind, form.getValues(), step);
    window.scrollTo({ top: 0 });
  };

  async function next() {
    const errors = zodValidate(registerSteps[active]!, locale)(form.getValues());
    // The invitation's address is fixed and was checked when the master invited it.
    if (active === 1 && !errors.email && !invitation) {
      setCheckingEmail(true);
      const email = emailSchema.parse(form.getValues().email);
      const availability = await checkEmailFree(email);
      setCheckingEmail(false);
      if (availability === "taken") errors.email = translate("email.taken", locale);
      if (availability === "unknown") errors.email = t("user.emailCheckFailed");
    }
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) goTo(active + 1);
  }

  function submit() {
    // Every step again: after a reload the passwords are gone (never stored), so open the first
    // step that is not complete instead of sending what the server would refuse.
    for (const [step, schema] of registerSteps.entries()) {
      const errors = zodValidate(schema, locale)(form.getValues());
      if (Object.keys(errors).length > 0) {
        form.setErrors(errors);
        if (step !== active) goTo(step);
        return;
      }
    }
    const values = form.getValues();
    const handlers = {
      onSuccess: ({ email }: { email: string }) => {
        clearDraft(kind);
        setRegisteredEmail(email);
      },
      onError: (error: Error) => {
        if (!(error instanceof ApiError)) return;
        if (invitation && (error.status === 404 || error.status === 410)) {
          clearDraft(kind);
          onLinkProblem?.(error.status);
          return;
        }
        const fieldErrors = firstMessages(error.fieldErrors);
        form.setErrors(fieldErrors);
        const step = STEP_FIELDS.findIndex((fields) => fields.some((f) => f in fieldErrors));
        if (step >= 0) goTo(step);
      },
    };
    if (invitation) {
      const { type: _type, email: _email, ...rest } = values;
      const input: RegisterCompleteInput = {
        ...rest,
        slave_id: invitation.preview.slave_id,
        token: invitation.token,
        legal_form_id: Number(values.legal_form_id),
        country: values.country as RegisterCompleteInput["country"],
        contract_accepted: true,
      };
      complete.mutate(input, handlers);
      return;
    }
    const input: RegisterInput = {
      ...values,
      legal_form_id: Number(values.legal_form_id),
      country: values.country as RegisterInput["country"],
      contract_accepted: true,
    };
    register.mutate(input, handlers);
  }

  const stepTitle = t(`steps.${STEP_KEYS[active]}.title`);
  const generalError =
    submission.error &&
    !(submission.error instanceof ApiError && Object.keys(submission.error.fieldErrors).length > 0)
      ? submission.error.message
      : undefined;

  return (
    <Container size={720} py={{ base: 24, sm: 48 }}>
      <Title order={1} fz={{ base: 26, sm: 34 }}>
        {t(invitation ? "slave.title" : type === "master" ? "titleMaster" : "title")}
      </Title>
      {invitation ? (
        <Stack gap={6} mt="xs">
          <Text fw={600}>{t("slave.invitedBy", { master: invitation.preview.master_name })}</Text>
          <Text c="dimmed">{t("slave.intro", { master: invitation.preview.master_name })}</Text>
          <Text size="sm" c="dimmed">
            {t("slave.validUntil", { date: formats.date(invitation.preview.expires_at) })}
          </Text>
        </Stack>
      ) : (
        <Text c="dimmed" mt="xs">
          {t(type === "master" ? "introMaster" : "intro")}{" "}
          {type === "partner" ? (
            <Anchor component={Link} to={paths.registerMaster(locale)} inherit underline="always">
              {t("toMaster")}
            </Anchor>
          ) : (
            <Anchor component={Link} to={paths.register(locale)} inherit underline="always">
              {t("toPartner")}
            </Anchor>
          )}
        </Text>
      )}

      <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} mt="xl" shadow="xs">
        <Stepper
          active={active}
          size="sm"
          wrap={false}
          allowNextStepsSelect={false}
          onStepClick={goTo}
          mb="xl"
          classNames={{ stepBody: classes.stepBody }}
          // Four labels beside their numbers are wider than the card: each label goes below its
          // number, and the lines between the steps stay level with the numbers.
          styles={{
            step: { flexDirection: "column", alignItems: "center", minWidth: 0, flexShrink: 1 },
            stepBody: { marginInlineStart: 0, marginTop: 6, alignItems: "center", minWidth: 0 },
            stepLabel: { textAlign: "center", hyphens: "auto" },
            separator: {
              alignSelf: "flex-start",
              marginTop: "calc(var(--stepper-icon-size) / 2)",
              marginInline: "var(--mantine-spacing-xs)",
              minWidth: 12,
            },
          }}
        >
          {STEP_KEYS.map((key, index) => (
            <Stepper.Step
              key={key}
              label={t(`steps.${key}.title`)}
              // On phones only the number shows (the label is hidden by CSS); the name must still
              // start with what is visible.
              aria-label={phone ? `${index + 1} ${t(`steps.${key}.title`)}` : undefined}
            />
          ))}
        </Stepper>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
          {t("stepOf", { step: active + 1, total: STEP_KEYS.length })}
        </Text>
        <Title order={2} fz={22} mb="md">
          {stepTitle}
        </Title>

        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (active < 3) void next();
            else submit();
          }}
        >
          <Stack gap="md">
            {active === 0 && (
              <>
                <TextInput
                  label={t("business.companyName")}
                  description={t("business.companyNameHint")}
                  autoComplete="organization"
                  withAsterisk
                  {...form.getInputProps("company_name")}
                />
                <Select
                  label={t("business.legalForm")}
                  placeholder={t("business.legalFormPlaceholder")}
                  withAsterisk
                  searchable
                  nothingFoundMessage={t("business.nothingFound")}
                  data={(legalForms.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
                  disabled={legalForms.isPending}
                  {...form.getInputProps("legal_form_id")}
                />
                <TextInput
                  label={t("business.vat")}
                  description={t("business.vatHint")}
                  {...form.getInputProps("vat")}
                />
              </>
            )}

            {active === 1 && (
              <>
                <TextInput
                  label={t("user.email")}
                  type="email"
                  autoComplete="email"
                  withAsterisk
                  readOnly={invitation !== undefined}
                  variant={invitation ? "filled" : undefined}
                  description={invitation ? t("slave.emailHint") : undefined}
                  {...form.getInputProps("email")}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <PasswordInput
                    label={t("user.password")}
                    description={t("user.passwordHint")}
                    // The hint goes below the field, so both password fields start on one line.
                    inputWrapperOrder={["label", "input", "description", "error"]}
                    autoComplete="new-password"
                    withAsterisk
                    {...form.getInputProps("password")}
                  />
                  <PasswordInput
                    label={t("user.passwordConfirmation")}
                    autoComplete="new-password"
                    withAsterisk
                    {...form.getInputProps("password_confirmation")}
                  />
                </SimpleGrid>
                <Text fw={600} mt="sm">
                  {t("user.contactTitle")}
                </Text>
                <Text size="sm" c="dimmed" mt={-8}>
                  {invitation ? t("slave.contactHint") : t("user.contactHint")}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t("user.firstName")}
                    autoComplete="given-name"
                    withAsterisk={contactRequired}
                    {...form.getInputProps("contact_name")}
                  />
                  <TextInput
                    label={t("user.surname")}
                    autoComplete="family-name"
                    withAsterisk={contactRequired}
                    {...form.getInputProps("contact_surname")}
                  />
                </SimpleGrid>
              </>
            )}

            {active === 2 && (
              <>
                <Text size="sm" c="dimmed">
                  {t("location.hint")}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput
                    label={t("location.street")}
                    autoComplete="address-line1"
                    withAsterisk
                    style={{ gridColumn: phone ? undefined : "span 2" }}
                    {...form.getInputProps("street")}
                  />
                  <TextInput
                    label={t("location.building")}
                    withAsterisk
                    {...form.getInputProps("building")}
                  />
                  <TextInput
                    label={t("location.postcode")}
                    autoComplete="postal-code"
                    withAsterisk
                    {...form.getInputProps("postcode")}
                  />
                  <TextInput
                    label={t("location.city")}
                    autoComplete="address-level2"
                    withAsterisk
                    style={{ gridColumn: phone ? undefined : "span 2" }}
                    {...form.getInputProps("city")}
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label={t("location.country")}
                    withAsterisk
                    allowDeselect={false}
                    data={BILLING_COUNTRIES.map((code) => ({
                      value: code,
                      label: formats.country(code),
                    }))}
                    {...form.getInputProps("country")}
                  />
                  <PhoneInput
                    label={t("location.phone")}
                    withAsterisk
                    {...form.getInputProps("phone_number")}
                  />
                </SimpleGrid>
              </>
            )}

            {active === 3 && (
              <>
                <Text size="sm">{t("legal.text")}</Text>
                <Checkbox
                  label={
                    <Trans
                      t={t}
                      i18nKey="legal.checkbox"
                      components={{
                        terms: (
                          <Anchor
                            href={paths.termsPartners(locale)}
                            target="_blank"
                            inherit
                            underline="always"
                          />
                        ),
                        privacy: (
                          <Anchor href={paths.privacy(locale)} target="_blank" inherit underline="always" />
                        ),
                      }}
                    />
                  }
                  {...form.getInputProps("contract_accepted", { type: "checkbox" })}
                />
                {generalError && (
                  <Alert color="red" variant="light" role="alert">
                    {generalError}
                  </Alert>
                )}
              </>
            )}

            <Group justify="space-between" mt="md">
              {active > 0 ? (
                <Button variant="default" onClick={() => goTo(active - 1)}>
                  {t("back")}
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" loading={checkingEmail || submission.isPending}>
                {active < 3 ? t("next") : t("submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Text size="sm" c="dimmed" ta="center" mt="lg">
        {t("haveAccount")}{" "}
        <Anchor component={Link} to={paths.login(locale)} fw={600}>
          {t("login")}
        </Anchor>
      </Text>

      <Modal
        opened={registeredEmail !== undefined}
        onClose={() => undefined}
        withCloseButton={false}
        centered
        title={t("done.title")}
      >
        <Stack align="center" ta="center">
          <ThemeIcon size={56} radius="xl" color="green" variant="light">
            <Icon name="mail" size={28} />
          </ThemeIcon>
          <Text>{t("done.text", { email: registeredEmail })}</Text>
          <Text size="sm" c="dimmed">
            {t("done.next")}
          </Text>
          <Button component={Link} to={paths.login(locale)} fullWidth>
            {t("done.toLogin")}
          </Button>
        </Stack>
      </Modal>
    </Container>
  );
}
