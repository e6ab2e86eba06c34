import { z } from "zod";
import { emailSchema, optionalText, passwordSchema, requiredText } from "../validation/fields.ts";
import { optionalPhoneSchema } from "../validation/phone.ts";

// Payloads of the end-customer app's API (/api/app). The app is not ours; these are its contract.

const msg = (key: "scan.codeInvalid" | "scan.pinInvalid" | "input.invalid" | "birthDate.invalid") => ({
  error: key,
});

export const appRegisterSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  first_name: optionalText(100),
  surname: optionalText(100),
  phone: optionalPhoneSchema,
  date_of_birth: z.iso
    .date(msg("birthDate.invalid"))
    .refine((value) => value >= "1900-01-01" && new Date(value) <= new Date(), msg("birthDate.invalid"))
    .optional(),
  locale: z.enum(["de", "en"]).default("de"),
});
export type AppRegister = z.infer<typeof appRegisterSchema>;

export const appLoginSchema = z.object({ email: emailSchema, password: z.string().min(1).max(128) });

/** A location's scan code as its QR code and NFC tag carry it (made as 12 base64url characters). */
export const SCAN_CODE_PATTERN = /^[A-Za-z0-9_-]{6,40}$/;
export const scanCodeSchema = z
  .string(msg("scan.codeInvalid"))
  .regex(SCAN_CODE_PATTERN, msg("scan.codeInvalid"));
export const staffPinSchema = z.string(msg("scan.pinInvalid")).regex(/^\d{4}$/, msg("scan.pinInvalid"));

/** How the app read the location's code; one tuple for the DB column and the API. */
export const SCAN_METHODS = ["nfc", "qr"] as const;
export type ScanMethod = (typeof SCAN_METHODS)[number];

export const scanRequestSchema = z.object({
  code: scanCodeSchema,
  method: z.enum(SCAN_METHODS).default("qr"),
  pin: staffPinSchema.optional(),
});
export type ScanRequest = z.infer<typeof scanRequestSchema>;

export const redeemRequestSchema = z.object({ code: scanCodeSchema, pin: staffPinSchema });
export type RedeemRequest = z.infer<typeof redeemRequestSchema>;

/** Retries of one scan carry the same key (header Idempotency-Key); any printable token. */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{8,100}$/, msg("input.invalid"));

export const shareContactSchema = z.object({ share_contact: z.boolean() });

/** The identity providers an app customer can sign in with (OpenID Connect ID tokens). */
export const SOCIAL_PROVIDERS = ["google", "apple", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS, { error: "app.social.providerUnknown" });

/**
 * Sign-in with the ID token the provider's SDK gave the app. `nonce`: the value the app put into
 * its sign-in request, when it used one. Names and locale are used only when the sign-in creates
 * the account (Apple hands the name to the app once and never puts it into the token).
 */
export const appSocialLoginSchema = z.object({
  id_token: requiredText(16_384, "input.invalid"),
  nonce: z
    .string(msg("input.invalid"))
    .min(1, msg("input.invalid"))
    .max(512, msg("input.invalid"))
    .optional(),
  first_name: optionalText(100),
  surname: optionalText(100),
  locale: z.enum(["de", "en"]).default("de"),
});
export type AppSocialLogin = z.infer<typeof appSocialLoginSchema>;
