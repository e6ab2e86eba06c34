import { z } from "zod";
import { addressPart, postcodeFitsCountry } from "../account/address.ts";
import { coordinateFields, coordinatesComplete } from "../account/coordinates.ts";
import { BILLING_COUNTRIES } from "../account/countries.ts";
import { oneLineString, optionalText } from "../validation/fields.ts";
import { optionalPhoneSchema } from "../validation/phone.ts";

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** HH:MM, 00:00 to 24:00 (opening hours, the card's time limits). */
export const timeOfDaySchema = z
  .string({ error: "hours.format" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: "hours.format" });
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export const intervalSchema = z
  .object({ from: timeOfDaySchema, to: timeOfDaySchema })
  .refine((i) => minutes(i.from) < minutes(i.to), { path: ["to"], message: "hours.order" });

/**
 * Opening hours per weekday: several ranges a day, none for a closed day. A bar open past
 * midnight enters the early hours on the next day (Fri 18:00–24:00, Sat 00:00–02:00).
 */
export const workingHoursSchema = z.object(
  Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      z
        .array(intervalSchema, { error: "hours.format" })
        .max(4, { error: "hours.tooMany" })
        .default([])
        .superRefine((ranges, ctx) => {
          const sorted = [...ranges].sort((a, b) => minutes(a.from) - minutes(b.from));
          for (let i = 1; i < sorted.length; i++) {
            if (minutes(sorted[i]!.from) < minutes(sorted[i - 1]!.to)) {
              ctx.addIssue({ code: "custom", message: "hours.overlap" });
              return;
            }
          }
        }),
    ]),
  ) as Record<Weekday, z.ZodDefault<z.ZodArray<typeof intervalSchema>>>,
);
export type WorkingHours = z.infer<typeof workingHoursSchema>;
export type WorkingHoursInput = z.input<typeof workingHoursSchema>;

export const emptyWorkingHours = (): WorkingHours =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as WorkingHours;

/** POST /api/v2/dashboard/shop and POST /api/v2/dashboard/shop/{id} (spec section 3, shop payload). */
export const locationSchema = z
  .object({
    name: oneLineString("location.name")
      .min(2, { error: "location.name" })
      .max(60, { error: "location.name" }),
    street: addressPart(120),
    building: addressPart(20),
    postcode: oneLineString("address.incomplete").min(1, { error: "address.incomplete" }),
    city: addressPart(80),
    country: z.enum(BILLING_COUNTRIES, { error: "country.invalid" }).default("DE"),
    address: optionalText(250),
    ...coordinateFields,
    /** As typed; stored as E.164 (docs/decisions/007-phone-numbers-e164.md). */
    phone_number: optionalPhoneSchema,
    working_hours: workingHoursSchema.default(emptyWorkingHours()),
    is_closed: z.boolean({ error: "input.invalid" }).default(false),
  })
  .superRefine((value, ctx) => {
    postcodeFitsCountry(value, ctx);
    coordinatesComplete(value, ctx);
  });
export type LocationInput = z.input<typeof locationSchema>;
export type LocationData = z.output<typeof locationSchema>;

/** PUT /api/v2/dashboard/shop/{id}/pin: the staff PIN and the collection limit per customer. */
export const locationPinSchema = z.object({
  pin: z.string({ error: "pin.invalid" }).regex(/^\d{4}$/, { error: "pin.invalid" }),
  limit_count: z
    .number({ error: "pinLimit.count" })
    .int({ error: "pinLimit.count" })
    .min(1, { error: "pinLimit.count" })
    .max(50, { error: "pinLimit.count" }),
  limit_hours: z
    .number({ error: "pinLimit.hours" })
    .int({ error: "pinLimit.hours" })
    .min(1, { error: "pinLimit.hours" })
    .max(168, { error: "pinLimit.hours" }),
});
export type LocationPin = z.infer<typeof locationPinSchema>;

/** A location as the dashboard API returns it. */
export const locationViewSchema = z.object({
  id: z.number(),
  /**
   * Always "own" here: the caller's own location. A franchisee's location a master sees is
   * `franchiseLocationSchema` with "franchise" (docs/decisions/008-franchise-model.md, section 1).
   */
  kind: z.literal("own"),
  name: z.string(),
  street: z.string(),
  building: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** E.164 ("+492211234567"), or null. */
  phone_number: z.string().nullable(),
  working_hours: z.record(z.string(), z.array(z.object({ from: z.string(), to: z.string() }))),
  is_closed: z.boolean(),
  pin: z.string(),
  limit_count: z.number(),
  limit_hours: z.number(),
  /** While too many wrong PINs lock the staff PIN (docs/product.md, "Staff PIN"): its end; else null. */
  pin_locked_until: z.string().nullable(),
  scan_url: z.string(),
  created_at: z.string(),
});
export type LocationView = z.infer<typeof locationViewSchema>;
