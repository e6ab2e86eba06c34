import {
  blockPartnerSchema,
  dataOf,
  idParamsSchema,
  partnerReviewSchema,
  reviewQueuePageSchema,
  reviewQueueQuerySchema,
  type StatusEvent,
} from "@stempla/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  accountStatus,
  accountStatusResponse,
  applyStatusEvent,
  type StatusActionOptions,
} from "../status/service.ts";
import { reviewDetail, reviewQueue } from "./review-service.ts";

const statusResponse = { 200: accountStatusResponse };

/** The provider team's review of new and changed accounts (registered inside the admin routes). */
export const reviewRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicUrl = app.config.publicUrl;
  /** Applies the team's action as the signed-in admin and answers the account's new status. */
  const act = async (
    request: FastifyRequest<{ Params: { id: number } }>,
    event: StatusEvent,
    reason?: string,
  ) => {
    const opts: StatusActionOptions = {
      actorUserId: request.teamMember.userId,
      publicUrl,
      reason,
      app: app.config.app,
    };
    await applyStatusEvent(app.db, request.params.id, event, opts);
    return { data: await accountStatus(app.db, request.params.id) };
  };

  r.get(
    "/reviews",
    {
      schema: {
        tags: ["admin"],
        summary: "Accounts waiting for review (yellow: set-up, orange: changes), the longest waiting first",
        querystring: reviewQueueQuerySchema,
        response: { 200: reviewQueuePageSchema },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { items, total } = await reviewQueue(app.db, page, per_page);
      return { data: items, meta: { page, per_page, total } };
    },
  );

  r.get(
    "/partners/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One account: all its data, changes since the last approval, and every status action",
        params: idParamsSchema,
        response: { 200: dataOf(partnerReviewSchema) },
      },
    },
    async (request) => ({ data: await reviewDetail(app.db, request.params.id, request.locale) }),
  );

  r.post(
    "/partners/:id/approve",
    {
      schema: {
        tags: ["admin"],
        summary: "Approve the account (yellow or orange, complete data) -> green",
        params: idParamsSchema,
        response: statusResponse,
      },
    },
    (request) => act(request, { type: "approved" }),
  );

  r.post(
    "/partners/:id/block",
    {
      schema: {
        tags: ["admin"],
        summary: "Block the account with a reason (mailed to the partner) -> red",
        params: idParamsSchema,
        body: blockPartnerSchema,
        response: statusResponse,
      },
    },
    (request) => act(request, { type: "blocked" }, request.body.reason),
  );

  r.post(
    "/partners/:id/unblock",
    {
      schema: {
        tags: ["admin"],
        summary: "Lift a block -> back to review (or set-up when data is missing)",
        params: idParamsSchema,
        response: statusResponse,
      },
    },
    (request) => act(request, { type: "unblocked" }),
  );
};
