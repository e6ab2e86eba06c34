import { FRANCHISE } from "../constants.ts";

/**
 * A master's invitation of a franchisee (docs/decisions/008-franchise-model.md, section 1).
 * `expired` is never stored: a `sent` invitation past `expires_at` reads as expired.
 */
export const INVITATION_STATES = ["checking", "sent", "accepted", "refused", "withdrawn"] as const;
export type StoredInvitationState = (typeof INVITATION_STATES)[number];
export const INVITATION_VIEW_STATES = [...INVITATION_STATES, "expired"] as const;
export type InvitationState = (typeof INVITATION_VIEW_STATES)[number];

/** States in which the email is reserved and the master may still withdraw. */
export const OPEN_INVITATION_STATES = [
  "checking",
  "sent",
] as const satisfies readonly StoredInvitationState[];

export type InvitationEvent =
  /** The provider team approved the invitation: a token is made and the mail goes out. */
  | "approved"
  /** The provider team refused it (the reason is mailed to the master). */
  | "refused"
  /** The master withdrew it. */
  | "withdrawn"
  /** The master sent the link again: a new token and a new expiry. */
  | "resent"
  /** The franchisee completed the registration with the link. */
  | "accepted";

export class InvitationTransitionError extends Error {
  constructor(
    readonly from: InvitationState,
    readonly event: InvitationEvent,
  ) {
    super(`no invitation transition from ${from} on ${event}`);
  }
}

/** The state an invitation reads as at `now`. */
export function invitationStateAt(
  row: { state: StoredInvitationState; expiresAt: Date | null },
  now: Date,
): InvitationState {
  if (row.state === "sent" && row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) {
    return "expired";
  }
  return row.state;
}

/** The stored state after `event`; throws when the event is not allowed in `state`. */
export function nextInvitationState(state: InvitationState, event: InvitationEvent): StoredInvitationState {
  switch (event) {
    case "approved":
    case "refused":
      if (state === "checking") return event === "approved" ? "sent" : "refused";
      break;
    case "withdrawn":
      if (state === "checking" || state === "sent" || state === "expired") return "withdrawn";
      break;
    case "resent":
      if (state === "sent" || state === "expired") return "sent";
      break;
    case "accepted":
      if (state === "sent") return "accepted";
      break;
  }
  throw new InvitationTransitionError(state, event);
}

/** When a link sent at `from` stops working. */
export function invitationExpiresAt(from: Date): Date {
  return new Date(from.getTime() + FRANCHISE.invitationLinkDays * 24 * 60 * 60 * 1000);
}

/** Whether the provider team's check is past its promised `FRANCHISE.invitationCheckDays`. */
export function invitationCheckOverdue(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() > FRANCHISE.invitationCheckDays * 24 * 60 * 60 * 1000;
}
