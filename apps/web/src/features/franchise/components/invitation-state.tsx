import { Text } from "@mantine/core";
import type { FranchiseInvitation, InvitationState } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";

const COLORS: Record<InvitationState, string> = {
  checking: "yellow",
  sent: "blue",
  accepted: "green",
  refused: "red",
  withdrawn: "gray",
  expired: "orange",
};

/** An invitation's state as a badge. */
export function InvitationStateBadge({ state }: { state: InvitationState }) {
  const { t } = useTranslation("franchise");
  return (
    <span data-testid="invitation-state" data-state={state} style={{ display: "inline-block" }}>
      <SoftBadge color={COLORS[state]}>{t(`invitations.states.${state}`)}</SoftBadge>
    </span>
  );
}

/** What the state means for this invitation: the check's promise, the link's expiry, the refusal's reason. */
export function InvitationStateDetail({ invitation }: { invitation: FranchiseInvitation }) {
  const { t } = useTranslation("franchise");
  const format = useLocaleFormats();
  const detail = (() => {
    switch (invitation.state) {
      case "checking":
        return t("invitations.detail.checking");
      case "sent":
        return invitation.expires_at
          ? t("invitations.detail.sent", { date: format.dateTime(invitation.expires_at) })
          : null;
      case "expired":
        return invitation.expires_at
          ? t("invitations.detail.expired", { date: format.dateTime(invitation.expires_at) })
          : null;
      case "refused":
        return invitation.refusal_reason
          ? t("invitations.detail.refused", { reason: invitation.refusal_reason })
          : null;
      default:
        return null;
    }
  })();
  if (!detail) return null;
  return (
    <Text size="xs" c="dark.6" mt={4} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
      {detail}
    </Text>
  );
}
