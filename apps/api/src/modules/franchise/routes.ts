import {
  collectiveInvoicingSchema,
  franchiseeListQuerySchema,
  franchiseePageSchema,
  franchiseeResponseSchema,
  franchiseInvitationListQuerySchema,
  franchiseInvitationPageSchema,
  franchiseInvitationResponseSchema,
  franchiseInviteSchema,
  franchiseLocationPageSchema,
  franchiseLocationQuerySchema,
  franchiseViewResponseSchema,
  idParamsSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { setCollectiveInvoicing } from "./collective-invoicing.ts";
import { franchiseView } from "./franchise-view.ts";
import {
  getFranchisee,
  invite,
  listFranchisees,
  listFranchiseLocations,
  listInvitations,
  resendInvitation,
  withdrawInvitation,
} from "./service.ts";

/**
 * A master's invitations of franchisees (partner scope; docs/decisions/008-franchise-model.md,
 * section 3). Other partners get 403 `not_a_master`; another master's invitation is 404.
 */
export const franchiseRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/dashboard/invite",
    {
      schema: {
        tags: ["franchise"],
        summary: "Invite a franchisee (masters only); the provider team checks it before the link is mailed",
        body: franchiseInviteSchema,
        response: { 201: franchiseInvitationResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await invite(app.db, request.viewer, request.body, request.locale);
      return reply.status(201).send({ data });
    },
  );

  r.get(
    "/dashboard/invite",
    {
      schema: {
        tags: ["franchise"],
        summary: "The master's invitations with their state, newest first",
        querystring: franchiseInvitationListQuerySchema,
        response: { 200: franchiseInvitationPageSchema },
      },
    },
    async (request) => {
      const { items, total } = await listInvitations(app.db, request.viewer, request.query);
      return { data: items, meta: { page: request.query.page, per_page: request.query.per_page, total } };
    },
  );

  r.post(
    "/dashboard/invite/:id/resend",
    {
      schema: {
        tags: ["franchise"],
        summary: "Send a sent or expired invitation again: a new link with a new expiry",
        params: idParamsSchema,
        response: { 200: franchiseInvitationResponseSchema },
      },
    },
    async (request) => ({
      data: await resendInvitation(app.db, request.viewer, request.params.id, app.config.publicUrl),
    }),
  );

  r.delete(
    "/dashboard/invite/:id",
    {
      schema: {
        tags: ["franchise"],
        summary: "Withdraw an open invitation; its link stops working",
        params: idParamsSchema,
        response: { 200: franchiseInvitationResponseSchema },
      },
    },
    async (request) => ({ data: await withdrawInvitation(app.db, request.viewer, request.params.id) }),
  );

  r.get(
    "/dashboard/franchisees",
    {
      schema: {
        tags: ["franchise"],
        summary: "The master's registered franchisees by name: company, contact, status, number of locations",
        querystring: franchiseeListQuerySchema,
        response: { 200: franchiseePageSchema },
      },
    },
    async (request) => {
      const { items, total } = await listFranchisees(app.db, request.viewer, request.locale, request.query);
      return { data: items, meta: { page: request.query.page, per_page: request.query.per_page, total } };
    },
  );

  r.get(
    "/dashboard/franchisees/:id",
    {
      schema: {
        tags: ["franchise"],
        summary: "One of the master's franchisees; any other company is 404",
        params: idParamsSchema,
        response: { 200: franchiseeResponseSchema },
      },
    },
    async (request) => ({
      data: await getFranchisee(app.db, request.viewer, request.params.id, request.locale),
    }),
  );

  r.get(
    "/dashboard/franchise/shops",
    {
      schema: {
        tags: ["franchise"],
        summary: "The franchisees' locations (no PIN, scan code or PIN limits), by company and location name",
        querystring: franchiseLocationQuerySchema,
        response: { 200: franchiseLocationPageSchema },
      },
    },
    async (request) => {
      const { items, total } = await listFranchiseLocations(app.db, request.viewer, request.query);
      return { data: items, meta: { page: request.query.page, per_page: request.query.per_page, total } };
    },
  );

  r.get(
    "/dashboard/franchise",
    {
      schema: {
        tags: ["franchise"],
        summary:
          "The caller's place in a franchise network: master, franchisee (its master, who pays) or none",
        response: { 200: franchiseViewResponseSchema },
      },
    },
    async (request) => ({ data: await franchiseView(app.db, request.viewer) }),
  );

  r.put(
    "/dashboard/franchise/collective-invoicing",
    {
      schema: {
        tags: ["franchise"],
        summary:
          "Masters: switch collective invoicing on or off from the next Berlin month (this month before the first invoice); mails the network",
        body: collectiveInvoicingSchema,
        response: { 200: franchiseViewResponseSchema },
      },
    },
    async (request) => ({
      data: await setCollectiveInvoicing(app.db, request.viewer, request.body.enabled, {
        publicUrl: app.config.publicUrl,
      }),
    }),
  );
};
