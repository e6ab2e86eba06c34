import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  type AdminInvitation,
  INVITATION_VIEW_STATES,
  type InvitationState,
  translate,
} from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { PageButtons } from "../../../shared/ui/page-buttons.tsx";
import { ReasonDialog } from "../../../shared/ui/reason-dialog.tsx";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { PAGE_SIZE } from "../api/admin-calls.ts";
import { useDecideInvitation } from "../api/decide-invitation.ts";
import { useInvitationQueue } from "../api/get-invitation-queue.ts";
import { useFormats } from "./formats.ts";

/** A green dark enough for white button text (WCAG AA), as on the partner page's approval. */
const APPROVE_GREEN = "#1f7a35";

/** The longest reason POST /admin/invitations/{id}/refuse takes (refuseInvitationSchema). */
const REASON_MAX = 1000;

const STATE_COLORS: Record<InvitationState, string> = {
  checking: "yellow",
  sent: "blue",
  expired: "orange",
  accepted: "green",
  refused: "red",
  withdrawn: "gray",
};

/**
 * Franchise invitations for the team to check (docs/decisions/008-franchise-model.md, section 3):
 * the oldest first, overdue after the promised days; approve mails the invited company its link,
 * refuse mails the master the reason. The other states can be looked up with the filter. Cards
 * rather than a table, so the buttons stay in reach on a phone.
 */
export function InvitationQueue() {
  const { t } = useTranslation("admin");
  const [state, setState] = useState<InvitationState>("checking");
  const [page, setPage] = useState(1);
  const invitations = useInvitationQueue(state, "", page);
  const total = invitations.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={760}>
        {t("invitations.intro")}
      </Text>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label={t("invitations.state")}
          data={INVITATION_VIEW_STATES.map((value) => ({
            value,
            label: t(`invitations.states.${value}`),
          }))}
          value={state}
          allowDeselect={false}
          onChange={(value) => {
            if (!value) return;
            setState(value as InvitationState);
            setPage(1);
          }}
          w={{ base: "100%", xs: 240 }}
        />
        {invitations.data && total > 0 && (
          <Text size="sm" c="dimmed">
            {t(state === "checking" ? "invitations.countChecking" : "invitations.count", { count: total })}
          </Text>
        )}
      </Group>
      {invitations.isPending && <Skeleton h={160} radius="md" aria-label={t("invitations.loading")} />}
      {invitations.isError && (
        <Alert color="red" role="alert">
          {invitations.error.message}
        </Alert>
      )}
      {invitations.data && total === 0 && state === "checking" && (
        <Card withBorder radius="lg" padding="xl" data-testid="invitations-empty">
          <Stack align="center" ta="center" gap="xs">
            <ThemeIcon size={48} radius="xl" color="green.7" variant="light" aria-hidden="true">
              <Icon name="check" size={26} />
            </ThemeIcon>
            <Title order={2} fz="lg">
              {t("invitations.emptyTitle")}
            </Title>
            <Text c="dimmed" maw={520}>
              {t("invitations.emptyText")}
            </Text>
          </Stack>
        </Card>
      )}
      {invitations.data && total === 0 && state !== "checking" && (
        <Text c="dimmed" py="md" ta="center">
          {t("invitations.none")}
        </Text>
      )}
      {invitations.data && invitations.data.data.length > 0 && (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, lg: 2 }}
          spacing="md"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-label={t("invitations.list")}
        >
          {invitations.data.data.map((invitation) => (
            <InvitationCard key={invitation.id} invitation={invitation} />
          ))}
        </SimpleGrid>
      )}
      {pages > 1 && <PageButtons total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}

