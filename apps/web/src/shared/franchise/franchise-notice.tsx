import { Alert, Box, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { addMonths, type FranchiseView } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../auth/auth-store.ts";
import { useLocaleFormats } from "../lib/formats.ts";
import { ConfirmCheckDialog } from "../ui/confirm-check-dialog.tsx";
import { notify } from "../ui/notify.ts";
import { StatusBadge } from "../ui/status-badge.tsx";
import { useContractView, useExtraordinaryTermination, useFranchiseView } from "./franchise-calls.ts";

type FranchiseeView = Extract<FranchiseView, { role: "franchisee" }>;

/** The day before a period's first day (YYYY-MM-DD): the last day of the month before it. */
export function dayBefore(isoDay: string): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * What a franchisee sees of its network (docs/decisions/008-franchise-model.md, sections 2 and 6):
 * its master's name and status, who pays this month and from the next period on, and, while the
 * master's switch-off of collective invoicing keeps a window open, the extraordinary termination
 * (docs/product.md, "Extraordinary termination"). Nothing for anyone else. `embedded` drops the
 * card frame (inside the contract card).
 */
export function FranchiseNotice({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation("franchise");
  const auth = useAuth();
  // Only a franchisee has a master; everyone else is spared the request.
  const franchisee = auth.status === "signed-in" && auth.profile.company?.type === "slave";
  const view = useFranchiseView(franchisee);
  if (!franchisee || view.data?.role !== "franchisee") return null;
  const body = <FranchiseeNoticeBody view={view.data} />;
  if (embedded) return <Box mt="sm">{body}</Box>;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="franchise-notice-card">
      <Title order={2} fz="lg" mb="xs">
        {t("notice.title")}
      </Title>
      {body}
    </Card>
  );
}

function FranchiseeNoticeBody({ view }: { view: FranchiseeView }) {
  const { t } = useTranslation("franchise");
  const format = useLocaleFormats();
  const [confirming, setConfirming] = useState(false);
  const master = view.master.name;
  const payer = (who: "self" | "master") =>
    who === "master" ? t("notice.paysMaster", { master }) : t("notice.paysSelf");
  const contract = useContractView(true);
  const endsOn = contract.data?.termination?.ends_on;
  const endsBeforeNext = endsOn !== undefined && endsOn < view.next_effective_from;
  const termWindow = view.termination_window;
  // The month the switch-off applies to: the next one, or this one when the master was never billed
  // and its switch applied at once (then this month is already "self"). The contract ends the day before.
  const offFrom =
    view.pays.current === "self" ? addMonths(view.next_effective_from, -1) : view.next_effective_from;
  const end = format.day(dayBefore(offFrom));

  return (
    <Stack gap="xs" data-testid="franchise-notice">
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{t("notice.master", { master })}</Text>
        <StatusBadge status={view.master.status} />
      </Group>
      <Text size="sm" data-testid="franchise-notice-current">
        {t("notice.current", { payer: payer(view.pays.current) })}
      </Text>
      <Text size="sm" data-testid="franchise-notice-next">
        {endsBeforeNext
          ? t("notice.ends", { date: format.day(endsOn) })
          : t("notice.next", {
              date: format.day(view.next_effective_from),
              payer: payer(view.pays.next),
            })}
      </Text>
      {termWindow && (
        <Alert color="orange" variant="light" mt="xs" data-testid="franchise-termination-window">
          <Stack gap="xs">
            <Text size="sm" fw={700}>
              {t("notice.window.title", { until: format.dateTime(termWindow.closes_at) })}
            </Text>
            <Text size="sm">
              {t("notice.window.text", {
                master,
                date: format.day(offFrom),
                end,
              })}
            </Text>
            <Group>
              <Button
                variant="outline"
                color="red.9"
                onClick={() => setConfirming(true)}
                data-testid="franchise-terminate"
              >
                {t("notice.window.button")}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {confirming && termWindow && (
        <ConfirmExtraordinary
          end={end}
          until={format.dateTime(termWindow.closes_at)}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}

function ConfirmExtraordinary({ end, until, onClose }: { end: string; until: string; onClose: () => void }) {
  const { t } = useTranslation("franchise");
  const format = useLocaleFormats();
  const terminate = useExtraordinaryTermination();

  const confirm = async () => {
    const result = (await terminate.mutateAsync()) as {
      data?: { termination?: { ends_on?: string } | null };
    };
    const endsOn = result?.data?.termination?.ends_on;
    notify("green", t("notice.confirm.done", { end: endsOn ? format.day(endsOn) : end }));
    onClose();
  };

  return (
    <ConfirmCheckDialog
      texts={{
        title: t("notice.confirm.title"),
        check: t("notice.confirm.check", { end }),
        submit: t("notice.confirm.submit"),
        cancel: t("cancel"),
        close: t("close"),
      }}
      testId="franchise-terminate-confirm"
      checkTestId="franchise-terminate-check"
      pending={terminate.isPending}
      onClose={onClose}
      onConfirm={confirm}
    >
      <Text>{t("notice.confirm.text", { end, until })}</Text>
    </ConfirmCheckDialog>
  );
}
