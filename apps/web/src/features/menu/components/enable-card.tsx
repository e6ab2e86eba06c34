import { Alert, Button, Card, Group, Modal, Stack, Switch, Text } from "@mantine/core";
import type { MenuEditView } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSetMenuEnabled } from "../api/menu-calls.ts";

/**
 * The menu's switch. Turning it on is the booking (decision 009, section 1): the fee and that it
 * is billed from this month stand beside the switch and again in the confirmation.
 */
export function EnableCard({ menu }: { menu: MenuEditView }) {
  const { t } = useTranslation("menu");
  const setEnabled = useSetMenuEnabled(menu.location.id);
  const [confirming, setConfirming] = useState(false);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Switch
          size="md"
          checked={menu.enabled}
          label={t("enabled.label")}
          disabled={setEnabled.isPending}
          onChange={(e) => {
            if (e.currentTarget.checked) setConfirming(true);
            else setEnabled.mutate(false);
          }}
        />
        <Text size="sm" c="dimmed">
          {menu.enabled ? t("enabled.on") : t("enabled.fee")}
        </Text>
        {setEnabled.isError && (
          <Alert color="red" role="alert">
            {setEnabled.error.message}
          </Alert>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("enabled.confirmTitle")}
        closeButtonProps={{ "aria-label": t("close") }}
      >
        <Stack>
          <Text>{t("enabled.fee")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("cancel")}
            </Button>
            <Button
              loading={setEnabled.isPending}
              onClick={() => setEnabled.mutate(true, { onSuccess: () => setConfirming(false) })}
            >
              {t("enabled.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
