import { changePasswordSchema, dataOf, okResponseSchema, profileSchema } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../../plugins/auth.ts";
import { enforceRateLimits } from "../../plugins/rate-limit.ts";
import { changePassword, getProfile } from "./service.ts";

/**
 * The signed-in user's own account, for partners and the provider team alike (the web app asks for
 * the profile whichever area it shows): one hook for the whole plugin, no company needed.
 */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUser);

  r.get(
    "/dashboard/profile",
    {
      schema: {
        tags: ["auth"],
        summary: "The signed-in user and company",
        response: { 200: dataOf(profileSchema) },
      },
    },
    async (request) => ({ data: await getProfile(app.db, currentUser(request).id) }),
  );

  r.post(
    "/dashboard/changePassword",
    {
      schema: {
        tags: ["auth"],
        summary: "Change the password (current password required); other sessions end",
        body: changePasswordSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await enforceRateLimits(app.db, [
        { key: `change-password:user:${user.id}`, limit: 10, windowSeconds: 900 },
      ]);
      await changePassword(app.db, user, request.body);
      return { data: { ok: true as const } };
    },
  );
};
