import {
  Alert,
  Box,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { FranchiseInvitation } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedList } from "../../../shared/franchise/paged-list.tsx";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { CardField } from "../../../shared/ui/card-field.tsx";
import { CardList } from "../../../shared/ui/card-list.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import {
  INVITATIONS_PER_PAGE,
  useInvitations,
  useResendInvitation,
  useWithdrawInvitation,
} from "../api/invitation-calls.ts";
import { InvitationStateBadge, InvitationStateDetail } from "./invitation-state.tsx";
import { InviteDialog } from "./invite-dialog.tsx";

const canResend = (i: FranchiseInvitation) => i.state === "sent" || i.state === "expired";
// Withdrawing also works on an expired invitation (decision 008, section 3 "As built").
const canWithdraw = (i: FranchiseInvitation) =>
  i.state === "checking" || i.state === "sent" || i.state === "expired";

/** The master's invitations with their state, resend and withdraw, and the invite dialog. */
export function InvitationsSection() {
  const { t } = useTranslation("franchise");
  const [page, setPage] = useState(1);
  const list = useInvitations(page);
  const [inviting, invite] = useDisclosure(false);
  const [withdrawing, setWithdrawing] = useState<FranchiseInvitation>();

  return (
    <Stack gap="sm" data-testid="invitations">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz="lg">
          {t("invitations.title")}
        </Title>
        <Button onClick={invite.open} data-testid="invite-open">
          {t("invite.open")}
        </Button>
      </Group>
      <Alert color="blue" variant="light" data-testid="invitation-check-note">
        <Text size="sm">{t("invitations.note")}</Text>
      </Alert>
      <PagedList
        list={list}
        page={page}
        perPage={INVITATIONS_PER_PAGE}
        onPage={setPage}
        empty={t("invitations.empty")}
      >
        {(rows, wide) =>
          wide ? (
            <InvitationsTable invitations={rows} onWithdraw={setWithdrawing} />
          ) : (
            <InvitationCards invitations={rows} onWithdraw={setWithdrawing} />
          )
        }
      </PagedList>
      <InviteDialog opened={inviting} onClose={invite.close} />
      {withdrawing && <ConfirmWithdraw invitation={withdrawing} onClose={() => setWithdrawing(undefined)} />}
    </Stack>
  );
}

type RowProps = { invitations: FranchiseInvitation[]; onWithdraw: (i: FranchiseInvitation) => void };

function InvitationsTable({ invitations, onWithdraw }: RowProps) {
  const { t } = useTranslation("franchise");
  const format = useLocaleFormats();
  const th = (key: string) => (
    <Table.Th fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
      {t(key)}
    </Table.Th>
  );
  return (
    <Table.ScrollContainer minWidth={820} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="sm" fz="sm" aria-label={t("invitations.title")}>
        <Table.Thead>
          <Table.Tr>
            {th("invitations.company")}
            {th("invitations.contact")}
            {th("invitations.state")}
            {th("invitations.created")}
            <Table.Th>
              <VisuallyHidden>{t("invitations.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitations.map((invitation) => (
            <Table.Tr key={invitation.id} data-testid="invitation">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {invitation.company_name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {invitation.contact_name} {invitation.contact_surname}
                </Text>
                <Text size="xs" c="dark.6" style={{ overflowWrap: "anywhere" }}>
                  {invitation.email}
                </Text>
              </Table.Td>
              <Table.Td maw={280}>
                <InvitationStateBadge state={invitation.state} />
                <InvitationStateDetail invitation={invitation} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
                {format.dateMedium(invitation.created_at)}
              </Table.Td>
              <Table.Td>
                <InvitationActions invitation={invitation} onWithdraw={onWithdraw} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function InvitationCards({ invitations, onWithdraw }: RowProps) {
  const { t } = useTranslation("franchise");
  const format = useLocaleFormats();
  return (
    <CardList items={invitations} label={t("invitations.title")} testId="invitation">
      {(invitation) => (
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text fw={700} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
              {invitation.company_name}
            </Text>
            {/* The name wraps; the state stays whole beside it. */}
            <Box style={{ flexShrink: 0 }}>
              <InvitationStateBadge state={invitation.state} />
            </Box>
          </Group>
          <InvitationStateDetail invitation={invitation} />
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            <CardField label={t("invitations.contact")}>
              {invitation.contact_name} {invitation.contact_surname}
              <Text size="xs" c="dark.6" style={{ overflowWrap: "anywhere" }}>
                {invitation.email}
              </Text>
            </CardField>
            <CardField numeric label={t("invitations.created")}>
              {format.dateMedium(invitation.created_at)}
            </CardField>
          </SimpleGrid>
          <InvitationActions invitation={invitation} onWithdraw={onWithdraw} />
        </Stack>
      )}
    </CardList>
  );
}

function InvitationActions({
  invitation,
  onWithdraw,
}: {
  invitation: FranchiseInvitation;
  onWithdraw: (i: FranchiseInvitation) => void;
}) {
  const { t } = useTranslation("franchise");
  const format = useLocaleFormats();
  const resend = useResendInvitation();
  if (!canResend(invitation) && !canWithdraw(invitation)) return null;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {canResend(invitation) && (
        <Button
          size="xs"
          variant="default"
          loading={resend.isPending}
          aria-label={t("invitations.resendLabel", { company: invitation.company_name })}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: (updated) =>
                notify(
                  "green",
                  t("invitations.resent", {
                    email: updated.email,
                    date: updated.expires_at ? format.dateTime(updated.expires_at) : "",
                  }),
                ),
              onError: (error) => notify("red", error.message),
            })
          }
        >
          {t("invitations.resend")}
        </Button>
      )}
      {canWithdraw(invitation) && (
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          aria-label={t("invitations.withdrawLabel", { company: invitation.company_name })}
          onClick={() => onWithdraw(invitation)}
        >
          {t("invitations.withdraw")}
        </Button>
      )}
    </Group>
  );
}

function ConfirmWithdraw({ invitation, onClose }: { invitation: FranchiseInvitation; onClose: () => void }) {
  const { t } = useTranslation("franchise");
  const withdraw = useWithdrawInvitation();
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("invitations.withdrawTitle")}
      centered
      closeButtonProps={{ "aria-label": t("close") }}
    >
      <Stack gap="md" data-testid="withdraw-confirm">
        <Text>
          {t("invitations.withdrawText", { company: invitation.company_name, email: invitation.email })}
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
            color="red"
            loading={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(invitation.id, {
                onSuccess: () => {
                  notify("green", t("invitations.withdrawn", { company: invitation.company_name }));
                  onClose();
                },
                onError: (e) => setError(e.message),
              })
            }
          >
            {t("invitations.withdrawSubmit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
