import {
  contractViewSchema,
  hardwareItemSchema,
  hardwareOrderSchema,
  hardwareOrderViewSchema,
  idParamsSchema,
  terminationSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminHardwareOrders,
  contractOf,
  listHardwareOrders,
  markHardwareShipped,
  orderHardware,
  terminateContract,
} from "./service.ts";

const day = z.string().describe("YYYY-MM-DD, Europe/Berlin");

/** The header's hardware shop and the contract (spec section 9), under /api/v2. */
export const contractRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/dashboard/hardware-orders",
    {
      schema: {
        tags: ["billing"],
        summary: "Order replacement hardware; billed on the next monthly invoice (live accounts only)",
        body: hardwareOrderSchema,
        response: {
          201: z.object({
            data: z.object({
              lines: z.array(
                z.object({
                  id: z.number(),
                  item: hardwareItemSchema,
                  quantity: z.number(),
                  unit_cents: z.number(),
                  total_cents: z.number(),
                }),
              ),
              net_cents: z.number(),
              vat_rate_percent: z.number(),
              vat_cents: z.number(),
              gross_cents: z.number(),
              billing: z.literal("next_invoice"),
              ordered_at: z.string(),
              delivery_weeks: z.number(),
              expected_delivery_by: day,
            }),
          }),
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
        summary: "The partner's hardware orders, newest first",
        response: { 200: z.object({ data: z.array(hardwareOrderViewSchema) }) },
      },
    },
    async (request) => ({ data: await listHardwareOrders(app.db, request.partner.companyId) }),
  );

  r.get(
    "/subscription/contract",
    {
      schema: {
        tags: ["billing"],
        summary: "Contract start, minimum term, notice periods and the termination if given",
        response: { 200: z.object({ data: contractViewSchema }) },
      },
    },
    async (request) => ({ data: await contractOf(app.db, request.partner.companyId) }),
  );

  r.post(
    "/subscription/termination",
    {
      schema: {
        tags: ["billing"],
        summary: "Give notice today: ends the contract at the earliest possible date (once)",
        body: terminationSchema,
        response: { 200: z.object({ data: contractViewSchema }) },
      },
    },
    async (request) => {
      const user = request.partner;
      return {
        data: await terminateContract(app.db, user.companyId, user.userId, app.config.publicUrl, {
          ...(request.body.ends_on ? { expectedEnd: request.body.ends_on } : {}),
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
        querystring: z.object({ open: z.enum(["true", "false"]).default("false") }),
        response: {
          200: z.object({
            data: z.array(
              hardwareOrderViewSchema.omit({ unit_cents: true, total_cents: true }).extend({
                company_id: z.number(),
                company_name: z.string(),
                billing_address: z
                  .object({
                    street: z.string(),
                    building: z.string(),
                    postcode: z.string(),
                    city: z.string(),
                    country: z.string(),
                  })
                  .nullable(),
              }),
            ),
          }),
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
        response: { 200: z.object({ data: z.object({ id: z.number(), shipped_at: z.string() }) }) },
      },
    },
    async (request) => ({ data: await markHardwareShipped(app.db, request.params.id) }),
  );
};
