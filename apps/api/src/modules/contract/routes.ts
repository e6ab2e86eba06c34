import {
  adminHardwareOrderSchema,
  contractViewSchema,
  dataOf,
  hardwareDestinationSchema,
  hardwareOrderPlacedSchema,
  hardwareOrderSchema,
  hardwareOrdersQuerySchema,
  hardwareOrderViewSchema,
  hardwareShippedSchema,
  idParamsSchema,
  terminationSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminHardwareOrders,
  contractOf,
  hardwareDestinations,
  listHardwareOrders,
  markHardwareShipped,
  orderHardware,
  terminateContract,
} from "./service.ts";

/** The header's hardware shop and the contract (spec section 9), under /api/v2. */
export const contractRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/dashboard/hardware-orders",
    {
      schema: {
        tags: ["billing"],
        summary:
          "Order replacement hardware to one of the own locations; billed on the next monthly invoice (live accounts only)",
        body: hardwareOrderSchema,
        response: {
          201: dataOf(hardwareOrderPlacedSchema),
        },
      },
    },
    async (request, reply) => {
      const user = request.partner;
      const data = await orderHardware(app.db, user.companyId, user.userId, request.body);
      return reply.code(201).send({ data });
    },
  );

  r.get(
    "/dashboard/hardware-orders",
    {
      schema: {
        tags: ["billing"],
        summary: "The partner's hardware orders (starter kits included), newest first",
        response: { 200: dataOf(z.array(hardwareOrderViewSchema)) },
      },
    },
    async (request) => ({ data: await listHardwareOrders(app.db, request.partner.companyId) }),
  );

  r.get(
    "/dashboard/hardware-orders/locations",
    {
      schema: {
        tags: ["billing"],
        summary: "The partner's locations the shop can send hardware to, the first first",
        response: { 200: dataOf(z.array(hardwareDestinationSchema)) },
      },
    },
    async (request) => ({ data: await hardwareDestinations(app.db, request.partner.companyId) }),
  );

  r.get(
    "/subscription/contract",
    {
      schema: {
        tags: ["billing"],
        summary: "Contract start, minimum term, notice periods and the termination if given",
        response: { 200: dataOf(contractViewSchema) },
      },
    },
    async (request) => ({ data: await contractOf(app.db, request.partner.companyId) }),
  );

  r.post(
    "/subscription/termination",
    {
      schema: {
        tags: ["billing"],
        summary:
          "Give notice today: ends the contract at the earliest possible date (once); extraordinary: a franchisee within its window after the master switched collective invoicing off (409 no_termination_window otherwise)",
        body: terminationSchema,
        response: { 200: dataOf(contractViewSchema) },
      },
    },
    async (request) => {
      const user = request.partner;
      return {
        data: await terminateContract(app.db, user.companyId, user.userId, app.config.publicUrl, {
          ...(request.body.ends_on ? { expectedEnd: request.body.ends_on } : {}),
          ...(request.body.extraordinary ? { extraordinary: true } : {}),
        }),
      };
    },
  );
};

/** The provider team's shipping list (registered inside /api/admin, so admins only). */
export const hardwareAdminRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/hardware-orders",
    {
      schema: {
        tags: ["admin"],
        summary: "Hardware orders, oldest first; open=true: only those not shipped yet",
        querystring: hardwareOrdersQuerySchema,
        response: {
          200: dataOf(z.array(adminHardwareOrderSchema)),
        },
      },
    },
    async (request) => ({ data: await adminHardwareOrders(app.db, request.query.open === "true") }),
  );

  r.post(
    "/hardware-orders/:id/shipped",
    {
      schema: {
        tags: ["admin"],
        summary: "Mark a hardware order as shipped",
        params: idParamsSchema,
        response: { 200: dataOf(hardwareShippedSchema) },
      },
    },
    async (request) => ({ data: await markHardwareShipped(app.db, request.params.id) }),
  );
};
