import {
  invitationCheckSchema,
  invitationPreviewResponseSchema,
  registerCompleteSchema,
  registeredResponseSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { enforceRateLimits } from "../../plugins/rate-limit.ts";
import { checkInvitation, completeRegistration } from "./service.ts";

/**
 * The invited franchisee's link, outside both scopes: whoever holds the mailed token may read the
 * invitation and complete the registration (docs/decisions/008-franchise-model.md, section 3).
 */
export const franchisePublicRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/invitations/check",
    {
      schema: {
        tags: ["registration"],
        summary: "The invitation behind a mailed link: 404 unknown or used, 410 expired",
        body: invitationCheckSchema,
        response: { 200: invitationPreviewResponseSchema },
      },
    },
    async (request) => {
      await enforceRateLimits(app.db, [
        { key: `invitation-check:ip:${request.ip}`, limit: 60, windowSeconds: 600 },
      ]);
      return { data: await checkInvitation(app.db, request.body.token) };
    },
  );

  r.post(
    "/dashboard/register/complete",
    {
      schema: {
        tags: ["registration"],
        summary: "Register an invited franchisee's own company with the mailed link",
        description:
          "Creates the franchisee's legal entity, billing address and unconfirmed user with the invitation's email, " +
          "uses up the link and sends the confirmation mail. 404 for an unknown or used link, 410 for an expired one.",
        body: registerCompleteSchema,
        response: { 201: registeredResponseSchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(app.db, [{ key: `register:ip:${request.ip}`, limit: 10, windowSeconds: 3600 }]);
      const result = await completeRegistration(app.db, request.body, request.locale, app.config.publicUrl);
      return reply.status(201).send({ data: { email: result.email, confirmation_sent: true as const } });
    },
  );
};
