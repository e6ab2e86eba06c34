import { berlinDay } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { type Database, isUniqueViolation, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";

export interface DigitalMenuState {
  location_id: number;
  /** YYYY-MM-DD the current booking started; null when not booked. */
  digital_menu_since: string | null;
}

/**
 * Books the digital menu for a location from today, or ends its booking today (36 EUR a month
 * for every month with a booked day). Repeating either is harmless; the history stays for billing.
 */
export async function setDigitalMenu(
  db: Database,
  locationId: number,
  enabled: boolean,
  userId: number,
  today = berlinDay(new Date()),
): Promise<DigitalMenuState> {
  try {
    return await db.transaction(async (tx) => {
      const [location] = rowsOf<{ company_id: number }>(
        await tx.execute(sql`select company_id::int from locations where id = ${locationId} for update`),
      );
      if (!location) throw HttpError.notFound();
      if (enabled) {
        await tx.execute(sql`
          insert into digital_menu_bookings (company_id, location_id, starts_on, booked_by_user_id)
          select ${location.company_id}, ${locationId}, ${today}::date, ${userId}
          where not exists (select 1 from digital_menu_bookings where location_id = ${locationId} and ends_on is null)`);
      } else {
        await tx.execute(sql`
          update digital_menu_bookings set ends_on = ${today}::date, ended_by_user_id = ${userId}
          where location_id = ${locationId} and ends_on is null`);
      }
      return (await digitalMenuSince(tx, [locationId]))[0]!;
    });
  } catch (error) {
    // Two team members booking at the same moment: the other booking stands.
    if (isUniqueViolation(error)) return (await digitalMenuSince(db, [locationId]))[0]!;
    throw error;
  }
}

/** The open booking of each location, if any. */
export async function digitalMenuSince(db: Database, locationIds: number[]): Promise<DigitalMenuState[]> {
  if (locationIds.length === 0) return [];
  const rows = rowsOf<{ location_id: number; starts_on: string }>(
    await db.execute(sql`
      select location_id::int, to_char(starts_on, 'YYYY-MM-DD') as starts_on from digital_menu_bookings
      where ends_on is null and location_id in (${sql.join(
        locationIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return locationIds.map((id) => ({
    location_id: id,
    digital_menu_since: rows.find((r) => r.location_id === id)?.starts_on ?? null,
  }));
}
