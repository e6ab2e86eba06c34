import { z } from "zod";
import { ACCOUNT_STATUSES, COMPANY_TYPES } from "../account/auth.ts";
import { pageOf, pageQueryOf } from "../api/envelope.ts";
import { oneLineString } from "../validation/fields.ts";

// The provider team's console lists (/api/admin): partner accounts and the mail outbox.

/** A partner account in the console's list. */
export const adminPartnerRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  status: z.enum(ACCOUNT_STATUSES),
  legal_form: z.string().nullable(),
  email: z.string(),
  confirmed: z.boolean(),
  email_verified_at: z.string().nullable(),
  registration_completed_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminPartnerRow = z.infer<typeof adminPartnerRowSchema>;

/** GET /api/admin/partners and /mails: a search (company name or email, the mail's address or subject) and paging. */
export const adminListQuerySchema = pageQueryOf(20).extend({
  search: oneLineString().max(100, { error: "text.max" }).optional(),
});
export const adminPartnersPageSchema = pageOf(adminPartnerRowSchema);
export type AdminPartnersPage = z.infer<typeof adminPartnersPageSchema>;

/** A mail in the outbox: queued, then sent, or failed after its retries. */
export const MAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailRowSchema = z.object({
  id: z.number(),
  template: z.string(),
  locale: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type MailRow = z.infer<typeof mailRowSchema>;
export const mailsPageSchema = pageOf(mailRowSchema);
export type MailsPage = z.infer<typeof mailsPageSchema>;

/** One mail as it was (or will be) sent. */
export const mailDetailSchema = mailRowSchema.extend({
  reply_to: z.string().nullable(),
  html: z.string(),
  text: z.string(),
  last_error: z.string().nullable(),
});
export type MailDetail = z.infer<typeof mailDetailSchema>;
