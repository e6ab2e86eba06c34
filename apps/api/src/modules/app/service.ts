import { SCAN_CODE_PATTERN } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { checkStaffPin, type PinLocation, type PinRefusal, pinLockedError } from "./staff-pin.ts";

// What other modules use of the app's scan rules (docs/decisions/010-coupons-and-vouchers.md,
// section 4): the staff PIN with its per-location guard, exactly as scans check it, for the
// redemption of coupons and vouchers. The scan itself keeps using staff-pin.ts directly.

/** The customer behind an app Bearer token (the market's routes authenticate as /api/app does). */
export { appUserOfToken } from "./accounts.ts";
export { checkStaffPin, type PinLocation, type PinRefusal };

/**
 * The location behind a scan code with what a PIN check needs, whatever its company's state:
 * items already held stay redeemable while the partner is blocked (decision 010, "Account state").
 */
export async function locationOfScanCode(db: Database, code: string): Promise<PinLocation | undefined> {
  if (!SCAN_CODE_PATTERN.test(code)) return undefined;
  const [row] = rowsOf<{ id: number; company_id: number; name: string; pin: string }>(
    await db.execute(sql`
      select id::int, company_id::int, name, pin from locations where scan_code = ${code}`),
  );
  return row && { id: row.id, companyId: row.company_id, name: row.name, pin: row.pin };
}

/** The answer to a refused staff PIN, as the scan gives it (403 pin_wrong, 423 pin_locked, 429). */
export function pinRefusalError(refusal: PinRefusal, at: Date): HttpError {
  if ("limited" in refusal) return refusal.limited;
  if ("lockedUntil" in refusal) return pinLockedError(refusal.lockedUntil, at);
  return new HttpError(403, {
    code: "pin_wrong",
    messageKey: "scan.pinWrong",
    fields: { pin: ["scan.pinWrong"] },
  });
}
