import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { notify } from "../../../shared/ui/notify.ts";
import { ReasonDialog } from "../../../shared/ui/reason-dialog.tsx";
import { type StatusAction, useChangePartnerStatus } from "../api/change-partner-status.ts";
import type { PartnerReview } from "../api/get-partner-review.ts";

/** A green dark enough for white button text (WCAG AA); Mantine's green shades are lighter. */
const APPROVE_GREEN = "#1f7a35";

/** The team's decision on the account: approve (yellow, orange), block with a reason, lift a block. */
export function StatusActions({ review }: { review: PartnerReview }) {
  const { t } = useTranslation("admin");
  const hintId = useId();
  const { id, company_name: name } = review.company;
  const { status, missing, red_cause: redCause } = review.status;
  // A live account that lost required data is red without a block: the team may still block it.
  const blocked = status === "red" && redCause !== "incomplete";
  const change = useChangePartnerStatus(id);
  const [blocking, setBlocking] = useState(false);
  // A new dialog (empty reason) each time it opens.
  const [dialogKey, setDialogKey] = useState(0);

  const run = (input: StatusAction, done: string, onFieldError?: (message: string) => void) =>
    change.mutate(input, {
      onSuccess: () => {
        setBlocking(false);
        notify("green", t(`partner.actions.${done}`, { name }));
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.fieldErrors.reason?.[0] : undefined;
        if (field && onFieldError) return onFieldError(field);
        // Refused transitions (409, e.g. someone else decided first) and other failures.
        setBlocking(false);
        notify("red", error.message);
      },
    });

  const reviewable = status === "yellow" || status === "orange";
  const canApprove = reviewable && missing.length === 0;
  const hint = reviewable
    ? missing.length > 0
      ? t("partner.actions.approveMissing")
      : t(status === "orange" ? "partner.actions.approveOrange" : "partner.actions.approveYellow")
    : blocked
      ? t("partner.actions.unblockText")
      : status === "red"
        ? t("partner.actions.incompleteText")
        : status === "green"
          ? t("partner.actions.greenText")
          : undefined;

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="status-actions">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={2} style={{ flex: "1 1 280px" }}>
          <Title order={2} fz="lg">
            {t("partner.actions.title")}
          </Title>
          {hint && (
            <Text size="sm" c="dimmed" id={hintId}>
              {hint}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          {reviewable && (
            <Button
              color={APPROVE_GREEN}
              disabled={!canApprove}
              aria-describedby={hint ? hintId : undefined}
              loading={change.isPending && change.variables?.action === "approve"}
              onClick={() => run({ action: "approve" }, "approved")}
            >
              {t("partner.actions.approve")}
            </Button>
          )}
          {!blocked && status !== "black" && (
            <Button
              variant="outline"
              color="red.9"
              onClick={() => {
                setDialogKey((key) => key + 1);
                setBlocking(true);
              }}
            >
              {t("partner.actions.block")}
            </Button>
          )}
          {blocked && (
            <Button
              aria-describedby={hint ? hintId : undefined}
              loading={change.isPending && change.variables?.action === "unblock"}
              onClick={() => run({ action: "unblock" }, "unblocked")}
            >
              {t("partner.actions.unblock")}
            </Button>
          )}
        </Group>
      </Group>
      <ReasonDialog
        key={dialogKey}
        opened={blocking}
        texts={{
          title: t("partner.block.title"),
          text: t("partner.block.text"),
          reason: t("partner.block.reason"),
          hint: t("partner.block.reasonHint"),
          submit: t("partner.block.submit"),
          cancel: t("partner.block.cancel"),
          close: t("partner.block.close"),
        }}
        required
        danger
        pending={change.isPending}
        onClose={() => setBlocking(false)}
        // The server checks the reason (at least 5 characters) and answers with the message.
        onSubmit={(reason, fail) => run({ action: "block", reason }, "blocked", fail)}
      />
    </Card>
  );
}
