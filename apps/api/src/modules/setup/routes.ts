import { oneLineString, SETUP_MODES, SETUP_STEPS } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { finishSetup, getSetup, saveSetup, startLocationSetup } from "./service.ts";

// Kept as typed (no trim), but never with control characters: the draft is stored as text.
const draftText = oneLineString("input.invalid", { trim: false }).max(250, { error: "text.max" }).optional();
/** What belongs to the location before it is created; checked for real when the location is saved. */
const draftSchema = z.object({
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

const setupView = z.object({
  mode: z.enum(SETUP_MODES),
  step: z.enum(SETUP_STEPS),
  steps: z.array(z.enum(SETUP_STEPS)),
  draft: z.record(z.string(), z.string().optional()),
  location_id: z.number().nullable(),
  active: z.boolean(),
  account_completed_at: z.string().nullable(),
});
const setupResponse = { 200: z.object({ data: setupView }) };

/** The set-up wizard's progress, kept on the server so a partner continues where it stopped. */
export const setupRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/dashboard/setup",
    {
      schema: { tags: ["setup"], summary: "Where the set-up wizard continues", response: setupResponse },
    },
    async (request) => ({ data: await getSetup(app.db, request.partner.companyId) }),
  );

  r.put(
    "/dashboard/setup",
    {
      schema: {
        tags: ["setup"],
        summary: "Remember the current step, the location draft and the location the wizard created",
        body: z.object({
          step: z.enum(SETUP_STEPS, { error: "input.invalid" }),
          draft: draftSchema.optional(),
          location_id: z.number().int().positive().nullable().optional(),
        }),
        response: setupResponse,
      },
    },
    async (request) => ({ data: await saveSetup(app.db, request.partner.companyId, request.body) }),
  );

  r.post(
    "/dashboard/setup/location",
    {
      schema: {
        tags: ["setup"],
        summary: "Open the wizard to add a further location",
        response: setupResponse,
      },
    },
    async (request) => ({ data: await startLocationSetup(app.db, request.partner.companyId) }),
  );

  r.post(
    "/dashboard/setup/finish",
    {
      schema: { tags: ["setup"], summary: "Finish (or close) the wizard", response: setupResponse },
    },
    async (request) => ({ data: await finishSetup(app.db, request.partner.companyId) }),
  );
};
