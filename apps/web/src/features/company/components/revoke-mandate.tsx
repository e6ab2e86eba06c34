import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccountStatus } from "../../../shared/api/account-status.ts";
import { useRevokePayment } from "../../../shared/partner/partner-calls.ts";
import { notify } from "../../../shared/ui/notify.ts";

/**
 * Revoking the SEPA mandate, which a debtor may do at any time. A live account then misses a
 * requirement and turns red until a new mandate is reviewed (docs/product.md, "Account status"),
 * so the dialog says so before the partner confirms.
 */
export function RevokeMandate() {
  const { t } = useTranslation("company");
  const [open, setOpen] = useState(false);
  const revoke = useRevokePayment();
  const live = useAccountStatus().data?.approved_at != null;

  return (
    <>
      <Button variant="subtle" color="red" c="red.9" size="compact-sm" onClick={() => setOpen(true)}>
        {t("revoke.button")}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t("revoke.title")}
        centered
        closeButtonProps={{ "aria-label": t("close") }}
      >
        <Stack>
          <Text size="sm">{t(live ? "revoke.textLive" : "revoke.textSetUp")}</Text>
          <Text size="sm" c="dark.6">
            {t("revoke.invoices")}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button
              color="red.9"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => {
                    setOpen(false);
                    notify("green", t("revoke.done"));
                  },
                  onError: (error) => notify("red", error.message),
                })
              }
            >
              {t("revoke.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
