import { z } from "zod";
import { ACCOUNT } from "../constants.ts";
import type { MessageKey } from "./messages.ts";

// Field schemas shared by every form and payload that has the field (ARCHITECTURE.md, style).
// Their messages are keys of validation/messages.ts.

const msg = (key: MessageKey) => ({ error: key });

/**
 * C0 control characters and DEL. PostgreSQL cannot store NUL at all (a NUL reaching the database
 * was a 500); a line break in a one-line field starts a new row in the clients CSV and has no
 * place in a name, an address or a mail subject. Tab and line breaks are allowed only in
 * multi-line text.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/**
 * Every string a client sends goes through one of these two: `error` is the message for a value
 * that is not a string at all. They trim, then refuse control characters before any other check
 * runs (abort), so the field gets one clear message.
 */
export const oneLineString = (
  error: MessageKey = "input.invalid",
  { trim = true, controlKey = "text.oneLine" as MessageKey } = {},
) =>
  (trim ? z.string(msg(error)).trim() : z.string(msg(error))).regex(ONE_LINE, {
    ...msg(controlKey),
    abort: true,
  });

export const multiLineString = (error: MessageKey = "input.invalid") =>
  z
    .string(msg(error))
    .trim()
    .regex(MULTI_LINE, { ...msg("text.controlCharacters"), abort: true });

/** A string that must be present: missing, non-string and blank all say "required". */
export const requiredText = (max: number, maxKey: MessageKey = "text.max") =>
  oneLineString("required").min(1, msg("required")).max(max, msg(maxKey));

export const optionalText = (max: number) =>
  oneLineString()
    .max(max, msg("text.max"))
    .optional()
    .transform((value) => (value === "" ? undefined : value));

export const emailSchema = z
  .string(msg("email.invalid"))
  .trim()
  .regex(ONE_LINE, { ...msg("email.invalid"), abort: true })
  .toLowerCase()
  .max(254, msg("email.invalid"))
  .pipe(z.email(msg("email.invalid")));

/** A new password, as typed (never trimmed). */
export const passwordSchema = oneLineString("password.min", {
  trim: false,
  controlKey: "password.controlCharacters",
})
  .min(ACCOUNT.passwordMinChars, msg("password.min"))
  .max(128, msg("password.max"));

export const companyNameSchema = oneLineString("companyName.min")
  .min(2, msg("companyName.min"))
  .max(50, msg("companyName.max"));

export const personNameSchema = oneLineString("name.min").min(2, msg("name.min")).max(100, msg("name.max"));

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

/**
 * A calendar day `YYYY-MM-DD` that exists (no 31 February), 2000-2099. The shape check aborts,
 * and the calendar check never throws: any input is a validation issue on its field, not a 500.
 */
export const daySchema = z
  .string(msg("day.invalid"))
  .regex(/^20\d{2}-\d{2}-\d{2}$/, { ...msg("day.invalid"), abort: true })
  .refine((day) => isCalendarDay(day), msg("day.invalid"));

function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}
