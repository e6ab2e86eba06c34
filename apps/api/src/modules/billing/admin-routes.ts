import {
  addDays,
  type BillingInvoice,
  berlinDay,
  billingInvoiceSchema,
  billingMonthSchema,
  billingPreviewSchema,
  billingRunResultSchema,
  creditNoteIssuedSchema,
  DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION,
  dataOf,
  digitalMenuBookingSchema,
  digitalMenuStateSchema,
  idParamsSchema,
  invoicePaymentStateSchema,
  invoiceReasonSchema,
  SEPA_FILE_HEADERS,
  type SepaFile,
  sepaFileRequestSchema,
  sepaFileSchema,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { rowsOf } from "../../db/client.ts";
import { contentDisposition } from "../../lib/content-disposition.ts";
import { fileResponse } from "../../lib/file-response.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { issueCreditNote } from "./credit-notes.ts";
import { setDigitalMenu } from "./digital-menu.ts";
import { billableMonth, invoicePdf } from "./invoices.ts";
import { billablePartners, runMonthlyInvoicing } from "./invoicing.ts";
import { sepaFileProvider } from "./payment-provider.ts";
import { sendInvoicePdf } from "./routes.ts";

/** The provider team's billing console (registered inside /api/admin, so admins only). */
export const billingAdminRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const payments = sepaFileProvider(app.config.provider);

  r.get(
    "/billing/preview",
    {
      schema: {
        tags: ["admin"],
        summary: "What a billing run for the month would invoice, per partner",
        querystring: billingMonthSchema,
        response: { 200: dataOf(billingPreviewSchema) },
      },
    },
    async (request) => {
      const month = billableMonth(request.query.month);
      const partners = (await billablePartners(app.db, month)).map((p) => ({
        company_id: p.companyId,
        name: p.name,
        locations: p.locations,
        scans: p.scans,
        net_cents: p.totals.netCents,
        vat_cents: p.totals.vatCents,
        gross_cents: p.totals.grossCents,
        already_issued: p.alreadyIssued,
      }));
      const sum = (key: "net_cents" | "vat_cents" | "gross_cents") =>
        partners.reduce((s, p) => s + p[key], 0);
      return {
        data: {
          month: request.query.month,
          partners,
          totals: {
            net_cents: sum("net_cents"),
            vat_cents: sum("vat_cents"),
            gross_cents: sum("gross_cents"),
          },
        },
      };
    },
  );

  r.post(
    "/billing/run",
    {
      schema: {
        tags: ["admin"],
        summary: "Bill a month that is over; partners already billed for it are skipped",
        body: billingMonthSchema,
        response: { 200: dataOf(billingRunResultSchema) },
      },
    },
    async (request) => {
      const month = billableMonth(request.body.month);
      const result = await runMonthlyInvoicing(app.db, {
        month,
        provider: app.config.provider,
        publicUrl: app.config.publicUrl,
      });
      return {
        data: {
          month: request.body.month,
          issued: result.issued.length,
          skipped: result.skipped,
          failed: result.failed.map((f) => ({ company_id: f.companyId, name: f.name, error: f.error })),
        },
      };
    },
  );

  r.get(
    "/billing/invoices",
    {
      schema: {
        tags: ["admin"],
        summary: "The invoices and credit notes of a billed month",
        querystring: billingMonthSchema,
        response: { 200: dataOf(z.array(billingInvoiceSchema)) },
      },
    },
    async (request) => ({
      data: rowsOf<BillingInvoice>(
        await app.db.execute(sql`
          select i.id::int, i.number, i.kind, i.company_id::int, c.name as company_name,
            to_char(i.issue_date, 'YYYY-MM-DD') as issue_date, i.gross_cents, i.status,
            o.number as credits_number
          from invoices i join companies c on c.id = i.company_id
          left join invoices o on o.id = i.refers_to_invoice_id
          where i.period_start = ${`${request.query.month}-01`}::date
          order by i.number`),
      ),
    }),
  );

  r.get(
    "/billing/invoices/:id/pdf",
    {
      schema: {
        tags: ["admin"],
        summary: "An invoice's stored PDF",
        params: idParamsSchema,
        produces: ["application/pdf"],
        response: { 200: fileResponse("The invoice or credit note as PDF") },
      },
    },
    async (request, reply) =>
      sendInvoicePdf(reply, await invoicePdf(app.db, request.params.id, null), request.locale),
  );

  r.post(
    "/billing/sepa",
    {
      schema: {
        tags: ["admin"],
        summary:
          "SEPA direct-debit file (pain.008.001.02) of the open invoices with a mandate due until the date (default tomorrow); they become submitted",
        body: sepaFileRequestSchema.optional(),
        produces: ["application/xml"],
        response: {
          200: fileResponse(
            `The pain.008 XML file; headers ${SEPA_FILE_HEADERS.fileId} and ${SEPA_FILE_HEADERS.invoiceCount} say which file and how many invoices`,
          ),
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const dueUntil = request.body?.due_until ?? addDays(berlinDay(now), 1);
      const file = await payments.collect(app.db, dueUntil, { now, userId: request.teamMember.userId });
      if (!file) throw new HttpError(409, { messageKey: "billing.nothingDue" });
      return reply
        .type(file.contentType)
        .header("content-disposition", contentDisposition(file.fileName))
        .header("cache-control", "private, no-store")
        .header(SEPA_FILE_HEADERS.fileId, String(file.id))
        .header(SEPA_FILE_HEADERS.invoiceCount, String(file.invoiceIds.length))
        .send(file.file);
    },
  );

  r.get(
    "/billing/sepa/files",
    {
      schema: {
        tags: ["admin"],
        summary: "Direct-debit files made so far, newest first",
        response: { 200: dataOf(z.array(sepaFileSchema)) },
      },
    },
    async () => ({
      data: rowsOf<SepaFile>(
        await app.db.execute(sql`
          select id::int, file_name, message_id, to_char(due_until, 'YYYY-MM-DD') as due_until, transactions,
            control_sum_cents::int,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
          from sepa_files order by id desc limit 200`),
      ),
    }),
  );

  r.get(
    "/billing/sepa/files/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "A direct-debit file again, byte for byte",
        params: idParamsSchema,
        produces: ["application/xml"],
        response: { 200: fileResponse("The pain.008 XML file as it was made") },
      },
    },
    async (request, reply) => {
      const [file] = rowsOf<{ file_name: string; xml: string }>(
        await app.db.execute(sql`select file_name, xml from sepa_files where id = ${request.params.id}`),
      );
      if (!file) throw HttpError.notFound();
      return reply
        .type("application/xml")
        .header("content-disposition", contentDisposition(file.file_name))
        .header("cache-control", "private, no-store")
        .send(Buffer.from(file.xml, "utf8"));
    },
  );

  r.post(
    "/billing/invoices/:id/returned",
    {
      schema: {
        tags: ["admin"],
        summary: "The bank returned a submitted direct debit (only submitted invoices, else 409)",
        params: idParamsSchema,
        body: invoiceReasonSchema,
        response: { 200: dataOf(invoicePaymentStateSchema) },
      },
    },
    async (request) => {
      await payments.markReturned(app.db, request.params.id, request.body.reason);
      return { data: { id: request.params.id, status: "returned" as const } };
    },
  );

  r.post(
    "/billing/invoices/:id/credit-note",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Cancel an issued invoice with a credit note (next number, stored PDF, mail); its month can then be billed again",
        params: idParamsSchema,
        body: invoiceReasonSchema,
        response: { 201: dataOf(creditNoteIssuedSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await issueCreditNote(app.db, request.params.id, {
          reason: request.body.reason,
          publicUrl: app.config.publicUrl,
          userId: request.teamMember.userId,
        }),
      }),
  );

  r.put(
    "/locations/:id/digital-menu",
    {
      schema: {
        tags: ["admin"],
        summary: `Book the digital menu for a location from today (${DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION / 100} EUR a month), or end the booking today; billed for every month with a booked day`,
        params: idParamsSchema,
        body: digitalMenuBookingSchema,
        response: { 200: dataOf(digitalMenuStateSchema) },
      },
    },
    async (request) => ({
      data: await setDigitalMenu(app.db, request.params.id, request.body.enabled, request.teamMember.userId),
    }),
  );

  r.post(
    "/billing/invoices/:id/paid",
    {
      schema: {
        tags: ["admin"],
        summary: "Payment received for an invoice (409 when already paid or cancelled)",
        params: idParamsSchema,
        response: { 200: dataOf(invoicePaymentStateSchema) },
      },
    },
    async (request) => {
      await payments.markPaid(app.db, request.params.id);
      return { data: { id: request.params.id, status: "paid" as const } };
    },
  );
};
