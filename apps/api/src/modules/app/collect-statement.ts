import { type ScanRequest, UNUSUAL_DAILY_COLLECTS } from "@stempla/domain";
import { type SQL, sql } from "drizzle-orm";
import { BERLIN } from "../../db/berlin-time.ts";
import { type Database, isUniqueViolation, preparedStatement, rowsOf } from "../../db/client.ts";
import { hashToken } from "../auth/service.ts";
import {
  type AggregateValues,
  aggregatePlaceholders,
  aggregateValues,
  aggregateWritesOf,
} from "../stats/service.ts";
import type { ScanResult } from "./scan.ts";

/**
 * The common collection (a live scan without a staff PIN at a green location without time limits,
 * within the PIN limit) as one statement: one round trip and its own implicit transaction instead
 * of BEGIN, the location, the card's lock, the PIN limit's count, the write and COMMIT one after
 * another (docs/performance.md, "Scan path (issue 17)"). Anything else, and anything this statement
 * cannot be sure of, it leaves undone and answers undefined: the caller then takes the
 * transaction path of scan.ts, which decides every case. So this statement only has to be right
 * when it records, and it records only in the situation the transaction path would record too:
 *
 * - It counts the customer's collections and reads the card in its snapshot, before it holds the
 *   card. Every recorded scan (collect or redeem) changes the card's `collects + redeems` in its
 *   own transaction, so the card update checks that this sum is still the one it read: a scan of
 *   the same card committed in between (the count would miss it) makes the update skip the card
 *   (PostgreSQL re-checks the condition on the newest row after waiting for its lock) and nothing
 *   is written. A new card is inserted with ON CONFLICT DO NOTHING: a racing first scan's card
 *   makes it write nothing either. Hence the PIN limit sees every earlier collection, no point is
 *   lost or counted twice, and scans of one card still run one after another.
 * - The scan's time is taken before the statement; a card whose last scan is later than it (a
 *   scan that took its time after this one and won the card) is left to the transaction path, so
 *   one card's scans are still timed in the order they are recorded.
 * - A retry with a used idempotency key, or a key racing at another partner (unique violation),
 *   goes to the transaction path, which answers or refuses it.
 * - Fraud events (PIN limit, unusual daily count) are recorded by the transaction path only: the
 *   statement does not record a collection that would raise one.
 * - Given the customer's Bearer token instead of their id, it finds the session in the same
 *   statement (as appUserOfToken does: the token's hash, not expired), so an ended session never
 *   scans, and a scan needs no round trip of its own for the session. Without a live session it
 *   writes nothing: the caller's session check then answers 401.
 */
