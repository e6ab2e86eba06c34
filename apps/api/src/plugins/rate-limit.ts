import type { MessageKey } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../db/client.ts";
import { HttpError } from "./http-error.ts";

export interface RateLimitRule {
  /** What is counted, e.g. "contact:ip:1.2.3.4". */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one hit for each rule in a fixed window kept in the database (so the limit holds across
 * API processes) and throws 429 with Retry-After when any rule is over its limit; `refusal` names
 * the message (and field) when the general "too many requests" would not tell the user enough.
 */
export async function enforceRateLimits(
  db: Database,
  rules: RateLimitRule[],
  refusal: { messageKey?: MessageKey; fields?: Record<string, MessageKey[]> } = {},
): Promise<void> {
  for (const rule of rules) {
    const interval = `${rule.windowSeconds} seconds`;
    const result = await db.execute(sql`
      insert into rate_limits (key, window_start, count) values (${rule.key}, now(), 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start <= now() - ${interval}::interval then 1
                     else rate_limits.count + 1 end,
        window_start = case when rate_limits.window_start <= now() - ${interval}::interval then now()
                            else rate_limits.window_start end
      returning count,
        ceil(extract(epoch from (window_start + ${interval}::interval - now())))::int as retry_after`);
    const row = rowsOf<{ count: number; retry_after: number }>(result)[0]!;
    if (row.count > rule.limit) {
      throw new HttpError(429, refusal, { "retry-after": String(Math.max(1, row.retry_after)) });
    }
  }
}

/** Removes windows that ended long ago; run by the clean-up job. */
export async function purgeRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}

/**
 * Throws 429 when the rule's current window is already full, without counting a hit: for limits
 * that count only failures (wrong PINs), checked before the attempt and hit after a failure.
 */
export async function assertBelowRateLimit(db: Database, rule: RateLimitRule): Promise<void> {
  const interval = `${rule.windowSeconds} seconds`;
  const [row] = rowsOf<{ count: number; retry_after: number }>(
    await db.execute(sql`
      select count, ceil(extract(epoch from (window_start + ${interval}::interval - now())))::int as retry_after
      from rate_limits where key = ${rule.key} and window_start > now() - ${interval}::interval`),
  );
  if (row && row.count >= rule.limit) {
    throw new HttpError(429, {}, { "retry-after": String(Math.max(1, row.retry_after)) });
  }
}

/**
 * Runs a sign-in attempt under a limit that counts only its failures (401), so a user who signs in
 * often from several devices is never locked out while password guessing still is.
 *
 * The failure is counted before the attempt (a slot is taken atomically, then given back when the
 * attempt did not fail with 401): counting after the slow password hash let concurrent guesses all
 * pass the check before any of them was counted.
 */
export async function limitFailures<T>(
  db: Database,
  rule: RateLimitRule,
  attempt: () => Promise<T>,
): Promise<T> {
  const windowStart = await takeSlot(db, rule);
  let failed = false;
  try {
    return await attempt();
  } catch (error) {
    failed = error instanceof HttpError && error.statusCode === 401;
    throw error;
  } finally {
    if (!failed) await giveBackSlot(db, rule.key, windowStart);
  }
}

/** Counts one hit like enforceRateLimits, refusing (and not keeping) a hit over the limit. */
async function takeSlot(db: Database, rule: RateLimitRule): Promise<string> {
  const interval = `${rule.windowSeconds} seconds`;
  const [row] = rowsOf<{ count: number; retry_after: number; window_start: string }>(
    await db.execute(sql`
      insert into rate_limits (key, window_start, count) values (${rule.key}, now(), 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start <= now() - ${interval}::interval then 1
                     else rate_limits.count + 1 end,
        window_start = case when rate_limits.window_start <= now() - ${interval}::interval then now()
                            else rate_limits.window_start end
      returning count, window_start::text as window_start,
        ceil(extract(epoch from (window_start + ${interval}::interval - now())))::int as retry_after`),
  );
  if (row!.count > rule.limit) {
    await giveBackSlot(db, rule.key, row!.window_start);
    throw new HttpError(429, {}, { "retry-after": String(Math.max(1, row!.retry_after)) });
  }
  return row!.window_start;
}

/** Returns a slot taken in the given window; a window that has ended meanwhile is left alone. */
async function giveBackSlot(db: Database, key: string, windowStart: string): Promise<void> {
  await db.execute(sql`
    update rate_limits set count = greatest(count - 1, 0)
    where key = ${key} and window_start = ${windowStart}::timestamptz`);
}
