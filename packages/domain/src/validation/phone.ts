import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";
import { PHONE } from "../constants.ts";
import { oneLineString } from "./fields.ts";

// Phone numbers are stored as one E.164 number ("+492211234567") and shown in international
// format ("+49 221 1234567"); docs/decisions/007-phone-numbers-e164.md. The "max" metadata: the
// smaller "min" set checks only a number's length, so it took "0176 12" or "1111111" for numbers.

const DEFAULT_COUNTRY: CountryCode = PHONE.defaultCountry;

/**
 * What people write into a phone field: digits, a leading "+" or "00", spaces, brackets ("(0221)",
 * "+49 (0) 221"), slashes, dots and dashes. The parser would also pick a number out of a sentence
 * and drop the rest; a field holding more than a number is refused instead.
 */
const TYPED = /^[0-9+()/.\s\-–]+$/;

/**
 * The E.164 form of a typed number, read as German without a country code: "0221 1234567",
 * "+49 221 1234567", "0049 221 1234567" and "(0221) 123 45 67" are all "+492211234567".
 * Undefined when it is no valid number, or has an extension (E.164 has none).
 */
export function normalisePhone(typed: string): string | undefined {
  if (!TYPED.test(typed)) return undefined;
  const parsed = parsePhoneNumberFromString(typed, DEFAULT_COUNTRY);
  if (!parsed?.isValid() || parsed.ext) return undefined;
  return parsed.number;
}

/**
 * A stored number as people read it: "+49 221 1234567", the one format of every screen, PDF and
 * mail. A value that is no valid number (one the migration could not normalise) shows as stored.
 */
export function formatPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored, DEFAULT_COUNTRY);
  return parsed?.isValid() && !parsed.ext ? parsed.formatInternational() : stored;
}

/**
 * A number as an approval before E.164 (migration 0018) recorded it, as the forms showed it behind
 * the fixed "+49" ("+49 0221 1234567", "+49 +49 221 …") or as typed ("0221 1234567"), in the format
 * of every screen ("+49 221 1234567"). A value that is no number reads as recorded.
 */
export function formatRecordedPhone(recorded: string): string {
  const number = normalisePhone(recorded.replace(/^\+49\s*(?=\+|00)/, ""));
  return number ? formatPhone(number) : recorded;
}

const toE164 = (value: string, ctx: z.RefinementCtx) => {
  const e164 = normalisePhone(value);
  if (e164) return e164;
  ctx.addIssue({ code: "custom", message: "phone.invalid" });
  return z.NEVER;
};

/** A required phone number as typed; its output is the E.164 number. */
export const phoneSchema = oneLineString("phone.invalid")
  .max(40, { error: "phone.invalid" })
  .transform(toE164);

/** An optional phone number: missing or blank is none (undefined), anything else must be valid. */
export const optionalPhoneSchema = oneLineString("phone.invalid")
  .max(40, { error: "phone.invalid" })
  .optional()
  .transform((value, ctx) => (value ? toE164(value, ctx) : undefined));
