import type { CompanyType } from "../account/auth.ts";

/**
 * The partner set-up wizard (spec section 2), in order. The spec's list interleaves the location
 * with the card; here the location's steps stay together (name, address, confirmation, phone,
 * hours), then the card, then how to pay: a café owner answers one topic at a time. The same
 * wizard adds a further location later with only the location steps.
 */
export const SETUP_STEPS = [
  "locationName",
  "address",
  "locationConfirm",
  "phone",
  "openingHours",
  "categories",
  "logo",
  "publicName",
  "description",
  "points",
  "payment",
  "billing",
  "finish",
] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SETUP_MODES = ["account", "location"] as const;
export type SetupMode = (typeof SETUP_MODES)[number];

const LOCATION_STEPS: readonly SetupStep[] = [
  "locationName",
  "address",
  "locationConfirm",
  "phone",
  "openingHours",
  "finish",
];

/** The steps a company goes through: cumulative billing is only offered to franchisors. */
export function setupSteps(mode: SetupMode, companyType: CompanyType): SetupStep[] {
  if (mode === "location") return [...LOCATION_STEPS];
  return SETUP_STEPS.filter((step) => step !== "payment" || companyType === "master");
}

/** Steps that may be left without an answer. */
export const OPTIONAL_SETUP_STEPS: readonly SetupStep[] = ["logo", "phone", "openingHours"];

/**
 * Where a partner continues: the stored step if it belongs to its steps, otherwise the first.
 * Steps after the location was created cannot go back before it (the location exists by then).
 */
export function resumeStep(steps: readonly SetupStep[], stored: string | null | undefined): SetupStep {
  const found = steps.find((step) => step === stored);
  return found ?? steps[0]!;
}

export const nextSetupStep = (steps: readonly SetupStep[], current: SetupStep): SetupStep =>
  steps[Math.min(steps.indexOf(current) + 1, steps.length - 1)]!;

export const previousSetupStep = (steps: readonly SetupStep[], current: SetupStep): SetupStep =>
  steps[Math.max(steps.indexOf(current) - 1, 0)]!;
