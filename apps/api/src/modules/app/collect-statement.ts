import { type ScanRequest, UNUSUAL_DAILY_COLLECTS } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { BERLIN } from "../../db/berlin-time.ts";
import { type Database, preparedStatement, rowsOf, sqlState } from "../../db/client.ts";
import { hashToken } from "../auth/service.ts";
import {
  type AggregatePeriods,
  aggregatePeriods,
  aggregateWritesOf,
  periodPlaceholders,
} from "../stats/service.ts";
import type { ScanResult } from "./scan.ts";

/**
 * The common collection (a live scan without a staff PIN at a green location without time limits,
 * within the PIN limit) as one statement: one round trip and its own implicit transaction instead
 * of BEGIN, the location, the card's lock, the PIN limit's count, the write and COMMIT one after
 * another (docs/performance.md, "Scan path (issue 17)"). Scans that arrive while the statements
 * run wait and go together in the next one, which records them all (docs/decisions/
 * 013-scans-in-batches.md). Anything else, and anything the statement cannot be sure of, it leaves
 * undone and answers undefined for: the caller then takes the transaction path of scan.ts, which
 * decides every case. So this statement only has to be right when it records, and it records only
 * in the situation the transaction path would record too:
 *
 * - It counts the customer's collections and reads the card in its snapshot, before it holds the
 *   card. Every recorded scan (collect or redeem) changes the card's `collects + redeems` in its
 *   own transaction, so the card update checks that this sum is still the one it read: a scan of
 *   the same card committed in between (the count would miss it) makes the update skip the card
 *   (PostgreSQL re-checks the condition on the newest row after waiting for its lock) and nothing
 *   is written for that scan. A new card is inserted with ON CONFLICT DO NOTHING: a racing first
 *   scan's card makes it write nothing either. Hence the PIN limit sees every earlier collection,
 *   no point is lost or counted twice, and scans of one card still run one after another.
 * - A batch records at most one scan per customer; the customer's others in it go to the
 *   transaction path, which takes them one after another.
 * - The scans' time is taken before the statement; a card whose last scan is later than it (a
 *   scan that took its time after this one and won the card) is left to the transaction path, so
 *   one card's scans are still timed in the order they are recorded.
 * - A retry with a used idempotency key goes to the transaction path, which answers it; a key
 *   racing at another partner (unique violation) fails the statement, which then wrote nothing,
 *   and every scan of the batch takes the transaction path.
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
  at?: Date,
): Promise<ScanResult | undefined> {
  const scan: BatchedScan = {
    tokenHash: "token" in customer ? hashToken(customer.token) : null,
    appUserId: "appUserId" in customer ? customer.appUserId : null,
    code: request.code,
    method: request.method,
    key: idempotencyKey ?? null,
  };
  if (at) return (await collectBatch(db, [scan], at))[0];
  return batcherOf(db).add(scan);
}

/** One scan as the batch statement takes it: the customer by session token's hash or by id. */
interface BatchedScan {
  tokenHash: string | null;
  appUserId: number | null;
  code: string;
  method: ScanRequest["method"];
  key: string | null;
}

/**
 * How many batch statements run at once per database, and how many scans one takes at most.
 * Scans that arrive while as many statements run wait for the next and go with it: under load a
 * statement records many scans, whose planning, executor start, round trip and commit it shares
 * (docs/performance.md, "Scans in batches"); alone, a scan runs at once in a batch of one.
 */
export const COLLECT_BATCHES_AT_ONCE = 2;
const COLLECT_BATCH_SIZE = 64;

interface Waiting {
  scan: BatchedScan;
  resolve(result: ScanResult | undefined): void;
  reject(error: unknown): void;
}

class CollectBatcher {
  private waiting: Waiting[] = [];
  private running = 0;

  constructor(private readonly db: Database) {}

