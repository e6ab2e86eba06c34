import { type Locale, STAFF_PIN } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { type Database, executePrepared, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { assertBelowRateLimit, enforceRateLimits } from "../../plugins/rate-limit.ts";
import { partnerRecipients, pinLockedMail, queueMails } from "../mail/service.ts";
import { recordFraudEvent } from "../stats/service.ts";

/** One customer's wrong PINs at one location (docs/product.md, "Staff PIN"). */
const customerFailures = (appUserId: number, locationId: number) => ({
  key: `app-pin:${appUserId}:${locationId}`,
  limit: STAFF_PIN.customerFailures,
  windowSeconds: STAFF_PIN.customerWindowMinutes * 60,
});

export interface PinLocation {
  id: number;
  companyId: number;
  name: string;
  pin: string;
}

/** Why a PIN was refused: wrong, locked at the location until then, or the customer's own limit. */
export type PinRefusal = { wrong: true } | { lockedUntil: Date } | { limited: HttpError };

/** 423 `pin_locked` until the lock ends, also for the right PIN. */
export const pinLockedError = (until: Date, at: Date) =>
  new HttpError(
    423,
    { code: "pin_locked", messageKey: "scan.pinLocked" },
    { "retry-after": String(Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000))) },
  );

/**
 * Checks a staff PIN inside the scan's transaction, which already holds the customer's card, and
 * answers why it is refused (nothing when the PIN is right). The caller returns the refusal from
 * its transaction rather than throwing it, so what was counted is committed.
 *
 * Wrong PINs are counted per customer and, across all customers, per location. The location's
 * row in `pin_guards` is locked before the PIN is compared, so concurrent guesses at one location
 * are judged one after another and never more than the limit of them is compared; a locked PIN
 * refuses even the right PIN. The guess that reaches the limit starts the lock, records it in the
 * fraud view and mails the partner, once per lock.
 */
export async function checkStaffPin(
  tx: Database,
  s: { location: PinLocation; appUserId: number; pin: string; at: Date; publicUrl?: string },
): Promise<PinRefusal | undefined> {
  const { location, at } = s;
  const perCustomer = customerFailures(s.appUserId, location.id);
  // One customer's attempts run one after another (they hold the card), so check and count
  // within the transaction are exact.
  try {
    await assertBelowRateLimit(tx, perCustomer);
  } catch (error) {
    if (error instanceof HttpError) return { limited: error };
    throw error;
  }

  const guard = await lockGuard(tx, location.id, at);
  if (guard.lockedUntil && guard.lockedUntil > at) return { lockedUntil: guard.lockedUntil };
  if (s.pin === location.pin) return undefined;

  await enforceRateLimits(tx, [perCustomer]).catch((hit) => {
    // Over the customer's limit now: this answer still says "wrong", the next one is refused.
    if (!(hit instanceof HttpError)) throw hit;
  });
  const counted = await countFailure(tx, location.id, at);
  if (!counted.lockedUntil) return { wrong: true };
  // Only the API scans with PINs that can be wrong; the simulator enters the right ones.
  if (!s.publicUrl) throw new Error("a PIN lock's mail needs PUBLIC_URL for its link");

  await recordFraudEvent(tx, {
    companyId: location.companyId,
    locationId: location.id,
    appUserId: null,
    rule: "pin_locked",
    at,
    count: counted.failures,
  });
  const recipients = await partnerRecipients(tx, location.companyId);
  await queueMails(
    tx,
    recipients.map((r) => {
      const locale: Locale = r.locale === "en" ? "en" : "de";
      return {
        template: "pin-locked",
        locale,
        to: r.email,
        content: pinLockedMail(locale, {
          locationName: location.name,
          failures: counted.failures,
          lockedUntil: counted.lockedUntil!,
          link: `${s.publicUrl}/${locale}/locations/${location.id}`,
        }),
      };
    }),
  );
  return { lockedUntil: counted.lockedUntil };
}

interface Guard {
  failures: number;
  lockedUntil: Date | null;
}

const guardOf = (row: { failures: number; locked_until: string | Date | null }): Guard => ({
  failures: row.failures,
  lockedUntil: row.locked_until === null ? null : new Date(row.locked_until),
});

/**
 * The location's guard row, created on the first PIN and locked for the rest of the transaction.
 * A window or a lock that has ended starts counting afresh (the expressions read the old row).
 */
async function lockGuard(tx: Database, locationId: number, at: Date): Promise<Guard> {
  const now = at.toISOString();
  const [row] = rowsOf<{ failures: number; locked_until: string | Date | null }>(
    await executePrepared(
      tx,
      "pin-guard-lock",
      sql`
      insert into pin_guards as g (location_id, window_start, failures) values (${locationId}, ${now}::timestamptz, 0)
      on conflict (location_id) do update set
        failures = case
          when g.locked_until > ${now}::timestamptz then g.failures
          when g.locked_until is not null
            or g.window_start <= ${now}::timestamptz - make_interval(mins => ${STAFF_PIN.locationWindowMinutes}) then 0
          else g.failures end,
        locked_at = case when g.locked_until > ${now}::timestamptz then g.locked_at end,
        locked_until = case when g.locked_until > ${now}::timestamptz then g.locked_until end
      returning failures, locked_until`,
    ),
  );
  return guardOf(row!);
}

/** Counts a wrong PIN in the locked guard row; the one that reaches the limit locks the PIN. */
async function countFailure(tx: Database, locationId: number, at: Date): Promise<Guard> {
  const now = at.toISOString();
  const [row] = rowsOf<{ failures: number; locked_until: string | Date | null }>(
    await executePrepared(
      tx,
      "pin-guard-failure",
      sql`
      update pin_guards set
        failures = failures + 1,
        window_start = case when failures = 0 then ${now}::timestamptz else window_start end,
        locked_at = case when failures + 1 >= ${STAFF_PIN.locationFailures} then ${now}::timestamptz end,
        locked_until = case when failures + 1 >= ${STAFF_PIN.locationFailures}
          then ${now}::timestamptz + make_interval(mins => ${STAFF_PIN.lockMinutes}) end
      where location_id = ${locationId}
      returning failures, locked_until`,
    ),
  );
  return guardOf(row!);
}
