import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { averageReceiptSchema } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../../shared/api/client.ts";
import { useLocale } from "../../../../shared/i18n/locale.ts";
import { firstMessages, zodValidate } from "../../../../shared/lib/zod-form.ts";
import { notify } from "../../../../shared/ui/notify.ts";
import { useUpdateAverageReceipt } from "../../api/update-average-receipt.ts";
import { useStatsFormats } from "./formats.ts";

interface Values {
  /** Euros as the partner types them ("12,50"); the API takes integer cents. */
  euros: number | string;
}

const toCents = (euros: number | string) => (euros === "" ? 0 : Math.round(Number(euros) * 100));

/** Errors of the payload's cents field belong to the euro field. */
const onEuroField = (errors: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field === "average_receipt_cents" ? "euros" : field,
      message,
    ]),
  );

/** Edits the average receipt that the estimated extra revenue is computed with. */
export function AverageReceiptDialog({
  opened,
  onClose,
  currentCents,
}: {
  opened: boolean;
  onClose: () => void;
  currentCents: number;
}) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const format = useStatsFormats();
  const save = useUpdateAverageReceipt();
  const check = zodValidate(averageReceiptSchema, locale);
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: { euros: currentCents / 100 },
    validate: (values) => onEuroField(check({ average_receipt_cents: toCents(values.euros) })),
  });
  const close = () => {
    form.reset();
    save.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    save.mutate(toCents(values.euros), {
      onSuccess: (saved) => {
        notify("green", t("stats.revenue.saved", { amount: format.money(saved.average_receipt_cents) }));
        form.setInitialValues({ euros: saved.average_receipt_cents / 100 });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(onEuroField(firstMessages(error.fieldErrors)));
      },
    }),
  );
  const separators =
    locale === "de"
      ? { decimalSeparator: ",", thousandSeparator: ".", suffix: " €" }
      : { decimalSeparator: ".", thousandSeparator: ",", prefix: "€" };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("stats.revenue.dialogTitle")}
      centered
      closeButtonProps={{ "aria-label": t("stats.revenue.close") }}
    >
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text size="sm" c="dark.6">
            {t("stats.revenue.dialogText")}
          </Text>
          <NumberInput
            label={t("stats.revenue.averageReceipt")}
            description={t("stats.revenue.range", { min: format.money(50), max: format.money(100_000) })}
            min={0}
            max={1000}
            decimalScale={2}
            fixedDecimalScale
            allowNegative={false}
            hideControls
            inputMode="decimal"
            data-autofocus
            data-testid="average-receipt-input"
            {...separators}
            {...form.getInputProps("euros")}
          />
          {save.isError &&
            !(save.error instanceof ApiError && Object.keys(save.error.fieldErrors).length) && (
              <Alert color="red" variant="light" role="alert">
                {save.error.message}
              </Alert>
            )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("stats.revenue.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("stats.revenue.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