  add(scan: BatchedScan): Promise<ScanResult | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ scan, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.running >= COLLECT_BATCHES_AT_ONCE || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, COLLECT_BATCH_SIZE);
    this.running++;
    collectBatch(
      this.db,
      batch.map((w) => w.scan),
      new Date(),
    )
      .then(
        (results) => {
          for (const [i, w] of batch.entries()) w.resolve(results[i]);
        },
        (error: unknown) => {
          for (const w of batch) w.reject(error);
        },
      )
      .finally(() => {
        this.running--;
        this.next();
      });
  }
}

const batchers = new WeakMap<Database, CollectBatcher>();

function batcherOf(db: Database): CollectBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new CollectBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}

/**
 * Errors of the statement that one scan of the batch may cause and the transaction path decides
 * for each scan alone; the failed statement wrote nothing. A unique key: an idempotency key racing
 * at another partner. A foreign key: a customer or location deleted while the batch ran. A
 * deadlock: two batches holding two shared cards in opposite order.
 */
const ONE_BY_ONE = new Set(["23505", "23503", "40P01"]);

/**
 * Runs the statement for a batch of scans made at `at`; the result of each scan in the batch's
 * order, undefined for the ones it left to the transaction path (all of them after an error of
 * ONE_BY_ONE).
 */
