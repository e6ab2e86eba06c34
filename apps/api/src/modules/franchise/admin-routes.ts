import {
  adminInvitationPageSchema,
  adminInvitationQuerySchema,
  adminInvitationResponseSchema,
  idParamsSchema,
  refuseInvitationSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/auth.ts";
import { approveInvitation, invitationQueue, refuseInvitation } from "./service.ts";

/** The console's invitation queue (team scope; docs/decisions/008-franchise-model.md, section 3). */
export const franchiseAdminRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/invitations",
    {
      schema: {
        tags: ["admin"],
        summary: "Franchise invitations in a state (default: waiting for the check), oldest first",
        querystring: adminInvitationQuerySchema,
        response: { 200: adminInvitationPageSchema },
      },
    },
    async (request) => {
      const { items, total } = await invitationQueue(app.db, request.query);
      return { data: items, meta: { page: request.query.page, per_page: request.query.per_page, total } };
    },
  );

  r.post(
    "/invitations/:id/approve",
    {
      schema: {
        tags: ["admin"],
        summary: "Approve an invitation: the single-use registration link is mailed in the master's language",
        params: idParamsSchema,
        response: { 200: adminInvitationResponseSchema },
      },
    },
    async (request) => ({
      data: await approveInvitation(app.db, currentUser(request).id, request.params.id, app.config.publicUrl),
    }),
  );

  r.post(
    "/invitations/:id/refuse",
    {
      schema: {
        tags: ["admin"],
        summary: "Refuse an invitation with a reason, which is mailed to the master",
        params: idParamsSchema,
        body: refuseInvitationSchema,
        response: { 200: adminInvitationResponseSchema },
      },
    },
    async (request) => ({
      data: await refuseInvitation(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.body.reason,
        app.config.publicUrl,
      ),
    }),
  );
};
