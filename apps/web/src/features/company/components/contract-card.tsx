import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { formatMoney, HARDWARE_FREE_AFTER_MONTHS } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FranchiseNotice } from "../../../shared/franchise/franchise-notice.tsx";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { formatDay } from "../../../shared/lib/formats.ts";
import { ConfirmCheckDialog } from "../../../shared/ui/confirm-check-dialog.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { type ContractView, useContract } from "../api/get-contract.ts";
import { useTerminateContract } from "../api/terminate-contract.ts";
import { FieldRow } from "./field-row.tsx";

/** The contract section of the company page (spec section 9): term, notice and termination. */
export function ContractCard() {
  const { t } = useTranslation("company");
  const locale = useLocale();
  const contract = useContract();
  const [confirming, setConfirming] = useState(false);
  const day = (d: string) => formatDay(d, locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const c = contract.data;

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="contract-card">
      <Title order={2} fz="lg">
        {t("contract.title")}
      </Title>
      {contract.isError && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {contract.error.message}
        </Alert>
      )}
      {/* A franchisee: who pays, and the extraordinary termination while its window is open. */}
      <FranchiseNotice embedded />
      {!c && !contract.isError && <Loader size="sm" mt="sm" aria-label={t("loading")} />}
      {c && !c.start && (
        <Text size="sm" c="dark.6" mt="sm">
          {t("contract.notLive")}
        </Text>
      )}
      {c?.start && (
        <>
          <FieldRow label={t("contract.start")}>{day(c.start)}</FieldRow>
          {c.minimum_term_end && (
            <FieldRow label={t("contract.minimumTerm")}>{day(c.minimum_term_end)}</FieldRow>
          )}
          <FieldRow label={t("contract.notice")}>
            {t("contract.noticeValue", { months: c.notice_months })}
          </FieldRow>
          {c.termination ? (
            <Alert color="orange" variant="light" mt="md" data-testid="contract-terminated">
              <Text fw={700}>{t("contract.terminated", { end: day(c.termination.ends_on) })}</Text>
              <Text size="sm">{t("contract.terminatedOn", { date: day(c.termination.notice_on) })}</Text>
              {c.termination.kind === "extraordinary" && (
                <Text size="sm">{t("contract.terminatedExtraordinary")}</Text>
              )}
              {c.termination.fee_cents > 0 && (
                <Text size="sm">
                  {t("contract.terminatedFee", {
                    fee: money(c.termination.fee_cents),
                    months: HARDWARE_FREE_AFTER_MONTHS,
                  })}
                </Text>
              )}
            </Alert>
          ) : (
            c.earliest_end_if_notice_today &&
            c.notice_deadline_for_that_end && (
              <Stack gap="sm" mt="md">
                <Text size="sm" data-testid="contract-earliest-end">
                  {t("contract.earliestEnd", {
                    end: day(c.earliest_end_if_notice_today),
                    deadline: day(c.notice_deadline_for_that_end),
                  })}
                </Text>
                {c.early_termination_fee_cents_if_today > 0 && (
                  <Text size="sm" c="dark.6" data-testid="contract-fee">
                    {t("contract.fee", {
                      fee: money(c.early_termination_fee_cents_if_today),
                      months: HARDWARE_FREE_AFTER_MONTHS,
                    })}
                  </Text>
                )}
                <Group>
                  <Button
                    variant="outline"
                    color="red.9"
                    onClick={() => setConfirming(true)}
                    data-testid="contract-terminate"
                  >
                    {t("contract.terminate")}
                  </Button>
                </Group>
              </Stack>
            )
          )}
        </>
      )}
      {confirming && c && <ConfirmTermination contract={c} onClose={() => setConfirming(false)} />}
    </Card>
  );
}

function ConfirmTermination({ contract, onClose }: { contract: ContractView; onClose: () => void }) {
  const { t } = useTranslation("company");
  const locale = useLocale();
  const terminate = useTerminateContract();
  const end = contract.earliest_end_if_notice_today
    ? formatDay(contract.earliest_end_if_notice_today, locale)
    : "";
  const fee = contract.early_termination_fee_cents_if_today;

  const confirm = async () => {
    const result = await terminate.mutateAsync({
      confirm: true,
      ...(contract.earliest_end_if_notice_today ? { ends_on: contract.earliest_end_if_notice_today } : {}),
    });
    notify(
      "green",
      t("contract.done", { end: result.termination ? formatDay(result.termination.ends_on, locale) : end }),
    );
    onClose();
  };

  return (
    <ConfirmCheckDialog
      texts={{
        title: t("contract.confirmTitle"),
        check: t("contract.confirmCheck", { end }),
        submit: t("contract.confirmSubmit"),
        cancel: t("contract.cancel"),
        close: t("close"),
      }}
      testId="contract-confirm"
      checkTestId="contract-confirm-check"
      pending={terminate.isPending}
      onClose={onClose}
      onConfirm={confirm}
    >
      <Text>{t("contract.confirmText", { end })}</Text>
      {fee > 0 && (
        <Text c="dark.6">
          {t("contract.confirmFee", {
            fee: formatMoney(fee, locale),
            months: HARDWARE_FREE_AFTER_MONTHS,
          })}
        </Text>
      )}
    </ConfirmCheckDialog>
  );
}
