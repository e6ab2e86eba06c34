import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { formatIban, paymentDetailsSchema } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/client.ts";
import { useLocale } from "../i18n/locale.ts";
import { formatDay } from "../lib/formats.ts";
import { firstMessages, zodValidate } from "../lib/zod-form.ts";
import { useMandatePreview, useSavePayment } from "./partner-calls.ts";

interface Values {
  account_holder: string;
  iban: string;
  mandate_accepted: boolean;
}

/**
 * Account holder, IBAN (grouped while typing) and the SEPA direct-debit mandate with its
 * reference and date, which the partner accepts. Saving a new account ends the previous mandate.
 */
export function PaymentDetailsForm({
  accountHolder,
  submitLabel,
  onSaved,
  secondary,
}: {
  accountHolder: string;
  submitLabel: string;
  onSaved: () => void;
  /** A further action next to the submit button (e.g. back or cancel). */
  secondary?: React.ReactNode;
}) {
  const { t } = useTranslation("partner");
  const locale = useLocale();
  const mandate = useMandatePreview(locale);
  const save = useSavePayment();
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: { account_holder: accountHolder, iban: "", mandate_accepted: false },
    validate: zodValidate(paymentDetailsSchema, locale),
  });
  const date = mandate.data ? formatDay(mandate.data.date, locale) : "";

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        // mutateAsync: the caller's page may swap this form for the saved account before a
        // mutate() callback would run (callbacks of unmounted components are dropped).
        save
          .mutateAsync({ ...values, mandate_accepted: true })
          .then(onSaved)
          .catch((error: unknown) => {
            if (error instanceof ApiError) form.setErrors(firstMessages(error.fieldErrors));
          }),
      )}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("payment.accountHolder")}
            withAsterisk
            autoComplete="cc-name"
            {...form.getInputProps("account_holder")}
          />
          <TextInput
            label={t("payment.iban")}
            withAsterisk
            placeholder="DE00 0000 0000 0000 0000 00"
            autoComplete="off"
            spellCheck={false}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            {...form.getInputProps("iban")}
            onChange={(event) => form.setFieldValue("iban", formatIban(event.currentTarget.value))}
          />
        </SimpleGrid>
        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Text fw={700} size="sm">
            {t("payment.mandateTitle")}
          </Text>
          {mandate.data ? (
            <>
              <Group gap="lg" mt={6} wrap="wrap">
                <Text size="sm">
                  {t("payment.reference")}: <b data-testid="mandate-reference">{mandate.data.reference}</b>
                </Text>
                <Text size="sm">
                  {t("payment.creditorId")}: <b>{mandate.data.creditor_id}</b>
                </Text>
                <Text size="sm">
                  {t("payment.date")}: <b>{date}</b>
                </Text>
              </Group>
              <ScrollArea.Autosize
                mah={220}
                mt="sm"
                type="auto"
                viewportProps={{ tabIndex: 0, "aria-label": t("payment.mandateTitle") }}
              >
                <Text size="sm" c="dark.6" style={{ whiteSpace: "pre-line" }}>
                  {mandate.data.text}
                </Text>
              </ScrollArea.Autosize>
            </>
          ) : (
            <Text size="sm" c="dimmed" mt={6}>
              {mandate.isError ? t("payment.mandateUnavailable") : t("payment.loading")}
            </Text>
          )}
        </Paper>
        <Checkbox
          label={t("payment.accept")}
          {...form.getInputProps("mandate_accepted", { type: "checkbox" })}
        />
        {save.isError && !(save.error instanceof ApiError && save.error.status === 422) && (
          <Alert color="red" variant="light" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group justify="space-between">
          {secondary ?? <span />}
          <Button type="submit" loading={save.isPending} disabled={!mandate.data}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
