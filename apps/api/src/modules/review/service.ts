import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { locations } from "../../db/schema/index.ts";
import { type PublishedPartner, publishedPartner } from "./snapshot.ts";

/**
 * The location behind a scan code and what customers see of its partner (`publishedPartner`).
 * `published` is undefined when the partner is not live, or the location is not published yet (a
 * location added while a change waits for review). Undefined as a whole for an unknown code.
 */
export async function publishedScanLocation(
  db: Database,
  scanCode: string,
): Promise<{ locationId: number; published: PublishedPartner | undefined } | undefined> {
  const [location] = await db
    .select({ id: locations.id, companyId: locations.companyId })
    .from(locations)
    .where(eq(locations.scanCode, scanCode));
  if (!location) return undefined;
  const published = await publishedPartner(db, location.companyId);
  return {
    locationId: location.id,
    published: published?.locations.some((l) => l.id === location.id) ? published : undefined,
  };
}

// The reviewed data, for the status rules, the console's review and the printed QR sheets, and
// the card's points as scans count them, for the statistics and the clients list
// (docs/architecture.md, module boundaries).
export { scannedCardPoints } from "./card-points.ts";
export { currentReviewData, lastApproval, publishedPartner } from "./snapshot.ts";
