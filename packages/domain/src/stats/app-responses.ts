import { z } from "zod";
import { dataOf } from "../api/envelope.ts";
import { cardConditionsViewSchema } from "../card/conditions.ts";
import { wholeNumber } from "../validation/fields.ts";
import { socialProviderSchema } from "./app-api.ts";

// Answers of the end-customer app's API (/api/app, spec section 1). The app is not ours: these
// shapes are its contract, so every field stays as it is.

/** A scan collects a point or redeems a full card; one tuple for the DB column and the API. */
export const SCAN_KINDS = ["collect", "redeem"] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

/** The signed-in customer. */
export const appUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  surname: z.string().nullable(),
  phone: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  wallet_address: z.string(),
  locale: z.string(),
});
export type AppUser = z.infer<typeof appUserSchema>;

/** POST /register, /login and /login/{provider}: the Bearer token and the customer. */
export const appSessionSchema = dataOf(z.object({ token: z.string(), user: appUserSchema }));

/** POST /scan and /redeem: the card after the scan; a retry with the same key answers the same scan. */
export const appScanResultSchema = dataOf(
  z.object({
    scan_id: z.number(),
    kind: z.enum(SCAN_KINDS),
    points: z.number(),
    max_points: z.number(),
    card_full: z.boolean(),
    with_pin: z.boolean(),
    partner: z.object({ id: z.number(), name: z.string() }),
    location: z.object({ id: z.number(), name: z.string() }),
    conditions: cardConditionsViewSchema,
    conditions_text: z.array(z.string()).describe("The conditions in the request's language, one line each"),
    created_at: z.string(),
    replayed: z.boolean(),
  }),
);

/** The Idempotency-Key header of a scan, as the OpenAPI document shows it. */
export const appIdempotencyHeaderSchema = z.object({
  "idempotency-key": z
    .string()
    .optional()
    .describe("Retries of the same scan carry the same key; it counts once"),
});

/** GET /cards: one of the customer's stamp cards. */
export const appCardSchema = z.object({
  partner_id: z.number(),
  partner_name: z.string(),
  points: z.number(),
  max_points: z.number().nullable(),
  conditions: cardConditionsViewSchema,
  conditions_text: z.array(z.string()),
  share_contact: z.boolean(),
  last_scan_at: z.string(),
});
export type AppCard = z.infer<typeof appCardSchema>;

/** POST /login/{provider}: Google, Apple or Facebook. */
export const appSocialLoginParamsSchema = z.object({ provider: socialProviderSchema });

/** PUT /cards/{partnerId}/share. */
export const appPartnerParamsSchema = z.object({ partnerId: wholeNumber(1, Number.MAX_SAFE_INTEGER) });
export const shareContactResultSchema = z.object({ partner_id: z.number(), share_contact: z.boolean() });
