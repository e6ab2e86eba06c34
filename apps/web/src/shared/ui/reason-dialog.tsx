import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";

/** What a reason dialog says; the caller's namespace has the words. */
export interface ReasonDialogTexts {
  title: string;
  text: string;
  reason: string;
  hint: string;
  submit: string;
  cancel: string;
  /** The close button's accessible name. */
  close: string;
  /** Given for a required reason: shown when it is left empty, without asking the server. */
  empty?: string;
}

/**
 * A dialog that asks for a reason before an action (a returned debit, a cancellation, a block, an
 * objection to new terms). The reason is sent trimmed; the server's message for the field (422)
 * comes back through `fail`. Give the dialog a new `key` when it opens, so it starts empty.
 */
export function ReasonDialog({
  opened,
  texts,
  required = false,
  maxLength,
  danger = false,
  pending,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  texts: ReasonDialogTexts;
  required?: boolean;
  /** The longest reason the endpoint takes. */
  maxLength?: number;
  danger?: boolean;
  pending: boolean;
  onClose: () => void;
  onSubmit: (reason: string, fail: (message: string) => void) => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={texts.title}
      centered
      closeButtonProps={{ "aria-label": texts.close }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const value = reason.trim();
          if (texts.empty && value === "") return setError(texts.empty);
          setError(undefined);
          onSubmit(value, setError);
        }}
      >
        <Stack>
          <Text size="sm">{texts.text}</Text>
          <Textarea
            label={texts.reason}
            description={texts.hint}
            withAsterisk={required}
            aria-required={required || undefined}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={maxLength}
            value={reason}
            error={error}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button type="submit" color={danger ? "red.9" : undefined} loading={pending}>
              {texts.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
