import { type CompanyType, resumeStep, type SetupMode, type SetupStep, setupSteps } from "@stempla/domain";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { companies, locations, setupProgress } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";

export type SetupDraft = Record<string, string | undefined>;

export interface SetupState {
  mode: SetupMode;
  step: SetupStep;
  steps: SetupStep[];
  draft: SetupDraft;
  location_id: number | null;
  /** The wizard is open: account set-up not finished yet, or a location being added. */
  active: boolean;
  account_completed_at: string | null;
}

async function companyType(db: Database, companyId: number): Promise<CompanyType> {
  const [company] = await db
    .select({ type: companies.type })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw HttpError.notFound();
  return company.type;
}

/** GET /dashboard/setup: where the partner continues; a partner who never started begins at step one. */
export async function getSetup(db: Database, companyId: number): Promise<SetupState> {
  // One query after the other: `db` may be a transaction (the demo seed saves steps in one), and
  // one connection runs one query at a time (node-postgres refuses overlapping ones).
  const type = await companyType(db, companyId);
  const [row] = await db.select().from(setupProgress).where(eq(setupProgress.companyId, companyId));
  const mode = row?.mode ?? "account";
  const steps = setupSteps(mode, type);
  const completed = row?.accountCompletedAt ?? null;
  return {
    mode,
    step: resumeStep(steps, row?.step),
    steps,
    draft: (row?.draft as SetupDraft | undefined) ?? {},
    location_id: row?.locationId ?? null,
    active: mode === "location" || completed === null,
    account_completed_at: completed?.toISOString() ?? null,
  };
}

/** PUT /dashboard/setup: remembers the step (and the location draft) after each step. */
export async function saveSetup(
  db: Database,
  companyId: number,
  input: { step: SetupStep; draft?: SetupDraft | undefined; location_id?: number | null | undefined },
): Promise<SetupState> {
  const state = await getSetup(db, companyId);
  if (!state.steps.includes(input.step)) throw HttpError.validation({ step: ["input.invalid"] });
  if (input.location_id) {
    const [own] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.id, input.location_id), eq(locations.companyId, companyId)));
    if (!own) throw HttpError.notFound();
  }
  const values = {
    mode: state.mode,
    step: input.step,
    draft: input.draft ?? state.draft,
    locationId: input.location_id === undefined ? state.location_id : input.location_id,
    updatedAt: new Date(),
  };
  await db
    .insert(setupProgress)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: setupProgress.companyId, set: values });
  return getSetup(db, companyId);
}

/** Opens the wizard for a further location (after the account set-up). */
export async function startLocationSetup(db: Database, companyId: number): Promise<SetupState> {
  const state = await getSetup(db, companyId);
  if (state.mode === "account" && state.active) throw new HttpError(409);
  const values = {
    mode: "location" as const,
    step: "locationName",
    draft: {},
    locationId: null,
    updatedAt: new Date(),
  };
  await db
    .insert(setupProgress)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: setupProgress.companyId, set: values });
  return getSetup(db, companyId);
}

/**
 * Finishes the wizard. The account set-up needs its location; closing the location wizard
 * (finished or cancelled) returns to the dashboard.
 */
export async function finishSetup(db: Database, companyId: number): Promise<SetupState> {
  const state = await getSetup(db, companyId);
  if (state.mode === "account" && state.active && state.location_id === null) {
    throw HttpError.validation({ step: ["setup.locationFirst"] });
  }
  const now = new Date();
  await db
    .update(setupProgress)
    .set({
      mode: "account",
      step: "finish",
      draft: {},
      updatedAt: now,
      ...(state.mode === "account" && state.active ? { accountCompletedAt: now } : {}),
    })
    .where(eq(setupProgress.companyId, companyId));
  return getSetup(db, companyId);
}
