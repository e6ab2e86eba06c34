import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** The longest reason the billing endpoints take. */
const MAX_REASON = 500;

/**
 * A dialog that asks for a required reason (a returned debit, a cancellation). An empty reason is
 * refused here; the server's message for the field (422) comes back through `fail`.
 */
export function ReasonDialog({
  opened,
  title,
  text,
  label,
  hint,
  submit,
  danger = false,
  pending,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  title: string;
  text: string;
  label: string;
  hint: string;
  submit: string;
  danger?: boolean;
  pending: boolean;
  onClose: () => void;
  onSubmit: (reason: string, fail: (message: string) => void) => void;
}) {
  const { t } = useTranslation("admin");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ "aria-label": t("billing.actions.close") }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const value = reason.trim();
          if (value === "") return setError(t("billing.actions.reasonRequired"));
          setError(undefined);
          onSubmit(value, setError);
        }}
      >
        <Stack>
          <Text size="sm">{text}</Text>
          <Textarea
            label={label}
            description={hint}
            withAsterisk
            aria-required
            autosize
            minRows={2}
            maxRows={6}
            maxLength={MAX_REASON}
            value={reason}
            error={error}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("billing.actions.cancel")}
            </Button>
            <Button type="submit" color={danger ? "red.9" : undefined} loading={pending}>
              {submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
