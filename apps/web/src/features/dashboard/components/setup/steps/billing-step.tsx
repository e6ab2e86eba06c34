import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PaymentDetailsForm } from "../../../../../shared/partner/payment-details-form.tsx";
import { StepActions } from "../step-actions.tsx";
import type { StepProps } from "../wizard-context.ts";

/** Account holder, IBAN and the SEPA mandate; a partner who already gave them may keep them. */
export function BillingStep({ company, next, back, moving }: StepProps) {
  const { t } = useTranslation("setup");
  const [changing, setChanging] = useState(false);
  const saved = company.payment;

  if (saved && !changing) {
    return (
      <Stack>
        <Paper withBorder radius="md" p="md" bg="gray.0" data-testid="saved-payment">
          <Text fw={700}>{saved.account_holder}</Text>
          <Text size="sm" ff="monospace">
            {saved.iban_masked}
          </Text>
          <Text size="sm" c="dimmed">
            {t("steps.billing.savedMandate", { reference: saved.mandate_reference })}
          </Text>
        </Paper>
        <Group>
          <Button variant="default" size="xs" onClick={() => setChanging(true)}>
            {t("steps.billing.change")}
          </Button>
        </Group>
        <StepActions back={back} onContinue={() => next()} loading={moving} />
      </Stack>
    );
  }

  return (
    <PaymentDetailsForm
      accountHolder={saved?.account_holder ?? company.company_name}
      submitLabel={t("steps.billing.submit")}
      onSaved={() => void next()}
      secondary={
        back && (
          <Button variant="subtle" color="gray" onClick={back} disabled={moving}>
            {t("actions.back")}
          </Button>
        )
      }
    />
  );
}
