import type { z } from "zod";
import { oneLineString } from "../validation/fields.ts";
import { POSTCODE_PATTERNS } from "./countries.ts";

// Address fields shared by the billing address (registration) and locations.

/** A required part of an address (street, house number, city): "address.incomplete" when empty. */
export const addressPart = (max: number) =>
  oneLineString("address.incomplete").min(1, { error: "address.incomplete" }).max(max, { error: "text.max" });

/** Refinement: the postcode has the shape of the chosen country's postcodes. */
export function postcodeFitsCountry(
  value: { postcode: string; country: keyof typeof POSTCODE_PATTERNS },
  ctx: z.core.$RefinementCtx<Record<string, unknown>>,
) {
  if (!POSTCODE_PATTERNS[value.country].test(value.postcode)) {
    ctx.addIssue({ code: "custom", path: ["postcode"], message: "postcode.invalid" });
  }
}
