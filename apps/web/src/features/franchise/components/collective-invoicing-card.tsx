import { Alert, Button, Card, Group, Modal, SimpleGrid, Stack, Switch, Text, Title } from "@mantine/core";
import { addMonths, type FranchiseView } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { CardField } from "../../../shared/ui/card-field.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { useContract, useSetCollectiveInvoicing } from "../api/network-calls.ts";

type MasterView = Extract<FranchiseView, { role: "master" }>;

/**
 * Collective invoicing per billing period (docs/decisions/008-franchise-model.md, section 5): the
 * running month is fixed, a switch applies from the next one, whose first day is shown. Switching
 * asks first, because every franchisee is mailed and a switch-off lets each terminate
 * extraordinarily within FRANCHISE.extraordinaryNoticeDays.
 */
export function CollectiveInvoicingCard({ view }: { view: MasterView }) {
  const { t } = useTranslation("franchise");
  const format = useLocaleFormats();
  const [asking, setAsking] = useState<boolean>();
  const contract = useContract();
  const { current, next, next_effective_from: nextFrom } = view.collective_invoicing;
  const thisMonth = addMonths(nextFrom, -1);
  // A master never billed switches the running month (decision 008, section 5); otherwise the
  // running month is fixed and a switch applies from the next.
  const immediate = contract.data !== undefined && contract.data.start === null;
  const from = immediate ? thisMonth : nextFrom;
  const switched = immediate ? current : next;
  const state = (on: boolean) => (
    <SoftBadge color={on ? "green" : "gray"}>{t(on ? "collective.on" : "collective.off")}</SoftBadge>
  );

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="collective-invoicing">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg">
            {t("collective.title")}
          </Title>
          <Text size="sm" c="dark.6">
            {t("collective.intro")}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <CardField label={t("collective.current", { month: format.monthLong(thisMonth) })}>
            <span data-testid="collective-current" data-on={current}>
              {state(current)}
            </span>
          </CardField>
          <CardField label={t("collective.next", { date: format.day(nextFrom) })}>
            <span data-testid="collective-next" data-on={next}>
              {state(next)}
            </span>
          </CardField>
        </SimpleGrid>
        <Switch
          checked={switched}
          disabled={contract.isPending}
          onChange={(e) => setAsking(e.currentTarget.checked)}
          label={t("collective.switch", { date: format.day(from) })}
          description={
            immediate
              ? t("collective.switchHintNotBilled", { month: format.monthLong(thisMonth) })
              : t("collective.switchHint", { month: format.monthLong(thisMonth) })
          }
          data-testid="collective-switch"
        />
      </Stack>
      {asking !== undefined && (
        <ConfirmSwitch
          enabled={asking}
          from={from}
          // Windows open when the master stops paying: it paid the month before the switch, which a
          // master never billed did not (the server's rule, modules/franchise/collective-invoicing.ts).
          opensWindows={!asking && current && !immediate}
          onClose={() => setAsking(undefined)}
        />
      )}
    </Card>
  );
}

function ConfirmSwitch({
  enabled,
  from,
  opensWindows,
  onClose,
}: {
  enabled: boolean;
  from: string;
  opensWindows: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("franchise");
  const format = useLocaleFormats();
  const save = useSetCollectiveInvoicing();
  const [error, setError] = useState<string | null>(null);
  const date = format.day(from);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(enabled ? "collective.confirm.onTitle" : "collective.confirm.offTitle")}
      centered
      closeButtonProps={{ "aria-label": t("close") }}
    >
      <Stack gap="md" data-testid="collective-confirm">
        <Text>
          {t(
            enabled
              ? "collective.confirm.onText"
              : opensWindows
                ? "collective.confirm.offText"
                : "collective.confirm.offTextNoWindow",
            {
              date,
            },
          )}
        </Text>
        <Text size="sm" c="dark.6">
          {t("collective.confirm.mail")}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button
            color={enabled ? undefined : "red"}
            loading={save.isPending}
            onClick={() =>
              save.mutate(enabled, {
                onSuccess: () => {
                  notify("green", t(enabled ? "collective.doneOn" : "collective.doneOff", { date }));
                  onClose();
                },
                onError: (e) => setError(e.message),
              })
            }
          >
            {t(enabled ? "collective.confirm.onSubmit" : "collective.confirm.offSubmit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
