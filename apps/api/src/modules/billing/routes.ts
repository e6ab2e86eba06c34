import {
  collectiveMonthsSchema,
  dataOf,
  idParamsSchema,
  invoicesPageSchema,
  invoicesQuerySchema,
  paymentDetailsSchema,
  paymentMethodViewSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contentDisposition } from "../../lib/content-disposition.ts";
import { fileResponse } from "../../lib/file-response.ts";
import { getCompany, signMandate } from "../company/service.ts";
import { withPartnerChange } from "../status/service.ts";
import { collectiveMonthsOf, invoiceFileName, invoicePdf, listInvoices } from "./invoices.ts";

/** Sends a stored invoice PDF as a download. */
export function sendInvoicePdf(
  reply: FastifyReply,
  file: { pdf: Buffer; number: string; kind: string },
  locale: "de" | "en",
) {
  const name = invoiceFileName(file.kind, file.number, locale);
  return reply
    .type("application/pdf")
    .header("content-disposition", contentDisposition(name))
    .header("cache-control", "private, no-store")
    .send(file.pdf);
}

/** The partner's invoices (spec section 7: GET /subscription/invoices). */
export const subscriptionRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/subscription/invoices",
    {
      schema: {
        tags: ["billing"],
        summary: "The partner's invoices and credit notes, newest first",
        querystring: invoicesQuerySchema,
        response: {
          200: invoicesPageSchema,
        },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { items, total } = await listInvoices(
        app.db,
        request.partner.companyId,
        request.locale,
        page,
        per_page,
      );
      return { data: items, meta: { page, per_page, total } };
    },
  );

  r.get(
    "/subscription/collective-months",
    {
      schema: {
        tags: ["billing"],
        summary:
          "Franchisees: the months billed on the master's collective invoice (no invoice of their own); null for others",
        response: { 200: dataOf(collectiveMonthsSchema) },
      },
    },
    async (request) => ({ data: await collectiveMonthsOf(app.db, request.partner.companyId) }),
  );

  r.get(
    "/subscription/invoices/:id/pdf",
    {
      schema: {
        tags: ["billing"],
        summary: "The invoice's PDF as it was issued",
        params: idParamsSchema,
        produces: ["application/pdf"],
        response: { 200: fileResponse("The invoice or credit note as PDF") },
      },
    },
    async (request, reply) =>
      sendInvoicePdf(
        reply,
        await invoicePdf(app.db, request.params.id, request.partner.companyId),
        request.locale,
      ),
  );

  // Spec section 7: POST /subscription/payment and POST/PUT /subscription/payment-method change
  // the payment method. SEPA direct debit is the only one partners pay with (spec section 1), so
  // each is a new mandate for the given account; the previous mandate ends.
  for (const [method, url] of [
    ["POST", "/subscription/payment"],
    ["POST", "/subscription/payment-method"],
    ["PUT", "/subscription/payment-method"],
  ] as const) {
    r.route({
      method,
      url,
      schema: {
        tags: ["billing"],
        summary: "Change the payment method: a new SEPA mandate for this account (the previous one ends)",
        body: paymentDetailsSchema,
        response: { 200: dataOf(paymentMethodViewSchema) },
      },
      handler: async (request) => {
        const { companyId, userId } = request.partner;
        await withPartnerChange(app.db, companyId, app.config.publicUrl, (tx) =>
          signMandate(tx, companyId, userId, request.body, app.config.provider, request.locale),
        );
        const { payment } = await getCompany(app.db, companyId, request.locale);
        return { data: payment! };
      },
    });
  }
};
