import type { AccountStatus } from "./auth.ts";

/**
 * Account status rules (spec section 4; issue "Partner set-up"): one place for what a partner
 * still has to provide and which colour follows from an event.
 */

/** What a partner must provide before the provider team reviews the account. */
export const SETUP_REQUIREMENTS = ["imprint", "contact", "billing", "location", "card", "sepa"] as const;
export type SetupRequirement = (typeof SETUP_REQUIREMENTS)[number];

export interface SetupFacts {
  /** Company name, legal form and business address (the imprint's data). */
  imprintComplete: boolean;
  /** Contact person's name and phone. */
  contactComplete: boolean;
  /** Billing address. */
  billingComplete: boolean;
  /** Locations the partner has. */
  locations: number;
  /** Offer description and maximum points of the bonus card. */
  cardComplete: boolean;
  /** Account holder, IBAN and an accepted SEPA mandate. */
  sepaMandate: boolean;
}

export function missingRequirements(facts: SetupFacts): SetupRequirement[] {
  const met: Record<SetupRequirement, boolean> = {
    imprint: facts.imprintComplete,
    contact: facts.contactComplete,
    billing: facts.billingComplete,
    location: facts.locations > 0,
    card: facts.cardComplete,
    sepa: facts.sepaMandate,
  };
  return SETUP_REQUIREMENTS.filter((requirement) => !met[requirement]);
}

export type StatusEvent =
  /** The partner's data changed; `reviewedDataChanged` when it touched data the team had approved. */
  | { type: "data_changed"; reviewedDataChanged: boolean }
  | { type: "approved" }
  | { type: "blocked" }
  | { type: "unblocked" }
  /** An invited franchisee completed its registration. */
  | { type: "invitation_accepted" };

export class StatusTransitionError extends Error {
  constructor(
    readonly from: AccountStatus,
    readonly event: StatusEvent["type"],
  ) {
    super(`no transition from ${from} on ${event}`);
  }
}

/**
 * The colour after an event. `approvedBefore` tells whether the team ever approved the account
 * (an unblocked account that was live goes back to review of its changes, not to set-up).
 */
export function nextStatus(
  current: AccountStatus,
  event: StatusEvent,
  facts: SetupFacts,
  approvedBefore: boolean,
): AccountStatus {
  const complete = missingRequirements(facts).length === 0;
  switch (event.type) {
    case "invitation_accepted":
      if (current !== "black") throw new StatusTransitionError(current, event.type);
      return complete ? "yellow" : "gray";
    case "data_changed":
      switch (current) {
        case "gray":
        case "yellow":
          // Set-up completes into review by itself, and falls back when something is removed.
          return complete ? "yellow" : "gray";
        case "green":
          return event.reviewedDataChanged ? "orange" : "green";
        case "orange":
        case "red":
        case "black":
          return current;
      }
      break;
    case "approved":
      // Only complete data can go live, even if something was removed during the review.
      if ((current !== "yellow" && current !== "orange") || !complete) {
        throw new StatusTransitionError(current, event.type);
      }
      return "green";
    case "blocked":
      if (current === "red" || current === "black") throw new StatusTransitionError(current, event.type);
      return "red";
    case "unblocked":
      if (current !== "red") throw new StatusTransitionError(current, event.type);
      if (!complete) return "gray";
      return approvedBefore ? "orange" : "yellow";
  }
}

/** Accounts the provider team has to look at: new set-ups and changes. */
export const REVIEW_STATUSES: readonly AccountStatus[] = ["yellow", "orange"];
