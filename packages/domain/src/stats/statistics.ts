import { z } from "zod";
import { pageQueryOf } from "../api/envelope.ts";
import { STATS_MAX_LOCATIONS } from "../constants.ts";
import { monthSchema, oneLineString, wholeNumber } from "../validation/fields.ts";

/** A customer with this many collections at one location in one day is listed in the fraud view. */
export const UNUSUAL_DAILY_COLLECTS = 5;

/** The start of the hour, as an ISO timestamp (hours are the same in every time zone we use). */
export function hourStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
}

/** `YYYY-MM-01` of the month `delta` months from `month` (also `YYYY-MM-01`). */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** The Monday (YYYY-MM-DD) of the ISO week that contains `day`. */
export function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const shift = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - shift * 86_400_000).toISOString().slice(0, 10);
}

export function addDays(day: string, delta: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + delta * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Whose figures: the partner's own locations, or (masters only) the whole franchise network, the
 * master's and every franchisee's locations (docs/decisions/008-franchise-model.md, section 4).
 */
export const STATS_SCOPES = ["own", "network"] as const;
export type StatsScope = (typeof STATS_SCOPES)[number];

const LOCATION_LIST = /^[1-9]\d{0,15}(,[1-9]\d{0,15})*$/;

/**
 * `locations=3,17,42`: a chosen set of locations, each a safe id, at most STATS_MAX_LOCATIONS of
 * them (repeated ids count once). Checked on the string, so every problem is one message on the
 * field `locations`.
 */
const locationListSchema = z
  .string({ error: "stats.locations.invalid" })
  .regex(LOCATION_LIST, { error: "stats.locations.invalid", abort: true })
  .refine((list) => list.split(",").every((id) => Number.isSafeInteger(Number(id))), {
    error: "stats.locations.invalid",
    abort: true,
  })
  .transform((list) => [...new Set(list.split(",").map(Number))])
  .refine((ids) => ids.length <= STATS_MAX_LOCATIONS, { error: "stats.locations.max" });

/**
 * The statistics selection: a month (YYYY-MM, default the current one), the scope (`own`, default,
 * or `network`) and optionally a chosen set of locations (`locations`, or the single `location`,
 * which stays as an alias). A chosen set narrows the scope to those locations; a master may choose
 * its own and its franchisees' locations.
 */
export const statsQuerySchema = z.object({
  month: monthSchema.optional(),
  scope: z.enum(STATS_SCOPES, { error: "input.invalid" }).default("own"),
  locations: locationListSchema.optional(),
  location: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** How the scan history and the statistics PDF group the month: by week or by month. */
export const STATS_PERIODS = ["week", "month"] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

export const scanHistoryQuerySchema = statsQuerySchema.extend({
  period: z.enum(STATS_PERIODS).default("week"),
});

export const averageReceiptSchema = z.object({
  average_receipt_cents: wholeNumber(50, 100_000),
});

/** Clients list query: search text, a filter and paging. */
export const CLIENT_FILTERS = ["all", "full", "active", "inactive"] as const;
export const clientsQuerySchema = z.object({
  search: oneLineString().max(100, { error: "text.max" }).optional(),
  filter: z.enum(CLIENT_FILTERS).default("all"),
  ...pageQueryOf(25).shape,
});
export type ClientsQuery = z.infer<typeof clientsQuerySchema>;
/** Days without a visit after which a client counts as inactive. */
export const INACTIVE_AFTER_DAYS = 60;
