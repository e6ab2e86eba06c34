import { z } from "zod";
import type { MessageKey } from "./messages.ts";

// Field schemas shared by every form and payload that has the field (ARCHITECTURE.md, style).
// Their messages are keys of validation/messages.ts.

const msg = (key: MessageKey) => ({ error: key });

/** A string that must be present: missing, non-string and blank all say "required". */
export const requiredText = (max: number, maxKey: MessageKey = "text.max") =>
  z.string(msg("required")).trim().min(1, msg("required")).max(max, msg(maxKey));

export const optionalText = (max: number) =>
  z
    .string(msg("input.invalid"))
    .trim()
    .max(max, msg("text.max"))
    .optional()
    .transform((value) => (value === "" ? undefined : value));

export const emailSchema = z
  .string(msg("email.invalid"))
  .trim()
  .toLowerCase()
  .max(254, msg("email.invalid"))
  .pipe(z.email(msg("email.invalid")));

export const passwordSchema = z
  .string(msg("password.min"))
  .min(6, msg("password.min"))
  .max(128, msg("password.max"));

export const companyNameSchema = z
  .string(msg("companyName.min"))
  .trim()
  .min(2, msg("companyName.min"))
  .max(50, msg("companyName.max"));

export const personNameSchema = z
  .string(msg("name.min"))
  .trim()
  .min(2, msg("name.min"))
  .max(100, msg("name.max"));

/** Digits with optional leading +, spaces, slashes, dashes and brackets; 6 to 20 digits. */
export const phoneSchema = z
  .string(msg("phone.invalid"))
  .trim()
  .regex(/^\+?[0-9 ()/-]+$/, msg("phone.invalid"))
  .refine((value) => {
    const digits = value.replace(/\D/g, "").length;
    return digits >= 6 && digits <= 20;
  }, msg("phone.invalid"));

/** A whole number from a query string or path (coerced), within bounds. */
export const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number(msg("number.invalid"))
    .int(msg("number.invalid"))
    .min(min, msg("number.min"))
    .max(max, msg("number.max"));

/**
 * A calendar month `YYYY-MM` in the years the product can have data for (2000-2099), so date
 * arithmetic and the database never see year 0 or a five-digit year.
 */
export const monthSchema = z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, msg("month.invalid"));

/** A calendar day `YYYY-MM-DD` that exists (no 31 February), 2000-2099. */
export const daySchema = z
  .string()
  .regex(/^20\d{2}-\d{2}-\d{2}$/, msg("input.invalid"))
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), msg("input.invalid"));
