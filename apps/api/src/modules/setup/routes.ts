import { setupResponseSchema, setupSaveSchema } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { finishSetup, getSetup, saveSetup, startLocationSetup } from "./service.ts";

const setupResponse = { 200: setupResponseSchema };

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
        body: setupSaveSchema,
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
