import { z } from "zod";
import { dataOf } from "../api/envelope.ts";

// A map position (WGS 84, as the app and OpenStreetMap use it) of a location or the business
// address; the app sorts partners by distance from it (docs/geo-positions.md).

export const latitudeSchema = z
  .number({ error: "coordinates.latitude" })
  .min(-90, { error: "coordinates.latitude" })
  .max(90, { error: "coordinates.latitude" });

export const longitudeSchema = z
  .number({ error: "coordinates.longitude" })
  .min(-180, { error: "coordinates.longitude" })
  .max(180, { error: "coordinates.longitude" });

/** The pin the partner placed; left out, the server derives the position from the address. */
export const coordinateFields = {
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
};

/** Refinement: a pin has both numbers or none (the missing one is named). */
export function coordinatesComplete(
  value: { latitude?: number | undefined; longitude?: number | undefined },
  ctx: z.core.$RefinementCtx<Record<string, unknown>>,
) {
  if (value.latitude === undefined && value.longitude !== undefined) {
    ctx.addIssue({ code: "custom", path: ["latitude"], message: "coordinates.pair" });
  }
  if (value.longitude === undefined && value.latitude !== undefined) {
    ctx.addIssue({ code: "custom", path: ["longitude"], message: "coordinates.pair" });
  }
}

/** How exactly a derived position fits the address: the postcode's town, or the town by name. */
export const POSITION_PRECISIONS = ["postcode", "town"] as const;
export type PositionPrecision = (typeof POSITION_PRECISIONS)[number];

/** GET /api/v2/dashboard/geo/position: where the address lies, as far as known offline. */
export const positionQuerySchema = z.object({
  country: z.string({ error: "country.invalid" }).regex(/^[A-Z]{2}$/, { error: "country.invalid" }),
  postcode: z.string({ error: "postcode.invalid" }).trim().max(12, { error: "postcode.invalid" }).default(""),
  city: z.string({ error: "address.incomplete" }).trim().max(80, { error: "text.max" }).default(""),
});

export const positionViewSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  precision: z.enum(POSITION_PRECISIONS),
});
export type PositionView = z.infer<typeof positionViewSchema>;
export const derivedPositionResponseSchema = dataOf(positionViewSchema.nullable());
export type DerivedPositionResponse = z.infer<typeof derivedPositionResponseSchema>;

/** GET /api/v2/geo/map: the map background the dashboard draws; url null means none. */
export const mapTilesSchema = z.object({ url: z.string().nullable(), attribution: z.string() });
export type MapTiles = z.infer<typeof mapTilesSchema>;
export const mapTilesResponseSchema = dataOf(mapTilesSchema);
export type MapTilesResponse = z.infer<typeof mapTilesResponseSchema>;