function InvitationCard({ invitation }: { invitation: AdminInvitation }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const format = useFormats();
  const { pathname, search } = useLocation();
  const decide = useDecideInvitation();
  const [refusing, setRefusing] = useState(false);
  // A new dialog (empty reason) each time it opens.
  const [dialogKey, setDialogKey] = useState(0);
  const now = Date.now();
  const name = invitation.company_name;
  const checking = invitation.state === "checking";

  const approve = () =>
    decide.mutate(
      { id: invitation.id, decision: { action: "approve" } },
      {
        onSuccess: () => notify("green", t("invitations.approved", { name, email: invitation.email })),
        // 409: someone else decided first; the list is loaded again either way.
        onError: (error) => notify("red", error.message),
      },
    );

  const refuse = (reason: string, fail: (message: string) => void) =>
    decide.mutate(
      { id: invitation.id, decision: { action: "refuse", reason } },
      {
        onSuccess: () => {
          setRefusing(false);
          notify("green", t("invitations.refused", { name }));
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.fieldErrors.reason?.[0] : undefined;
          if (field) return fail(field);
          setRefusing(false);
          notify("red", error.message);
        },
      },
    );

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      data-testid="invitation-row"
      data-invitation-id={invitation.id}
      data-state={invitation.state}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: "anywhere" }}>
              {name}
            </Text>
            <Text size="sm">
              {t("invitations.invitedBy")}{" "}
              <Anchor
                component={Link}
                to={paths.adminPartner(locale, { id: invitation.master_company_id })}
                state={{ from: `${pathname}${search}` }}
                inherit
                fw={600}
              >
                {invitation.master_name}
              </Anchor>
            </Text>
          </div>
          {/* The badge keeps its word whole; the company name wraps instead. */}
          <Box style={{ flexShrink: 0 }}>
            <SoftBadge color={STATE_COLORS[invitation.state]}>
              {t(`invitations.states.${invitation.state}`)}
            </SoftBadge>
          </Box>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <div>
            <Text size="xs" c="dimmed" fw={600}>
              {t("invitations.contact")}
            </Text>
            <Text size="sm">
              {invitation.contact_name} {invitation.contact_surname}
            </Text>
            <Anchor href={`mailto:${invitation.email}`} size="sm" style={{ overflowWrap: "anywhere" }}>
              {invitation.email}
            </Anchor>
          </div>
          <div>
            <Text size="xs" c="dimmed" fw={600}>
              {t("invitations.created")}
            </Text>
            <Text size="sm">{format.dateTime(invitation.created_at)}</Text>
            {checking && (
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {format.waiting(invitation.created_at, now)}
                </Text>
                {invitation.overdue && <SoftBadge color="red">{t("invitations.overdue")}</SoftBadge>}
              </Group>
            )}
          </div>
        </SimpleGrid>
        {invitation.expires_at && (invitation.state === "sent" || invitation.state === "expired") && (
          <Text size="sm" c="dimmed">
            {t(invitation.state === "sent" ? "invitations.validUntil" : "invitations.expiredOn", {
              date: format.dateTime(invitation.expires_at),
            })}
          </Text>
        )}
        {invitation.refusal_reason && (
          <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            <Text span fw={600} inherit>
              {t("invitations.reason")}:
            </Text>{" "}
            {invitation.refusal_reason}
          </Text>
        )}
        {checking && (
          <Group justify="flex-end" gap="sm" mt="auto">
            <Button
              variant="outline"
              color="red.9"
              onClick={() => {
                setDialogKey((key) => key + 1);
                setRefusing(true);
              }}
              aria-label={t("invitations.refuseLabel", { name })}
            >
              {t("invitations.refuse")}
            </Button>
            <Button
              color={APPROVE_GREEN}
              loading={decide.isPending && decide.variables?.decision.action === "approve"}
              onClick={approve}
              aria-label={t("invitations.approveLabel", { name })}
            >
              {t("invitations.approve")}
            </Button>
          </Group>
        )}
      </Stack>
      <ReasonDialog
        key={dialogKey}
        opened={refusing}
        texts={{
          title: t("invitations.refuseDialog.title", { name }),
          text: t("invitations.refuseDialog.text", { master: invitation.master_name }),
          reason: t("invitations.refuseDialog.reason"),
          hint: t("invitations.refuseDialog.hint"),
          submit: t("invitations.refuseDialog.submit"),
          cancel: t("invitations.refuseDialog.cancel"),
          close: t("invitations.refuseDialog.close"),
          empty: translate("invitation.refusalReason.required", locale),
        }}
        required
        danger
        maxLength={REASON_MAX}
        pending={decide.isPending}
        onClose={() => setRefusing(false)}
        onSubmit={refuse}
      />
    </Paper>
  );
}
