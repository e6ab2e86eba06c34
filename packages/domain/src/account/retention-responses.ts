import { z } from "zod";
import { pageOf, pageQueryOf } from "../api/envelope.ts";
import { emailSchema } from "../validation/fields.ts";

// The console's deletion log of inactive incomplete accounts (docs/product.md, "Terms and records").

/** Why an account was deleted automatically; one tuple for the DB column and the API. */
export const ACCOUNT_DELETION_REASONS = ["inactive_incomplete"] as const;

/** GET /api/admin/account-deletions: email= finds one address (matched by its hash). */
export const accountDeletionQuerySchema = pageQueryOf(20).extend({ email: emailSchema.optional() });

/** One deleted account: what is kept of it (the address only as a hash). */
export const accountDeletionRowSchema = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  email_sha256: z.string().nullable(),
  status: z.string(),
  reason: z.enum(ACCOUNT_DELETION_REASONS),
  last_activity_at: z.string(),
  first_warning_at: z.string(),
  second_warning_at: z.string(),
  deleted_at: z.string(),
});
export type AccountDeletionRow = z.infer<typeof accountDeletionRowSchema>;

export const accountDeletionPageSchema = pageOf(accountDeletionRowSchema);
export type AccountDeletionPage = z.infer<typeof accountDeletionPageSchema>;
