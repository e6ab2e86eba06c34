import { describe, expect, it } from "vitest";
import { FRANCHISE } from "../constants.ts";
import {
  INVITATION_VIEW_STATES,
  type InvitationEvent,
  type InvitationState,
  InvitationTransitionError,
  invitationCheckOverdue,
  invitationExpiresAt,
  invitationStateAt,
  nextInvitationState,
} from "./invitation.ts";

const DAY = 24 * 60 * 60 * 1000;
const EVENTS: InvitationEvent[] = ["approved", "refused", "withdrawn", "resent", "accepted"];

// Every allowed transition; everything else throws.
const ALLOWED: Partial<Record<`${InvitationState}:${InvitationEvent}`, InvitationState>> = {
  "checking:approved": "sent",
  "checking:refused": "refused",
  "checking:withdrawn": "withdrawn",
  "sent:withdrawn": "withdrawn",
  "sent:resent": "sent",
  "sent:accepted": "accepted",
  "expired:withdrawn": "withdrawn",
  "expired:resent": "sent",
};

describe("nextInvitationState", () => {
  for (const state of INVITATION_VIEW_STATES) {
    for (const event of EVENTS) {
      const next = ALLOWED[`${state}:${event}`];
      it(`${state} on ${event}: ${next ?? "refused"}`, () => {
        if (next) expect(nextInvitationState(state, event)).toBe(next);
        else expect(() => nextInvitationState(state, event)).toThrow(InvitationTransitionError);
      });
    }
  }

  it("an expired link can no longer be accepted", () => {
    expect(() => nextInvitationState("expired", "accepted")).toThrow(InvitationTransitionError);
  });
});

describe("invitationStateAt", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it("reads a sent invitation past its expiry as expired, and only a sent one", () => {
    const past = new Date(now.getTime() - 1);
    const future = new Date(now.getTime() + DAY);
    expect(invitationStateAt({ state: "sent", expiresAt: past }, now)).toBe("expired");
    expect(invitationStateAt({ state: "sent", expiresAt: now }, now)).toBe("expired");
    expect(invitationStateAt({ state: "sent", expiresAt: future }, now)).toBe("sent");
    expect(invitationStateAt({ state: "accepted", expiresAt: past }, now)).toBe("accepted");
    expect(invitationStateAt({ state: "checking", expiresAt: null }, now)).toBe("checking");
  });
});

describe("the invitation's dates", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it(`a link works for FRANCHISE.invitationLinkDays (${FRANCHISE.invitationLinkDays})`, () => {
    expect(invitationExpiresAt(now).getTime() - now.getTime()).toBe(FRANCHISE.invitationLinkDays * DAY);
  });
  it(`the team's check is overdue after FRANCHISE.invitationCheckDays (${FRANCHISE.invitationCheckDays})`, () => {
    const created = new Date(now.getTime() - FRANCHISE.invitationCheckDays * DAY);
    expect(invitationCheckOverdue(created, now)).toBe(false);
    expect(invitationCheckOverdue(new Date(created.getTime() - 1), now)).toBe(true);
  });
});
