import { z } from "zod";
import { dataOf } from "../api/envelope.ts";
import { oneLineString } from "../validation/fields.ts";
import { SETUP_MODES, SETUP_STEPS } from "./setup-wizard.ts";

// Request and response shapes of the set-up wizard's endpoints (spec section 2: /dashboard/setup).

// Kept as typed (no trim), but never with control characters: the draft is stored as text.
const draftText = oneLineString("input.invalid", { trim: false }).max(250, { error: "text.max" }).optional();
/** What belongs to the location before it is created; checked for real when the location is saved. */
export const setupDraftSchema = z.object({
  name: draftText,
  street: draftText,
  building: draftText,
  postcode: draftText,
  city: draftText,
  country: draftText,
  // The pin placed on the address step's map, as typed numbers (docs/geo-positions.md).
  latitude: draftText,
  longitude: draftText,
});
export type SetupDraft = z.input<typeof setupDraftSchema>;

/** PUT /dashboard/setup: the current step, the location draft and the location the wizard created. */
export const setupSaveSchema = z.object({
  step: z.enum(SETUP_STEPS, { error: "input.invalid" }),
  draft: setupDraftSchema.optional(),
  location_id: z.number().int().positive().nullable().optional(),
});
export type SetupSaveInput = z.input<typeof setupSaveSchema>;

/** Where the wizard stands; every set-up endpoint answers with it. */
export const setupViewSchema = z.object({
  mode: z.enum(SETUP_MODES),
  step: z.enum(SETUP_STEPS),
  steps: z.array(z.enum(SETUP_STEPS)),
  draft: z.record(z.string(), z.string().optional()),
  location_id: z.number().nullable(),
  active: z.boolean(),
  account_completed_at: z.string().nullable(),
});
export type SetupView = z.infer<typeof setupViewSchema>;

export const setupResponseSchema = dataOf(setupViewSchema);
