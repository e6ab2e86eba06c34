import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Back on the left; skip (optional steps) and continue on the right. Continue submits the step's form. */
export function StepActions({
  back,
  skip,
  loading,
  continueLabel,
  onContinue,
}: {
  back?: (() => void) | undefined;
  skip?: (() => void) | undefined;
  loading?: boolean;
  continueLabel?: string;
  /** Without it the button submits the surrounding form. */
  onContinue?: () => void;
}) {
  const { t } = useTranslation("setup");
  return (
    <Group justify="space-between" mt="xl" gap="sm">
      {back ? (
        <Button variant="subtle" color="gray" onClick={back} disabled={loading}>
          {t("actions.back")}
        </Button>
      ) : (
        <span />
      )}
      <Group gap="sm">
        {skip && (
          <Button variant="default" onClick={skip} disabled={loading}>
            {t("actions.skip")}
          </Button>
        )}
        <Button type={onContinue ? "button" : "submit"} onClick={onContinue} loading={loading}>
          {continueLabel ?? t("actions.continue")}
        </Button>
      </Group>
    </Group>
  );
}
