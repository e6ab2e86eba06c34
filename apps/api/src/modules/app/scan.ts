import {
  type CardConditions,
  conditionsText,
  type Locale,
  NO_CONDITIONS,
  type RedeemRequest,
  type ScanKind,
  type ScanMethod,
  type ScanRequest,
  timeLimitsAllow,
  UNUSUAL_DAILY_COLLECTS,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import { BERLIN } from "../../db/berlin-time.ts";
import { type Database, executePrepared, isUniqueViolation, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { aggregateWrites, recordFraudEvent, type ScanFacts } from "../stats/service.ts";
import { appUserOfToken } from "./accounts.ts";
import { collectInOneStatement } from "./collect-statement.ts";
import { checkStaffPin, type PinRefusal, pinLockedError } from "./staff-pin.ts";

export interface ScanResult {
  scan_id: number;
  kind: ScanKind;
  /** Points on the card after the scan, and how many make it full. */
  points: number;
  max_points: number;
  card_full: boolean;
  with_pin: boolean;
  partner: { id: number; name: string };
  location: { id: number; name: string };
  /** The card's approved conditions, which the staff check before they enter their PIN. */
  conditions: CardConditions;
  created_at: string;
  /** True when this answers a retry of a request that already counted. */
  replayed: boolean;
}

interface ScanLocation {
  id: number;
  companyId: number;
  name: string;
  partnerName: string;
  pin: string;
  limitCount: number;
  limitHours: number;
  isClosed: boolean;
  maxPoints: number;
  conditions: CardConditions;
}

/**
 * The live location behind a scan code with the card size customers were promised: the current
 * data of a green account, the last approved data of an orange one (spec section 4); other
 * accounts, and locations not yet approved, do not collect.
 */
async function scanLocation(db: Database, code: string): Promise<ScanLocation> {
  const [row] = rowsOf<{
    id: number;
    company_id: number;
    name: string;
    partner_name: string;
    pin: string;
    limit_count: number;
    limit_hours: number;
    is_closed: boolean;
    status: string;
    points: number | null;
    excluded_products: string[] | null;
    time_limits: CardConditions["time_limits"];
    minimum_spend_cents: number | null;
    conditions_note: string | null;
    published: {
      points: number | null;
      conditions?: CardConditions;
      public_name: string;
      locations: { id: number; name: string }[];
    } | null;
  }>(
    await executePrepared(
      db,
      "scan-location",
      sql`
      select l.id::int, l.company_id::int, l.name, coalesce(p.public_name, c.name) as partner_name, l.pin,
        l.limit_count, l.limit_hours, l.is_closed, c.status, p.points, p.excluded_products, p.time_limits,
        p.minimum_spend_cents, p.conditions_note, a.published
      from locations l
      join companies c on c.id = l.company_id
      left join partner_profiles p on p.company_id = l.company_id
      left join lateral (
        select r.published from review_approvals r
        where c.status = 'orange' and r.company_id = l.company_id
        order by r.approved_at desc, r.id desc limit 1
      ) a on true
      where l.scan_code = ${code}`,
    ),
  );
  if (!row || (row.status !== "green" && row.status !== "orange")) throw unknownCode();
  let maxPoints = row.points;
  let partnerName = row.partner_name;
  let name = row.name;
  let conditions: CardConditions = {
    excluded_products: row.excluded_products ?? [],
    time_limits: row.time_limits,
    minimum_spend_cents: row.minimum_spend_cents,
    note: row.conditions_note,
  };
  if (row.status === "orange") {
    const approved = row.published?.locations.find((l) => l.id === row.id);
    if (!row.published || !approved) throw unknownCode();
    maxPoints = row.published.points;
    partnerName = row.published.public_name;
    name = approved.name;
    conditions = row.published.conditions ?? NO_CONDITIONS;
  }
  if (!maxPoints) throw unknownCode();
  return {
    id: row.id,
    companyId: row.company_id,
    name,
    partnerName,
    pin: row.pin,
    limitCount: row.limit_count,
    limitHours: row.limit_hours,
    isClosed: row.is_closed,
    maxPoints,
    conditions,
  };
}

/**
 * The card's conditions in a refusal that asks for or checks the staff PIN, or that a time limit
 * caused: the app shows them to the staff before they confirm (docs/product.md, "Bonus card conditions").
 */
const withConditions = (location: ScanLocation) => (locale: Locale) => ({
  conditions: location.conditions,
  conditions_text: conditionsText(location.conditions, locale),
});

const unknownCode = () =>
  new HttpError(404, { messageKey: "scan.unknownCode", fields: { code: ["scan.unknownCode"] } });

interface CardRow {
  id: number;
  points: number;
  collects: number;
  redeems: number;
}

/**
 * The customer's card at the partner, created on the first scan and locked for the rest of the
 * transaction: scans of one customer at one partner run one after another, so no point is lost
 * or counted twice and the PIN limit sees every earlier collection. One round trip for a card
 * that exists (the common case).
 */
async function lockCard(tx: Database, companyId: number, appUserId: number, at: Date): Promise<CardRow> {
  const existing = await lockExistingCard(tx, companyId, appUserId);
  if (existing) return existing;
  // A row this transaction inserts is ours until it commits; a racing first scan waits for it.
  // The customer number comes from the partner's counter row, which new cards at one partner take
  // one after another (a number a racing first scan of the same customer took is left unused).
  const [inserted] = rowsOf<CardRow>(
    await executePrepared(
      tx,
      "scan-new-card",
      sql`
      with numbered as (
        insert into customer_numbers as n (company_id, last) values (${companyId}, 1)
        on conflict (company_id) do update set last = n.last + 1
        returning last
      )
      insert into cards (company_id, app_user_id, first_scan_at, last_scan_at, customer_number)
      select ${companyId}, ${appUserId}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, last
      from numbered
      on conflict (company_id, app_user_id) do nothing
      returning id::int, points, collects, redeems`,
    ),
  );
  return inserted ?? (await lockExistingCard(tx, companyId, appUserId))!;
}

/** The customer's card at the partner, locked for the rest of the transaction, if there is one. */
async function lockExistingCard(
  tx: Database,
  companyId: number,
  appUserId: number,
): Promise<CardRow | undefined> {
  return rowsOf<CardRow>(
    await executePrepared(
      tx,
      "scan-lock-card",
      sql`
      select id::int, points, collects, redeems from cards
      where company_id = ${companyId} and app_user_id = ${appUserId} for update`,
    ),
  )[0];
}

/**
 * The answer already given to this idempotency key, or nothing. A key names one request: sent
 * again for another location or another action it is refused, never answered with the old scan.
 */
async function replay(
  tx: Database,
  appUserId: number,
  key: string | undefined,
  location: ScanLocation,
  kind: ScanKind,
): Promise<ScanResult | undefined> {
  if (!key) return undefined;
  const [scan] = rowsOf<{
    id: number;
    kind: ScanKind;
    balance: number;
    with_pin: boolean;
    location_id: number;
    created_at: string | Date;
  }>(
    await executePrepared(
      tx,
      "scan-replay",
      sql`
      select id::int, kind, balance, with_pin, location_id::int, created_at from scans
      where app_user_id = ${appUserId} and idempotency_key = ${key}`,
    ),
  );
  if (!scan) return undefined;
  if (scan.location_id !== location.id || scan.kind !== kind) {
    throw new HttpError(409, {
      code: "idempotency_key_reused",
      messageKey: "scan.keyReused",
      fields: { idempotency_key: ["scan.keyReused"] },
    });
  }
  return {
    ...resultOf(location, scan.kind, scan.balance, scan.with_pin, scan.id, new Date(scan.created_at)),
    replayed: true,
  };
}

function resultOf(
  location: ScanLocation,
  kind: ScanKind,
  balance: number,
  withPin: boolean,
  scanId: number,
  at: Date,
): ScanResult {
  return {
    scan_id: scanId,
    kind,
    points: balance,
    max_points: location.maxPoints,
    card_full: balance >= location.maxPoints,
    with_pin: withPin,
    partner: { id: location.companyId, name: location.partnerName },
    location: { id: location.id, name: location.name },
    conditions: location.conditions,
    created_at: at.toISOString(),
    replayed: false,
  };
}

/**
 * Records the scan, moves the card's points and adds the scan to the statistics aggregates, in
 * one statement (one round trip instead of three).
 */
async function recordScan(
  tx: Database,
  s: {
    location: ScanLocation;
    appUserId: number;
    kind: ScanKind;
    points: number;
    balance: number;
    method: ScanMethod;
    withPin: boolean;
    key: string | undefined;
    at: Date;
  },
  facts: ScanFacts,
): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await executePrepared(
      tx,
      "scan-record",
      sql`
      with scan as (
        insert into scans (company_id, location_id, app_user_id, kind, points, balance, method, with_pin, idempotency_key, created_at)
        values (${s.location.companyId}, ${s.location.id}, ${s.appUserId}, ${s.kind}, ${s.points}, ${s.balance}, ${s.method},
          ${s.withPin}, ${s.key ?? null}, ${s.at.toISOString()}::timestamptz)
        returning id
      ),
      card as (
        update cards set points = ${s.balance},
          collects = collects + ${s.kind === "collect" ? 1 : 0}, redeems = redeems + ${s.kind === "redeem" ? 1 : 0},
          last_scan_at = greatest(last_scan_at, ${s.at.toISOString()}::timestamptz)
        where company_id = ${s.location.companyId} and app_user_id = ${s.appUserId}
      ),
      ${aggregateWrites(facts)}
      select id::int from scan`,
    ),
  );
  return row!.id;
}

