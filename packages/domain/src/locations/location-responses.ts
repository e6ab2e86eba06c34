import { z } from "zod";
import { dataOf, idParamsSchema, pageOf, pageQueryOf } from "../api/envelope.ts";
import { locationViewSchema } from "./location.ts";

// Request and response shapes of the location endpoints (spec section 7: /dashboard/shop).

/** GET /dashboard/shop: the page of the partner's locations, newest first. */
export const locationListQuerySchema = pageQueryOf(10);
export const locationPageSchema = pageOf(locationViewSchema);
export type LocationPage = z.infer<typeof locationPageSchema>;

/** One location: the answer of reading, adding and changing it. */
export const locationResponseSchema = dataOf(locationViewSchema);

export const QR_FORMATS = ["png", "svg", "pdf"] as const;
export type QrFormat = (typeof QR_FORMATS)[number];
/** GET /dashboard/shop/{id}/qr/{format}. */
export const qrParamsSchema = idParamsSchema.extend({
  format: z.enum(QR_FORMATS, { error: "input.invalid" }),
});

/**
 * The printables of the PDF format: the A5 poster, an A6 table tent (two A6 faces on one A5 sheet,
 * folded in the middle) and a round sticker of 90 mm.
 */
export const QR_PRINT_SIZES = ["a5", "a6-tent", "sticker"] as const;
export type QrPrintSize = (typeof QR_PRINT_SIZES)[number];
/** GET /dashboard/shop/{id}/qr/pdf?size=…; PNG and SVG ignore it. */
export const qrQuerySchema = z.object({
  size: z.enum(QR_PRINT_SIZES, { error: "input.invalid" }).default("a5"),
});
