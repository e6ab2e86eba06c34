import type { AccountStatus } from "./auth.ts";

/**
 * Account status rules: one place for what a partner still has to provide and which colour follows
 * from an event. The colours and when each applies are described in docs/product.md, "Account status".
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
  /** The partner confirmed its email address (by the mailed link, or by a password reset link). */
  | { type: "email_confirmed" }
  /** The partner's data changed; `reviewedDataChanged` when it touched data the team had approved. */
  | { type: "data_changed"; reviewedDataChanged: boolean }
  | { type: "approved" }
  | { type: "blocked" }
  | { type: "unblocked" };

export class StatusTransitionError extends Error {
  constructor(
    readonly from: AccountStatus,
    readonly event: StatusEvent["type"],
  ) {
    super(`no transition from ${from} on ${event}`);
  }
}

/** Why a red account is red: the team blocked it, or a live account lost required data. */
export const RED_CAUSES = ["blocked", "incomplete"] as const;
export type RedCause = (typeof RED_CAUSES)[number];

/** What the colour rules need to know of an account's past. */
export interface StatusHistory {
  /** The team approved the account before (it has been live; its contract has started). */
  approvedBefore: boolean;
  /** For a red account: why it is red. */
  redCause?: RedCause | undefined;
}

/**
 * The colour after an event (docs/product.md, "Account status"):
 * - black until the email address is confirmed (an invited franchisee, too, confirms the address
 *   it registers with; until then it is black, "invitation sent"),
 * - gray while required data is missing and the account was never live,
 * - red when the team blocks it, or when a live account loses required data (it must be set up,
 *   so its card is no longer published until the data is complete and reviewed again).
 */
export function nextStatus(
  current: AccountStatus,
  event: StatusEvent,
  facts: SetupFacts,
  history: StatusHistory,
): AccountStatus {
  const complete = missingRequirements(facts).length === 0;
  const setUp = complete ? "yellow" : "gray";
  switch (event.type) {
    case "email_confirmed":
      // Confirming again (a password reset link) changes nothing once the registration is done.
      return current === "black" ? setUp : current;
    case "data_changed":
      switch (current) {
        case "gray":
        case "yellow":
          // Set-up completes into review by itself, and falls back when something is removed.
          return setUp;
        case "green":
          if (!complete) return "red";
          return event.reviewedDataChanged ? "orange" : "green";
        case "orange":
          return complete ? "orange" : "red";
        case "red":
          // Completing the data of a live account sends it to review; a block stays a block.
          return history.redCause === "incomplete" && complete ? "orange" : "red";
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
      if (current === "black" || (current === "red" && history.redCause !== "incomplete")) {
        throw new StatusTransitionError(current, event.type);
      }
      return "red";
    case "unblocked":
      if (current !== "red" || history.redCause === "incomplete") {
        throw new StatusTransitionError(current, event.type);
      }
      if (!complete) return history.approvedBefore ? "red" : "gray";
      return history.approvedBefore ? "orange" : "yellow";
  }
}

/** Accounts the provider team has to look at: new set-ups and changes. */
export const REVIEW_STATUSES: readonly AccountStatus[] = ["yellow", "orange"];
