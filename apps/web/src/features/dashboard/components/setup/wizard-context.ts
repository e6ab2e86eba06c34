import type { SetupStep } from "@stempla/domain";
import type { CompanyView, PartnerProfileView } from "../../../../shared/partner/partner-calls.ts";
import type { SetupDraft, SetupState } from "../../api/setup-calls.ts";

/** What every step gets: the saved progress, the partner's data, and how to move on. */
export interface StepProps {
  setup: SetupState;
  partner: PartnerProfileView;
  company: CompanyView;
  /** Remembers the step's answer (draft or created location) and opens the next step. */
  next: (patch?: { draft?: SetupDraft; location_id?: number }) => Promise<void>;
  /** Opens a given step (back, or "no, change it" on the confirmation). */
  goTo: (step: SetupStep) => Promise<void>;
  back: (() => Promise<void>) | undefined;
  moving: boolean;
}
