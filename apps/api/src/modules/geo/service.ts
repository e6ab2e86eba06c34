import { derivePosition } from "./positions.ts";

export interface PostalAddress {
  street: string;
  building: string;
  postcode: string;
  city: string;
  country: string;
}

export interface Position {
  latitude: number | null;
  longitude: number | null;
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const samePostcode = (a: string, b: string) =>
  a.replace(/\s+/g, "").toUpperCase() === b.replace(/\s+/g, "").toUpperCase();

export function sameAddress(a: PostalAddress, b: PostalAddress): boolean {
  return (
    sameText(a.street, b.street) &&
    sameText(a.building, b.building) &&
    samePostcode(a.postcode, b.postcode) &&
    sameText(a.city, b.city) &&
    a.country === b.country
  );
}

/**
 * The map position to store with an address (docs/geo-positions.md):
 * 1. the pin the partner placed (sent with the address) wins;
 * 2. an edit that leaves the address as it was keeps the stored position (phone, name, hours …);
 * 3. a new or changed address takes the position derived from its postcode or town;
 * 4. where nothing can be derived, an edit keeps the stored position: coordinates are never
 *    emptied by an edit, the app could no longer sort the partner by distance.
 */
export function positionFor(
  input: PostalAddress & { latitude?: number | undefined; longitude?: number | undefined },
  stored?: PostalAddress & Position,
): Position {
  if (input.latitude !== undefined && input.longitude !== undefined) {
    return { latitude: input.latitude, longitude: input.longitude };
  }
  const kept = stored?.latitude != null && stored.longitude != null ? stored : undefined;
  if (kept && sameAddress(input, kept)) return { latitude: kept.latitude, longitude: kept.longitude };
  const derived = derivePosition(input);
  if (derived) return { latitude: derived.latitude, longitude: derived.longitude };
  return { latitude: kept?.latitude ?? null, longitude: kept?.longitude ?? null };
}
