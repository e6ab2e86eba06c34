import {
  COMPANY_EDIT_GROUPS,
  companyEditParamsSchema,
  companyEditSchemas,
  companyViewSchema,
  dataOf,
  mandatePreviewSchema,
  paymentDetailsSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { withPartnerChange } from "../status/service.ts";
import { editCompany, getCompany, mandatePreview, revokeMandate, signMandate } from "./service.ts";

const companyResponse = dataOf(companyViewSchema);

/**
 * The edit's body: any object passes the route, as the service parses it with the schema of the
 * path's group (one place for the rules and their messages); the OpenAPI document shows each
 * group's body as one of the alternatives.
 */
const companyEditBody = z.record(z.string(), z.unknown()).meta({
  description: "The fields of the path's group: one of these bodies",
  anyOf: COMPANY_EDIT_GROUPS.map((group) => ({
    title: group,
    ...z.toJSONSchema(companyEditSchemas[group], { io: "input", target: "openapi-3.0" }),
  })),
});

/** The company page (spec section 2 and 3, company): data, single-field edits, payment details. */
export const companyRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { publicUrl, provider } = app.config;

  r.get(
    "/dashboard/company",
    {
      schema: {
        tags: ["company"],
        summary: "The partner's company data; the IBAN only masked (last 4 characters)",
        response: { 200: companyResponse },
      },
    },
    async (request) => ({ data: await getCompany(app.db, request.partner.companyId, request.locale) }),
  );

  r.patch(
    "/dashboard/company/:group",
    {
      schema: {
        tags: ["company"],
        summary: "Change one field group: company_name, legal_form, vat, address, phone or contact",
        description: "Changes of a live (green) account go to review (orange).",
        params: companyEditParamsSchema,
        body: companyEditBody,
        response: { 200: companyResponse },
      },
    },
    async (request) => {
      const companyId = request.partner.companyId;
      await withPartnerChange(app.db, companyId, publicUrl, (tx) =>
        editCompany(tx, companyId, request.params.group, request.body),
      );
      return { data: await getCompany(app.db, companyId, request.locale) };
    },
  );

  r.get(
    "/dashboard/company/mandate",
    {
      schema: {
        tags: ["company"],
        summary:
          "The SEPA direct-debit mandate to accept: creditor, creditor id, next mandate reference, date, text",
        response: {
          200: dataOf(mandatePreviewSchema),
        },
      },
    },
    async (request) => ({
      data: await mandatePreview(app.db, request.partner.companyId, provider, request.locale),
    }),
  );

  r.post(
    "/dashboard/company/payment",
    {
      schema: {
        tags: ["company"],
        summary: "Save account holder and IBAN with the accepted SEPA mandate (ends a previous mandate)",
        body: paymentDetailsSchema,
        response: { 200: companyResponse },
      },
    },
    async (request) => {
      const { companyId, userId } = request.partner;
      await withPartnerChange(app.db, companyId, publicUrl, (tx) =>
        signMandate(tx, companyId, userId, request.body, provider, request.locale),
      );
      return { data: await getCompany(app.db, companyId, request.locale) };
    },
  );

  r.delete(
    "/dashboard/company/payment",
    {
      schema: {
        tags: ["company"],
        summary: "Revoke the SEPA mandate in force (409 when there is none); a live account then turns red",
        response: { 200: companyResponse },
      },
    },
    async (request) => {
      const companyId = request.partner.companyId;
      await withPartnerChange(app.db, companyId, publicUrl, (tx) => revokeMandate(tx, companyId));
      return { data: await getCompany(app.db, companyId, request.locale) };
    },
  );
};
