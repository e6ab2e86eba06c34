import { z } from "zod";
import { ACCOUNT_STATUSES } from "./auth.ts";
import { RED_CAUSES, SETUP_REQUIREMENTS } from "./status.ts";

// The account's status as GET /dashboard/status and the provider team's actions answer it
// (docs/product.md, "Account status").

export const accountStatusViewSchema = z.object({
  status: z.enum(ACCOUNT_STATUSES),
  /** Red only: blocked by the provider team, or a live account missing required data. */
  red_cause: z.enum(RED_CAUSES).nullable(),
  missing: z.array(z.enum(SETUP_REQUIREMENTS)),
  approved_at: z.string().nullable(),
  /** When the current colour began. */
  since: z.string(),
  /** Why the provider team blocked the account (red only). */
  reason: z.string().nullable(),
});
export type AccountStatusView = z.infer<typeof accountStatusViewSchema>;
