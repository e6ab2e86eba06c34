import { randomBytes, randomInt } from "node:crypto";
import type { LocationData, LocationPin, LocationView } from "@stempla/domain";
import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { locations } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { positionFor } from "../geo/service.ts";
import { liftPinLock, pinLocksOf } from "./pin-lock.ts";

type Row = typeof locations.$inferSelect;

/** The address a scan code stands for; the QR code encodes it. */
export const scanUrl = (publicUrl: string, code: string) => `${publicUrl}/s/${code}`;

function view(row: Row, publicUrl: string, pinLockedUntil: Date | undefined): LocationView {
  return {
    id: row.id,
    kind: "own",
    name: row.name,
    street: row.street,
    building: row.building,
    postcode: row.postcode,
    city: row.city,
    country: row.country,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    phone_number: row.phoneNumber,
    working_hours: row.workingHours,
    is_closed: row.isClosed,
    pin: row.pin,
    limit_count: row.limitCount,
    limit_hours: row.limitHours,
    pin_locked_until: pinLockedUntil?.toISOString() ?? null,
    scan_url: scanUrl(publicUrl, row.scanCode),
    created_at: row.createdAt.toISOString(),
  };
}

/** The row's fields; the map position per positionFor (the pin, kept, derived, never emptied). */
const fields = (input: LocationData, stored?: Row) => ({
  name: input.name,
  street: input.street,
  building: input.building,
  postcode: input.postcode.toUpperCase(),
  city: input.city,
  country: input.country,
  address: input.address ?? `${input.street} ${input.building}, ${input.postcode} ${input.city}`,
  ...positionFor(input, stored),
  phoneNumber: input.phone_number ?? null,
  workingHours: input.working_hours,
  isClosed: input.is_closed,
});

/** Every query is scoped by the caller's company: another partner's id is simply not found. */
async function owned(db: Database, companyId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.companyId, companyId)));
  if (!row) throw HttpError.notFound();
  return row;
}

export async function listLocations(
  db: Database,
  companyId: number,
  page: number,
  perPage: number,
  publicUrl: string,
) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(locations)
      .where(eq(locations.companyId, companyId))
      .orderBy(desc(locations.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(locations).where(eq(locations.companyId, companyId)),
  ]);
  const locks = await pinLocksOf(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => view(r, publicUrl, locks.get(r.id))), total: total?.value ?? 0 };
}

export async function getLocation(db: Database, companyId: number, id: number, publicUrl: string) {
  const row = await owned(db, companyId, id);
  return view(row, publicUrl, (await pinLocksOf(db, [row.id])).get(row.id));
}

export async function createLocation(
  db: Database,
  companyId: number,
  input: LocationData,
  publicUrl: string,
) {
  const [row] = await db
    .insert(locations)
    .values({
      companyId,
      ...fields(input),
      // A random first PIN the partner can change; four digits as the staff types them.
      pin: String(randomInt(0, 10_000)).padStart(4, "0"),
      scanCode: randomBytes(9).toString("base64url"),
    })
    .returning();
  return view(row!, publicUrl, undefined);
}

export async function updateLocation(
  db: Database,
  companyId: number,
  id: number,
  input: LocationData,
  publicUrl: string,
) {
  const stored = await owned(db, companyId, id);
  const [row] = await db
    .update(locations)
    .set({ ...fields(input, stored), updatedAt: new Date() })
    .where(and(eq(locations.id, id), eq(locations.companyId, companyId)))
    .returning();
  return view(row!, publicUrl, (await pinLocksOf(db, [id])).get(id));
}

export async function updateLocationPin(
  db: Database,
  companyId: number,
  id: number,
  input: LocationPin,
  publicUrl: string,
) {
  const before = await owned(db, companyId, id);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(locations)
      .set({
        pin: input.pin,
        limitCount: input.limit_count,
        limitHours: input.limit_hours,
        updatedAt: new Date(),
      })
      .where(and(eq(locations.id, id), eq(locations.companyId, companyId)))
      .returning();
    // A new PIN lifts a lock at once (docs/product.md, "Staff PIN"); saving the same PIN again,
    // e.g. with another collection limit, does not: it may be the one being guessed.
    if (input.pin !== before.pin) await liftPinLock(tx, id);
    return updated!;
  });
  return view(row, publicUrl, (await pinLocksOf(db, [id])).get(id));
}

// The QR toolkit for the digital menu's table codes and print sheet (docs/decisions/009-digital-menu.md, section 4).
export { drawQr, qrPng, qrSvg } from "./scan-code.ts";
