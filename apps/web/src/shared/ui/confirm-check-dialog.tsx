import { Alert, Button, Checkbox, Group, Modal, Stack } from "@mantine/core";
import { type ReactNode, useState } from "react";

/** What a confirm-check dialog says; the caller's namespace has the words. */
export interface ConfirmCheckTexts {
  title: string;
  /** The checkbox the user ticks before the red button works. */
  check: string;
  submit: string;
  cancel: string;
  /** The close button's accessible name. */
  close: string;
}

/**
 * The frame of a dialog for a step that cannot be undone (ending a contract, ordinarily or
 * extraordinarily): the caller's explanation, a checkbox that must be ticked, the red submit and
 * cancel. `onConfirm` does the step; what it throws is shown in the dialog, which stays open.
 */
export function ConfirmCheckDialog({
  texts,
  testId,
  checkTestId,
  pending,
  onClose,
  onConfirm,
  children,
}: {
  texts: ConfirmCheckTexts;
  testId: string;
  checkTestId: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => Promise<void>;
  children: ReactNode;
}) {
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!checked) return;
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={texts.title}
      centered
      closeButtonProps={{ "aria-label": texts.close }}
    >
      <form noValidate onSubmit={submit} data-testid={testId}>
        <Stack gap="md">
          {children}
          <Checkbox
            label={texts.check}
            checked={checked}
            onChange={(e) => setChecked(e.currentTarget.checked)}
            data-testid={checkTestId}
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button type="submit" color="red" disabled={!checked} loading={pending}>
              {texts.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