export interface ScanOptions {
  idempotencyKey?: string;
  /** The scan's time; the simulator passes past times, the API always now. */
  at?: Date;
  /**
   * Where mail links point (PUBLIC_URL): the API passes it for the partner's mail when wrong
   * PINs lock a location's PIN. The simulator, which only enters right PINs, has none.
   */
  publicUrl?: string;
}

type Outcome = { ok: ScanResult } | { refused: HttpError };

/**
 * Collects one point on the customer's card at the partner of the scanned location, enforcing the
 * location's PIN limit (N collections per customer within H hours; beyond it only with the
 * staff PIN). A refusal is returned, not thrown, so the fraud event it records is committed.
 */
export async function collectPoint(
  db: Database,
  appUserId: number,
  request: ScanRequest,
  options: ScanOptions = {},
): Promise<ScanResult> {
  // Most scans are ordinary collections: one statement records them (collect-statement.ts), and
  // whatever it leaves undone the transaction decides. A simulated past scan always takes the
  // transaction.
  if (request.pin === undefined && options.at === undefined) {
    const collected = await collectInOneStatement(db, { appUserId }, request, options.idempotencyKey);
    if (collected) return collected;
  }
  return collectInTransaction(db, appUserId, request, options);
}

/**
 * collectPoint for the customer of an app Bearer token, the API's scan: the ordinary collection
 * checks the session in its one statement; otherwise the session is looked up first, as for every
 * app request. Undefined when the token has no live session (the route answers 401).
 */
