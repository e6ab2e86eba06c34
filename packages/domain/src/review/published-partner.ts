import { z } from "zod";
import { cardConditionsViewSchema } from "../card/conditions.ts";
import { logoViewSchema } from "../card/partner-profile.ts";
import { scanCodeSchema } from "../stats/app-api.ts";

// What the end-customer app shows of the partner behind a scan code: the data the provider team
// approved last (docs/product.md, "Review"), never changes still waiting for review.

/** GET /scan-codes/{code}/partner: a location's scan code. */
export const scanCodeParamsSchema = z.object({ code: scanCodeSchema });

const timeRangeSchema = z.object({ from: z.string(), to: z.string() });

export const publishedPartnerViewSchema = z.object({
  public_name: z.string(),
  description: z.string().nullable(),
  points: z.number().nullable(),
  conditions: cardConditionsViewSchema,
  conditions_text: z.array(z.string()).describe("The conditions in the request's language, one line each"),
  logo: logoViewSchema.nullable(),
  categories: z.array(z.number()),
  socials: z.array(z.object({ type: z.string(), url: z.string() })),
  locations: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      address: z.string(),
      phone: z.string().nullable(),
      /** Opening hours per weekday (mo..su), each day's time ranges HH:MM. */
      working_hours: z.record(z.string(), z.array(timeRangeSchema)),
      is_closed: z.boolean(),
      /** Absent in approvals made before the map position was published. */
      latitude: z.number().nullable().optional(),
      longitude: z.number().nullable().optional(),
    }),
  ),
  /** The location whose scan code was asked for. */
  location_id: z.number(),
});
export type PublishedPartnerView = z.infer<typeof publishedPartnerViewSchema>;
