import { z } from "zod";
import { ACCOUNT_STATUSES, tokenSchema } from "../account/auth.ts";
import { dataOf, pageOf, pageQueryOf } from "../api/envelope.ts";
import { companyNameSchema, emailSchema, multiLineString, personNameSchema } from "../validation/fields.ts";
import { INVITATION_VIEW_STATES } from "./invitation.ts";

// Request and response shapes of the franchise endpoints (docs/decisions/008-franchise-model.md,
// section 3).

/** POST /dashboard/invite/: the company the master invites and its contact person. */
export const franchiseInviteSchema = z.object({
  company_name: companyNameSchema,
  contact_name: personNameSchema,
  contact_surname: personNameSchema,
  email: emailSchema,
});
export type FranchiseInviteInput = z.input<typeof franchiseInviteSchema>;

/** One invitation as its master sees it. */
export const franchiseInvitationSchema = z.object({
  id: z.number(),
  company_name: z.string(),
  contact_name: z.string(),
  contact_surname: z.string(),
  email: z.string(),
  state: z.enum(INVITATION_VIEW_STATES),
  created_at: z.string(),
  /** When the mailed link stops working; null until the team approved. */
  expires_at: z.string().nullable(),
  refusal_reason: z.string().nullable(),
});
export type FranchiseInvitation = z.infer<typeof franchiseInvitationSchema>;
export const franchiseInvitationResponseSchema = dataOf(franchiseInvitationSchema);
export const franchiseInvitationListQuerySchema = pageQueryOf(20);
export const franchiseInvitationPageSchema = pageOf(franchiseInvitationSchema);
export type FranchiseInvitationPage = z.infer<typeof franchiseInvitationPageSchema>;

/** The console's invitation queue: the invitation and who invites, oldest first. */
export const adminInvitationSchema = franchiseInvitationSchema.extend({
  master_company_id: z.number(),
  master_name: z.string(),
  /** Past the promised check of FRANCHISE.invitationCheckDays. */
  overdue: z.boolean(),
});
export type AdminInvitation = z.infer<typeof adminInvitationSchema>;
export const adminInvitationQuerySchema = pageQueryOf(20).extend({
  state: z.enum(INVITATION_VIEW_STATES, { error: "input.invalid" }).default("checking"),
});
export const adminInvitationPageSchema = pageOf(adminInvitationSchema);
export type AdminInvitationPage = z.infer<typeof adminInvitationPageSchema>;
export const adminInvitationResponseSchema = dataOf(adminInvitationSchema);

/** POST /admin/invitations/:id/refuse: the reason the master is mailed. */
export const refuseInvitationSchema = z.object({
  reason: multiLineString("invitation.refusalReason.required")
    .min(1, { error: "invitation.refusalReason.required" })
    .max(1000, { error: "text.max" }),
});

/** POST /invitations/check: the token of the mailed link. */
export const invitationCheckSchema = z.object({ token: tokenSchema });

/** What the registration page of an invited franchisee shows before it is completed. */
export const invitationPreviewSchema = z.object({
  slave_id: z.number(),
  company_name: z.string(),
  contact_name: z.string(),
  contact_surname: z.string(),
  email: z.string(),
  master_name: z.string(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export const invitationPreviewResponseSchema = dataOf(invitationPreviewSchema);

/** A franchisee as its master sees it (only what `mayView` allows for `master_of`). */
export const franchiseeSummarySchema = z.object({
  company_id: z.number(),
  name: z.string(),
  legal_form: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_surname: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  locations: z.number(),
});
export type FranchiseeSummary = z.infer<typeof franchiseeSummarySchema>;
export const franchiseeListQuerySchema = pageQueryOf(20);
export const franchiseePageSchema = pageOf(franchiseeSummarySchema);
export const franchiseeResponseSchema = dataOf(franchiseeSummarySchema);

/** A franchisee's location as its master sees it: never the PIN, scan code or PIN limits. */
export const franchiseLocationSchema = z.object({
  id: z.number(),
  kind: z.literal("franchise"),
  company_id: z.number(),
  company_name: z.string(),
  name: z.string(),
  street: z.string(),
  building: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  address: z.string(),
  phone_number: z.string().nullable(),
  working_hours: z.record(z.string(), z.array(z.object({ from: z.string(), to: z.string() }))),
  is_closed: z.boolean(),
});
export type FranchiseLocation = z.infer<typeof franchiseLocationSchema>;
export const franchiseLocationQuerySchema = pageQueryOf(20).extend({
  franchisee: z.coerce
    .number({ error: "input.invalid" })
    .int()
    .positive({ error: "input.invalid" })
    .optional(),
});
export const franchiseLocationPageSchema = pageOf(franchiseLocationSchema);

/** Who pays a franchisee's invoices in a month. */
export const FRANCHISE_PAYERS = ["self", "master"] as const;

/** GET /dashboard/franchise: the caller's own place in a network. */
export const franchiseViewSchema = z.discriminatedUnion("role", [
  z.object({
    role: z.literal("master"),
    collective_invoicing: z.object({
      current: z.boolean(),
      next: z.boolean(),
      /** The first day (YYYY-MM-DD) of the month `next` applies to. */
      next_effective_from: z.string(),
    }),
    franchisees: z.number(),
    open_invitations: z.number(),
  }),
  z.object({
    role: z.literal("franchisee"),
    master: z.object({ name: z.string(), status: z.enum(ACCOUNT_STATUSES) }),
    pays: z.object({ current: z.enum(FRANCHISE_PAYERS), next: z.enum(FRANCHISE_PAYERS) }),
    next_effective_from: z.string(),
    termination_window: z.object({ closes_at: z.string() }).nullable(),
  }),
  z.object({ role: z.literal("none") }),
]);
export type FranchiseView = z.infer<typeof franchiseViewSchema>;
export const franchiseViewResponseSchema = dataOf(franchiseViewSchema);

/** PUT /dashboard/franchise/collective-invoicing. */
export const collectiveInvoicingSchema = z.object({ enabled: z.boolean({ error: "input.invalid" }) });