async function collectBatch(
  db: Database,
  scans: BatchedScan[],
  at: Date,
): Promise<(ScanResult | undefined)[]> {
  let result: unknown;
  try {
    result = await collectStatement(db, {
      at: at.toISOString(),
      scans: JSON.stringify(
        scans.map((s, ord) => ({
          ord,
          token_hash: s.tokenHash,
          app_user_id: s.appUserId,
          code: s.code,
          method: s.method,
          key: s.key,
        })),
      ),
      ...aggregatePeriods(at),
    } satisfies Record<keyof typeof param | keyof AggregatePeriods, unknown>);
  } catch (error) {
    if (ONE_BY_ONE.has(sqlState(error) ?? "")) return scans.map(() => undefined);
    throw error;
  }
  const results: (ScanResult | undefined)[] = scans.map(() => undefined);
  for (const row of rowsOf<CollectedRow>(result)) {
    results[row.ord] = {
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
  return results;
}

interface CollectedRow {
  ord: number;
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
}

/**
 * The statement's placeholders: everything that differs between batches is bound on each run, so
 * its text is built once (docs/performance.md). The scans come as one JSON array, which both
 * drivers (node-postgres, PGlite) pass as text.
 */
const param = { at: sql.placeholder("at"), scans: sql.placeholder("scans") };

const collectStatement = preparedStatement("scan-collect-batch", () => {
  const now = sql`${param.at}::timestamptz`;
  const dayStart = sql`(date_trunc('day', ${now} at time zone ${BERLIN}) at time zone ${BERLIN})`;
  return sql`
    with input as (
      select r.ord, r.code, r.method, r.key,
        coalesce(r.app_user_id, (select s.app_user_id from app_sessions s
          where s.token_hash = r.token_hash and s.expires_at > ${now})) as app_user_id
      from json_to_recordset(${param.scans}::json)
        as r(ord int, token_hash text, app_user_id bigint, code text, method text, key text)
    ),
    -- One scan per customer: the customer's other scans of the batch go to the transaction path.
    first_of_customer as (
      select distinct on (app_user_id) * from input where app_user_id is not null order by app_user_id, ord
    ),
    -- The location and the card are looked up per scan by their unique keys: a lateral subquery
    -- with a limit is not merged into the joins, so the plan stays one index probe per scan
    -- whatever the tables' statistics say (a card table that grew since its last analyze).
    loc as (
      select i.ord, i.app_user_id, i.method, i.key, l.*
      from first_of_customer i
      cross join lateral (
        select l.id, l.company_id, l.name, coalesce(p.public_name, c.name) as partner_name, l.limit_count,
          l.limit_hours, p.points as max_points, p.excluded_products, p.minimum_spend_cents, p.conditions_note
        from locations l
        join companies c on c.id = l.company_id
        join partner_profiles p on p.company_id = l.company_id
        where l.scan_code = i.code and c.status = 'green' and not l.is_closed
          and p.points > 0 and p.time_limits is null
        limit 1
      ) l
    ),
    go as (
      select loc.*, k.id as card_id, k.scans as scans_before
      from loc
      left join lateral (
        select k.id, k.points, k.collects + k.redeems as scans, k.last_scan_at from cards k
        where k.company_id = loc.company_id and k.app_user_id = loc.app_user_id
        limit 1
      ) k on true
      cross join lateral (
        select
          count(*) filter (where s.created_at > ${now} - make_interval(hours => loc.limit_hours))::int as recent,
          count(*) filter (where s.created_at >= ${dayStart})::int as today
        from scans s
        where s.app_user_id = loc.app_user_id and s.location_id = loc.id and s.kind = 'collect'
          and s.created_at > least(${now} - make_interval(hours => loc.limit_hours), ${dayStart})
      ) counts
      where counts.recent < loc.limit_count
        and counts.today + 1 < ${UNUSUAL_DAILY_COLLECTS}::int
        and coalesce(k.points, 0) < loc.max_points
        and (k.last_scan_at is null or k.last_scan_at <= ${now})
        and (loc.key is null or not exists (
          select 1 from scans r where r.app_user_id = loc.app_user_id and r.idempotency_key = loc.key))
    ),
    updated as (
      update cards k set points = k.points + 1, collects = k.collects + 1, last_scan_at = ${now}
      from go
      where k.id = go.card_id and k.collects + k.redeems = go.scans_before and k.last_scan_at <= ${now}
      returning k.company_id, k.app_user_id, k.points, k.collects + k.redeems as scans
    ),
    new_cards as (
      select company_id, app_user_id,
        row_number() over (partition by company_id order by ord) as nth,
        count(*) over (partition by company_id) as of_company
      from go where card_id is null
    ),
    numbered as (
      insert into customer_numbers as n (company_id, last)
      select company_id, count(*) from new_cards group by company_id order by company_id
      on conflict (company_id) do update set last = n.last + excluded.last
      returning company_id, last
    ),
    inserted as (
      insert into cards (company_id, app_user_id, points, collects, first_scan_at, last_scan_at, customer_number)
      select c.company_id, c.app_user_id, 1, 1, ${now}, ${now}, n.last - c.of_company + c.nth
      from new_cards c join numbered n on n.company_id = c.company_id
      on conflict (company_id, app_user_id) do nothing
      returning company_id, app_user_id, points, collects + redeems as scans
    ),
    card as (select * from updated union all select * from inserted),
    done as (
      select go.*, card.points as balance, card.scans
      from go join card on card.company_id = go.company_id and card.app_user_id = go.app_user_id
    ),
    scan as (
      insert into scans (company_id, location_id, app_user_id, kind, points, balance, method, with_pin,
        idempotency_key, created_at)
      select company_id, id, app_user_id, 'collect', 1, balance, method, false, key, ${now}
      from done order by ord
      returning id, app_user_id
    ),
    ${aggregateWritesOf(
      sql`
        select company_id, id as location_id, app_user_id, 1 as collect, 0 as redeem,
          1 as points_collected, 0 as points_redeemed, (method = 'nfc')::int as nfc, 0 as pin,
          -- A card left empty by a refused first scan is not in the points distribution yet either.
          case when scans = 1 then null else balance - 1 end as balance_before, balance as balance_after
        from done`,
      periodPlaceholders(),
    )}
    select done.ord, scan.id::int as scan_id, done.balance as points, done.id::int as location_id,
      done.company_id::int, done.name, done.partner_name, done.max_points, done.excluded_products,
      done.minimum_spend_cents, done.conditions_note
    from done join scan on scan.app_user_id = done.app_user_id`;
});
