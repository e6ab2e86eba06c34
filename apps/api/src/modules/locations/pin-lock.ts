import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";

// The lock of a location's staff PIN after too many wrong PINs (docs/product.md, "Staff PIN"),
// as the dashboard sees and ends it; modules/app/staff-pin.ts counts the wrong PINs.

/** When the location's PIN is locked, the lock's end; else null (the dashboard's warning). */
export async function pinLocksOf(db: Database, locationIds: number[]): Promise<Map<number, Date>> {
  if (locationIds.length === 0) return new Map();
  const rows = rowsOf<{ location_id: number; locked_until: string | Date }>(
    await db.execute(sql`
      select location_id::int, locked_until from pin_guards
      where location_id in (${sql.join(
        locationIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and locked_until > now()`),
  );
  return new Map(rows.map((r) => [r.location_id, new Date(r.locked_until)]));
}

/** A new PIN makes earlier guesses worthless: the count and any lock end with it. */
export async function liftPinLock(tx: Database, locationId: number): Promise<void> {
  await tx.execute(sql`delete from pin_guards where location_id = ${locationId}`);
}