export async function collectInOneStatement(
  db: Database,
  customer: { appUserId: number } | { token: string },
  request: ScanRequest,
  idempotencyKey: string | undefined,
  /** The scan's time, taken before the statement; given by tests that scan at a chosen time. */
  at = new Date(),
): Promise<ScanResult | undefined> {
  const [statement, customerValue] =
    "token" in customer ? [withSession, hashToken(customer.token)] : [withCustomerId, customer.appUserId];
  let result: unknown;
  try {
    result = await statement(db, {
      at: at.toISOString(),
      customer: customerValue,
      code: request.code,
      method: request.method,
      key: idempotencyKey ?? null,
      ...aggregateValues({ kind: "collect", points: 1, method: request.method, withPin: false, at }),
    } satisfies Record<keyof typeof param, unknown> & AggregateValues);
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
  const [row] = rowsOf<{
    scan_id: number;
    points: number;
    location_id: number;
    company_id: number;
    name: string;
    partner_name: string;
    max_points: number;
    excluded_products: string[] | null;
    minimum_spend_cents: number | null;
    conditions_note: string | null;
  }>(result);
  if (!row) return undefined;
  return {
    scan_id: row.scan_id,
    kind: "collect",
    points: row.points,
    max_points: row.max_points,
    card_full: row.points >= row.max_points,
    with_pin: false,
    partner: { id: row.company_id, name: row.partner_name },
    location: { id: row.location_id, name: row.name },
    conditions: {
      excluded_products: row.excluded_products ?? [],
      time_limits: null,
      minimum_spend_cents: row.minimum_spend_cents,
      note: row.conditions_note,
    },
    created_at: at.toISOString(),
    replayed: false,
  };
}

/**
 * The statement's placeholders: everything that differs between scans is bound on each run, so
 * its text and parameter list are built once per statement name (docs/performance.md).
 */
const param = {
  at: sql.placeholder("at"),
  /** The session token's hash (withSession) or the customer's id (withCustomerId). */
  customer: sql.placeholder("customer"),
  code: sql.placeholder("code"),
  method: sql.placeholder("method"),
  key: sql.placeholder("key"),
};

// Two statement texts, so two names: the customer given, or found by the session's token.
const withSession = preparedStatement("scan-collect-with-session", () =>
  collectStatement(sql`select app_user_id from app_sessions
    where token_hash = ${param.customer} and expires_at > ${param.at}::timestamptz`),
);
const withCustomerId = preparedStatement("scan-collect-one-statement", () =>
  collectStatement(sql`select ${param.customer}::bigint as app_user_id`),
);

function collectStatement(customerRow: SQL): SQL {
  const now = sql`${param.at}::timestamptz`;
  const user = sql`(select app_user_id from customer)`;
  const key = sql`${param.key}::text`;
  const dayStart = sql`(date_trunc('day', ${now} at time zone ${BERLIN}) at time zone ${BERLIN})`;
  return sql`
      with customer as (${customerRow}),
      loc as (
        select l.id, l.company_id, l.name, coalesce(p.public_name, c.name) as partner_name,
          l.limit_count, l.limit_hours, p.points as max_points, p.excluded_products,
          p.minimum_spend_cents, p.conditions_note
        from locations l
        join companies c on c.id = l.company_id
        join partner_profiles p on p.company_id = l.company_id
        where l.scan_code = ${param.code} and c.status = 'green' and not l.is_closed
          and p.points > 0 and p.time_limits is null and exists (select 1 from customer)
      ),
      prior as (
        select k.id, k.points, k.collects, k.redeems, k.last_scan_at
        from loc join cards k on k.company_id = loc.company_id and k.app_user_id = ${user}
      ),
      counts as (
        select
          count(*) filter (where s.created_at > ${now} - make_interval(hours => loc.limit_hours))::int as recent,
          count(*) filter (where s.created_at >= ${dayStart})::int as today
        from loc join scans s on s.app_user_id = ${user} and s.location_id = loc.id and s.kind = 'collect'
          and s.created_at > least(${now} - make_interval(hours => loc.limit_hours), ${dayStart})
      ),
      go as (
        select loc.*, prior.id as card_id, prior.collects + prior.redeems as scans_before
        from loc left join prior on true cross join counts
        where counts.recent < loc.limit_count
          and counts.today + 1 < ${UNUSUAL_DAILY_COLLECTS}::int
          and coalesce(prior.points, 0) < loc.max_points
          and (prior.last_scan_at is null or prior.last_scan_at <= ${now})
          and (${key} is null or not exists (
            select 1 from scans r where r.app_user_id = ${user} and r.idempotency_key = ${key}))
      ),
      updated as (
        update cards k set points = k.points + 1, collects = k.collects + 1, last_scan_at = ${now}
        from go
        where k.id = go.card_id and k.collects + k.redeems = go.scans_before and k.last_scan_at <= ${now}
        returning k.id, k.points, k.collects + k.redeems as scans
      ),
      numbered as (
        insert into customer_numbers as n (company_id, last)
        select company_id, 1 from go where card_id is null
        on conflict (company_id) do update set last = n.last + 1
        returning last
      ),
      inserted as (
        insert into cards (company_id, app_user_id, points, collects, first_scan_at, last_scan_at, customer_number)
        select go.company_id, ${user}, 1, 1, ${now}, ${now}, numbered.last
        from go cross join numbered
        on conflict (company_id, app_user_id) do nothing
        returning id, points, collects + redeems as scans
      ),
      card as (select * from updated union all select * from inserted),
      scan as (
        insert into scans (company_id, location_id, app_user_id, kind, points, balance, method, with_pin,
          idempotency_key, created_at)
        select go.company_id, go.id, ${user}, 'collect', 1, card.points, ${param.method}, false, ${key}, ${now}
        from go cross join card
        returning id
      ),
      ${aggregateWritesOf(
        {
          companyId: sql`(select company_id from go)`,
          locationId: sql`(select id from go)`,
          appUserId: user,
          // A card left empty by a refused first scan is not in the points distribution yet either.
          balanceBefore: sql`(select case when scans = 1 then null else points - 1 end from card)`,
          balanceAfter: sql`(select points from card)`,
          onlyIf: sql`exists (select 1 from card)`,
        },
        aggregatePlaceholders(),
      )}
      select scan.id::int as scan_id, card.points, go.id::int as location_id, go.company_id::int,
        go.name, go.partner_name, go.max_points, go.excluded_products, go.minimum_spend_cents,
        go.conditions_note
      from scan cross join card cross join go`;
}