export async function collectPointWithSession(
  db: Database,
  token: string,
  request: ScanRequest,
  options: Omit<ScanOptions, "at"> = {},
): Promise<ScanResult | undefined> {
  if (request.pin === undefined) {
    const collected = await collectInOneStatement(db, { token }, request, options.idempotencyKey);
    if (collected) return collected;
  }
  const appUserId = await appUserOfToken(db, token);
  return appUserId === undefined ? undefined : collectInTransaction(db, appUserId, request, options);
}

/** The scan's rules one after another in a transaction that holds the customer's card. */
async function collectInTransaction(
  db: Database,
  appUserId: number,
  request: ScanRequest,
  options: ScanOptions,
): Promise<ScanResult> {
  const location = await scanLocation(db, request.code);

  const outcome = await oncePerKey(() =>
    db.transaction(async (tx): Promise<Outcome> => {
      const card = await lockCard(tx, location.companyId, appUserId, options.at ?? new Date());
      // A live scan takes its time once it holds the card, so one card's scans are timed in the
      // order they happen; and it counts every earlier collection, also one timed a moment later by
      // another API process's clock (a simulated past scan counts only those before it).
      const at = options.at ?? new Date();
      const until = options.at ? at.toISOString() : "infinity";
      const replayed = await replay(tx, appUserId, options.idempotencyKey, location, "collect");
      if (replayed) return { ok: replayed };
      // Checked after the replay: a retry of a scan made before the closure still gets its answer.
      if (location.isClosed) {
        return {
          refused: new HttpError(409, { code: "location_closed", messageKey: "scan.locationClosed" }),
        };
      }
      if (!timeLimitsAllow(location.conditions.time_limits, "collect", at)) {
        return {
          refused: new HttpError(409, {
            code: "outside_time_limits",
            messageKey: "scan.collectTimeLimit",
            extra: withConditions(location),
          }),
        };
      }
      if (card.points >= location.maxPoints) {
        return { refused: new HttpError(409, { code: "card_full", messageKey: "scan.cardFull" }) };
      }

      const [counts] = rowsOf<{ recent: number; today: number }>(
        await executePrepared(
          tx,
          "scan-recent-collects",
          sql`
        select
          count(*) filter (where created_at > ${at.toISOString()}::timestamptz - make_interval(hours => ${location.limitHours}))::int as recent,
          count(*) filter (where created_at >= ${dayStart(at)})::int as today
        from scans
        where app_user_id = ${appUserId} and location_id = ${location.id} and kind = 'collect'
          and created_at > least(${at.toISOString()}::timestamptz - make_interval(hours => ${location.limitHours}), ${dayStart(at)})
          and created_at <= ${until}::timestamptz`,
        ),
      );
      const overLimit = counts!.recent >= location.limitCount;
      if (overLimit) {
        await recordFraudEvent(tx, {
          companyId: location.companyId,
          locationId: location.id,
          appUserId,
          rule: "pin_limit",
          at,
        });
        if (request.pin === undefined) {
          return {
            refused: new HttpError(403, {
              code: "pin_required",
              messageKey: "scan.pinRequired",
              extra: withConditions(location),
            }),
          };
        }
      }
      if (request.pin !== undefined) {
        const refusal = await checkStaffPin(tx, pinCheck(location, appUserId, request.pin, at, options));
        if (refusal) return { refused: pinRefused(refusal, location, at) };
      }

      const withPin = request.pin !== undefined;
      const balance = card.points + 1;
      const scanId = await recordScan(
        tx,
        {
          location,
          appUserId,
          kind: "collect",
          points: 1,
          balance,
          method: request.method,
          withPin,
          key: options.idempotencyKey,
          at,
        },
        {
          companyId: location.companyId,
          locationId: location.id,
          appUserId,
          kind: "collect",
          points: 1,
          method: request.method,
          withPin,
          // A card left empty by a refused first scan is not in the points distribution yet either.
          balanceBefore: card.collects + card.redeems === 0 ? null : card.points,
          balanceAfter: balance,
          at,
        },
      );
      const today = counts!.today + 1;
      if (today >= UNUSUAL_DAILY_COLLECTS) {
        await recordFraudEvent(tx, {
          companyId: location.companyId,
          locationId: location.id,
          appUserId,
          rule: "unusual_daily",
          at,
          count: today,
        });
      }
      return { ok: resultOf(location, "collect", balance, withPin, scanId, at) };
    }),
  );
  if ("refused" in outcome) throw outcome.refused;
  return outcome.ok;
}

