import { z } from "zod";
import { paymentMethodViewSchema } from "../billing/payment-details.ts";
import { logoViewSchema } from "../card/partner-profile.ts";
import { ACCOUNT_STATUSES, COMPANY_TYPES } from "./auth.ts";

// The company page's data as GET /dashboard/company answers it (spec section 2 and 3, company);
// the provider team's review shows the same.

export const companyViewSchema = z.object({
  id: z.number(),
  type: z.enum(COMPANY_TYPES),
  status: z.enum(ACCOUNT_STATUSES),
  company_name: z.string(),
  legal_form_id: z.number().nullable(),
  legal_form: z.string().nullable(),
  vat: z.string().nullable(),
  address: z
    .object({
      street: z.string(),
      building: z.string(),
      postcode: z.string(),
      city: z.string(),
      country: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    })
    .nullable(),
  /** The business phone, E.164 ("+492211234567"). */
  phone: z.string().nullable(),
  contact: z.object({
    first_name: z.string().nullable(),
    surname: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string(),
  }),
  public_name: z.string().nullable(),
  logo: logoViewSchema.nullable(),
  categories: z.object({ primary: z.number().nullable(), secondary: z.array(z.number()) }),
  cumulative_billing: z.boolean(),
  /** The IBAN only masked (last 4 characters). */
  payment: paymentMethodViewSchema.nullable(),
  created_at: z.string(),
});
export type CompanyView = z.infer<typeof companyViewSchema>;

/** GET /dashboard/company/mandate: the SEPA direct-debit mandate the partner is asked to accept. */
export const mandatePreviewSchema = z.object({
  creditor_name: z.string(),
  creditor_address: z.string(),
  creditor_id: z.string(),
  reference: z.string(),
  date: z.string(),
  text: z.string(),
});
export type MandatePreview = z.infer<typeof mandatePreviewSchema>;
