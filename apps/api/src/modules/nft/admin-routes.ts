import {
  idParamsSchema,
  nftApproveSchema,
  nftConsoleOfferDetailResponseSchema,
  nftConsoleOfferPageSchema,
  nftConsoleOffersQuerySchema,
  nftRejectSchema,
  nftReviewQueueQuerySchema,
  nftRevokeSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  applyTeamAction,
  nftConsoleOffer,
  nftConsoleOffers,
  nftReviewQueue,
  type TeamAction,
} from "./review.ts";

const detailResponse = { 200: nftConsoleOfferDetailResponseSchema };

/**
 * The provider team's review of coupons and vouchers (/api/admin/nft, registered in the team
 * scope; docs/decisions/010-coupons-and-vouchers.md, section 7 "Console").
 */
export const nftAdminRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Applies the team's decision as the signed-in member and answers the offer as it is now. */
  const act = async (request: FastifyRequest<{ Params: { id: number } }>, action: TeamAction) => {
    await applyTeamAction(app.db, request.params.id, action, {
      actorUserId: request.teamMember.userId,
      publicUrl: app.config.publicUrl,
    });
    return { data: await nftConsoleOffer(app.db, request.params.id, request.locale) };
  };

  r.get(
    "/nft/reviews",
    {
      schema: {
        tags: ["admin"],
        summary: "Coupons and vouchers waiting for review, the longest waiting first (overdue marked)",
        querystring: nftReviewQueueQuerySchema,
        response: { 200: nftConsoleOfferPageSchema },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { items, total } = await nftReviewQueue(app.db, page, per_page);
      return { data: items, meta: { page, per_page, total } };
    },
  );

  r.get(
    "/nft/offers",
    {
      schema: {
        tags: ["admin"],
        summary: "Every coupon and voucher offer, newest first; by state and company",
        querystring: nftConsoleOffersQuerySchema,
        response: { 200: nftConsoleOfferPageSchema },
      },
    },
    async (request) => {
      const { items, total } = await nftConsoleOffers(app.db, request.query);
      return { data: items, meta: { page: request.query.page, per_page: request.query.per_page, total } };
    },
  );

  r.get(
    "/nft/offers/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One offer: its data, company, locations, photo renditions and its history",
        params: idParamsSchema,
        response: detailResponse,
      },
    },
    async (request) => ({ data: await nftConsoleOffer(app.db, request.params.id, request.locale) }),
  );

  r.post(
    "/nft/offers/:id/approve",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Approve the reviewed version -> on the market (or scheduled until its start day); 409 when edited since",
        params: idParamsSchema,
        body: nftApproveSchema,
        response: detailResponse,
      },
    },
    (request) => act(request, { type: "approve", version: request.body.version }),
  );

  r.post(
    "/nft/offers/:id/reject",
    {
      schema: {
        tags: ["admin"],
        summary: "Ask the partner for changes with a reason (mailed) -> rejected",
        params: idParamsSchema,
        body: nftRejectSchema,
        response: detailResponse,
      },
    },
    (request) => act(request, { type: "reject", reason: request.body.reason }),
  );

  r.post(
    "/nft/offers/:id/revoke",
    {
      schema: {
        tags: ["admin"],
        summary: "Take the offer off the market with a reason (mailed); items held stay valid",
        params: idParamsSchema,
        body: nftRevokeSchema,
        response: detailResponse,
      },
    },
    (request) => act(request, { type: "revoke", reason: request.body.reason }),
  );
};