/**
 * Redeems a full card: the staff confirm with their PIN; the card keeps any points beyond a full
 * card. The card is checked before the PIN, so a customer without a full card learns nothing
 * about the PIN and their attempt is no PIN failure (docs/product.md, "Staff PIN").
 */
export async function redeemCard(
  db: Database,
  appUserId: number,
  request: RedeemRequest,
  options: ScanOptions = {},
): Promise<ScanResult> {
  const location = await scanLocation(db, request.code);

  const outcome = await oncePerKey(() =>
    db.transaction(async (tx): Promise<Outcome> => {
      // No card is made here: a customer who never collected at the partner has nothing to redeem.
      const card = await lockExistingCard(tx, location.companyId, appUserId);
      const at = options.at ?? new Date();
      const replayed = await replay(tx, appUserId, options.idempotencyKey, location, "redeem");
      if (replayed) return { ok: replayed };
      if (!timeLimitsAllow(location.conditions.time_limits, "redeem", at)) {
        return {
          refused: new HttpError(409, {
            code: "outside_time_limits",
            messageKey: "scan.redeemTimeLimit",
            extra: withConditions(location),
          }),
        };
      }
      if (!card || card.points < location.maxPoints) {
        return { refused: new HttpError(409, { code: "card_not_full", messageKey: "scan.cardNotFull" }) };
      }
      const refusal = await checkStaffPin(tx, pinCheck(location, appUserId, request.pin, at, options));
      if (refusal) return { refused: pinRefused(refusal, location, at) };
      const balance = card.points - location.maxPoints;
      const scanId = await recordScan(
        tx,
        {
          location,
          appUserId,
          kind: "redeem",
          points: -location.maxPoints,
          balance,
          method: "qr",
          withPin: true,
          key: options.idempotencyKey,
          at,
        },
        {
          companyId: location.companyId,
          locationId: location.id,
          appUserId,
          kind: "redeem",
          points: location.maxPoints,
          method: "qr",
          withPin: true,
          balanceBefore: card.points,
          balanceAfter: balance,
          at,
        },
      );
      return { ok: resultOf(location, "redeem", balance, true, scanId, at) };
    }),
  );
  if ("refused" in outcome) throw outcome.refused;
  return outcome.ok;
}

const pinCheck = (
  location: ScanLocation,
  appUserId: number,
  pin: string,
  at: Date,
  options: ScanOptions,
) => ({
  location,
  appUserId,
  pin,
  at,
  ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
});

/** The answer to a refused staff PIN; a wrong one carries the card's conditions for the staff. */
function pinRefused(refusal: PinRefusal, location: ScanLocation, at: Date): HttpError {
  if ("limited" in refusal) return refusal.limited;
  if ("lockedUntil" in refusal) return pinLockedError(refusal.lockedUntil, at);
  return new HttpError(403, {
    code: "pin_wrong",
    messageKey: "scan.pinWrong",
    fields: { pin: ["scan.pinWrong"] },
    extra: withConditions(location),
  });
}

/**
 * Requests with one idempotency key at two partners lock two different cards and race to the
 * key's unique index; the loser runs once more and then sees the winner's scan (and is refused).
 */
async function oncePerKey(run: () => Promise<Outcome>): Promise<Outcome> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) return run();
    throw error;
  }
}

/** Start of the scan's calendar day in Europe/Berlin, as SQL. */
const dayStart = (at: Date) =>
  sql`(date_trunc('day', ${at.toISOString()}::timestamptz at time zone ${BERLIN}) at time zone ${BERLIN})`;
