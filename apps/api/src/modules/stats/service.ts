import {
  addDays,
  addMonths,
  berlinDay,
  berlinMonth,
  type CompanyType,
  type CustomerHistory,
  type DashboardStats,
  DEFAULT_AVERAGE_RECEIPT_CENTS,
  type FraudList,
  HISTORY_MONTHS,
  HISTORY_WEEKS,
  hourStart,
  mayView,
  outstandingRewards,
  type PointBalance,
  type RedeemDilution,
  type RedeemHistory,
  type ScanHistory,
  type StatsAvailable,
  type StatsPeriod,
  type StatsQuery,
  type StatsScope,
  type TopCustomers,
  type Viewer,
  weekStart,
} from "@stempla/domain";
import { type SQL, sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { scannedCardPoints } from "../review/service.ts";
import { ALL_LOCATIONS, NETWORK } from "./aggregates.ts";

// Every figure here is read from the aggregates (stats_*), which scans keep current: a request
// reads a handful of rows per scope and period, however many scans there are. A chosen set of
// locations reads each location's rows (one index range per location and table) and sums them.

/** One aggregate scope: a company's location, its ALL_LOCATIONS, or a master's NETWORK. */
export interface AggregateScope {
  companyId: number;
  locationId: number;
}

export interface Selection {
  /** The partner asking: only its own customers' data (fraud list, top customers) is shown. */
  viewerCompanyId: number;
  scope: StatsScope;
  /** The chosen locations (sorted), or null for every location of the scope. */
  locations: number[] | null;
  /** The companies whose locations the selection covers (cards, the points distribution). */
  companyIds: number[];
  /** The aggregate rows to read and sum. */
  scopes: AggregateScope[];
  /**
   * The same for figures that add up over locations (scans, redemptions; not distinct customers):
   * a company whose every location is chosen reads its ALL_LOCATIONS row instead of one per
   * location. Exact, as a location never changes company and is never deleted on its own.
   */
  additiveScopes: AggregateScope[];
  /** First day of the selected month (YYYY-MM-01). */
  month: string;
  now: Date;
}

const notAMaster = () => new HttpError(403, { code: "not_a_master", messageKey: "franchise.notAMaster" });

/** `{1,2,3}` as an SQL bigint array (the ids are validated whole numbers). */
const bigints = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::bigint[]`;

/**
 * The master and its franchisees that completed their registration (an invited company has no
 * location and no scan yet, and is not counted in the network's "4 Unternehmen").
 */
export async function networkCompanyIds(db: Database, masterId: number): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`
      select id::int from companies
      where id = ${masterId} or (master_id = ${masterId} and franchise_joined_at is not null)
      order by id`),
  ).map((r) => r.id);
}

/**
 * The selection a statistics query asks for (docs/decisions/008-franchise-model.md, section 4):
 * scope "network" is for masters only (403); every chosen location must be one the viewer may see
 * statistics of (mayView, decision 008 section 2: its own or a franchisee's), else 404 as for an
 * id that does not exist. The single `location` is an alias of a set of one.
 */
export async function selectionOf(
  db: Database,
  viewer: Viewer,
  q: StatsQuery,
  now = new Date(),
): Promise<Selection> {
  if (q.scope === "network" && viewer.type !== "master") throw notAMaster();
  const month = q.month ? `${q.month}-01` : berlinMonth(now);
  const chosen = [
    ...new Set([...(q.locations ?? []), ...(q.location === undefined ? [] : [q.location])]),
  ].sort((a, b) => a - b);
  const base = { viewerCompanyId: viewer.companyId, scope: q.scope, month, now };
  if (chosen.length === 0) {
    const scopes = [
      { companyId: viewer.companyId, locationId: q.scope === "network" ? NETWORK : ALL_LOCATIONS },
    ];
    return {
      ...base,
      locations: null,
      companyIds: q.scope === "network" ? await networkCompanyIds(db, viewer.companyId) : [viewer.companyId],
      scopes,
      additiveScopes: scopes,
    };
  }
  const rows = rowsOf<{
    id: number;
    company_id: number;
    type: CompanyType;
    master_id: number | null;
    company_locations: number;
  }>(
    await db.execute(sql`
      with chosen as (select id, company_id from locations where id = any(${bigints(chosen)}))
      select ch.id::int, ch.company_id::int, c.type, c.master_id::int, n.locations as company_locations
      from chosen ch
      join companies c on c.id = ch.company_id
      join (
        select company_id, count(*)::int as locations from locations
        where company_id in (select company_id from chosen) group by company_id
      ) n on n.company_id = ch.company_id`),
  );
  const visible = rows.filter((r) => {
    const subject = { companyId: r.company_id, type: r.type, masterId: r.master_id };
    return mayView(viewer, subject, "locations") && mayView(viewer, subject, "scan_statistics");
  });
  if (visible.length !== chosen.length) throw HttpError.notFound();
  const companyOf = new Map(visible.map((r) => [r.id, r.company_id]));
  const chosenOf = new Map<number, number>();
  for (const r of visible) chosenOf.set(r.company_id, (chosenOf.get(r.company_id) ?? 0) + 1);
  const whole = new Set(
    visible.filter((r) => chosenOf.get(r.company_id) === r.company_locations).map((r) => r.company_id),
  );
  const scopes = chosen.map((id) => ({ companyId: companyOf.get(id)!, locationId: id }));
  return {
    ...base,
    locations: chosen,
    companyIds: [...new Set(visible.map((r) => r.company_id))].sort((a, b) => a - b),
    scopes,
    additiveScopes: [
      ...[...whole].sort((a, b) => a - b).map((companyId) => ({ companyId, locationId: ALL_LOCATIONS })),
      ...scopes.filter((x) => !whole.has(x.companyId)),
    ],
  };
}

/** The (company, location) pairs as a relation `sel`. */
const selectionPairs = (scopes: AggregateScope[]) =>
  sql`unnest(${bigints(scopes.map((x) => x.companyId))}, ${bigints(scopes.map((x) => x.locationId))}) as sel(company_id, location_id)`;

/**
 * `from <table> stats where <the row belongs to the selection>`, for a condition to follow with
 * `and`: one scope is an equality on the primary key's prefix; a set joins its (company, location)
 * pairs, so each location is one index range (a nested loop; an IN list made PostgreSQL hash
 * them and read slower, docs/performance.md). `additive` figures read Selection.additiveScopes.
 */
function fromSelection(
  s: Selection,
  table: "stats_months" | "stats_days" | "stats_hours",
  figures: "all" | "additive" = "all",
): SQL {
  const t = sql.identifier(table);
  const scopes = figures === "additive" ? s.additiveScopes : s.scopes;
  if (scopes.length === 1) {
    const [one] = scopes as [AggregateScope];
    return sql`from ${t} stats where stats.company_id = ${one.companyId} and stats.location_id = ${one.locationId}`;
  }
  return sql`from ${selectionPairs(scopes)}
    join ${t} stats on stats.company_id = sel.company_id and stats.location_id = sel.location_id where true`;
}

const ym = (month: string) => month.slice(0, 7);
const int = (v: unknown) => Number(v ?? 0);

interface MonthRow {
  month: string;
  collects: number;
  redeems: number;
  points_collected: number;
  points_redeemed: number;
  nfc_collects: number;
  pin_collects: number;
  returning_collects: number;
  active_customers: number;
  new_customers: number;
}

/** The aggregate rows of the scope for the 12 months ending with the selected one, oldest first. */
async function lastTwelveMonths(db: Database, s: Selection, all?: MonthRow[]): Promise<MonthRow[]> {
  const from = addMonths(s.month, -(HISTORY_MONTHS - 1));
  const rows = all ?? (await monthRows(db, s, from));
  const byMonth = new Map(rows.map((r) => [String(r.month), r]));
  return Array.from({ length: HISTORY_MONTHS }, (_, i) => {
    const month = addMonths(from, i);
    const r = byMonth.get(month);
    return {
      month,
      collects: int(r?.collects),
      redeems: int(r?.redeems),
      points_collected: int(r?.points_collected),
      points_redeemed: int(r?.points_redeemed),
      nfc_collects: int(r?.nfc_collects),
      pin_collects: int(r?.pin_collects),
      returning_collects: int(r?.returning_collects),
      active_customers: int(r?.active_customers),
      new_customers: int(r?.new_customers),
    };
  });
}

/** The selection's stats_months rows summed per month (from `from` up to the selected month, or all). */
async function monthRows(db: Database, s: Selection, from?: string): Promise<MonthRow[]> {
  return rowsOf<MonthRow>(
    await db.execute(sql`
      select to_char(month, 'YYYY-MM-DD') as month, sum(collects)::int as collects, sum(redeems)::int as redeems,
        sum(points_collected)::int as points_collected, sum(points_redeemed)::int as points_redeemed,
        sum(nfc_collects)::int as nfc_collects, sum(pin_collects)::int as pin_collects,
        sum(returning_collects)::int as returning_collects, sum(active_customers)::int as active_customers,
        sum(new_customers)::int as new_customers
      ${fromSelection(s, "stats_months")} ${from ? sql`and month between ${from}::date and ${s.month}::date` : sql``}
      group by month`),
  );
}

/**
 * The cards of the selection's companies by points (cards are per company and valid at each of its
 * locations), with each company's card size as scans count it (scannedCardPoints).
 */
async function cardsOf(db: Database, s: Selection) {
  const [levels, sizes] = await Promise.all([
    db
      .execute(sql`
        select company_id::int, points, cards from stats_points
        where company_id = any(${bigints(s.companyIds)}) and cards > 0 order by points`)
      .then((r) => rowsOf<{ company_id: number; points: number; cards: number }>(r)),
    // The card's points as scans count them (the approved ones while a change waits for review),
    // so a full card here is one the staff can redeem.
    db
      .execute(sql`
        select k.id::int as company_id, ${scannedCardPoints(sql`k.id`, sql`p.points`)} as points
        from companies k left join partner_profiles p on p.company_id = k.id
        where k.id = any(${bigints(s.companyIds)})`)
      .then((r) => rowsOf<{ company_id: number; points: number | null }>(r)),
  ]);
  return { levels, sizes: new Map(sizes.map((r) => [r.company_id, r.points])) };
}

export async function dashboardStats(db: Database, s: Selection): Promise<DashboardStats> {
  const monthEnd = addMonths(s.month, 1);
  // Every month of the selection in one read: the totals since the start and the last 12 months.
  const [allMonths, [last24h], [first], cards, [receipt]] = await Promise.all([
    monthRows(db, s),
    db
      .execute(sql`
        select coalesce(sum(collects), 0)::int as n
        ${fromSelection(s, "stats_hours", "additive")} and hour >= ${hourStart(s.now).toISOString()}::timestamptz - interval '23 hours'`)
      .then((r) => rowsOf<{ n: number }>(r)),
    // The first day with scans: per scope its first stats_days entry in the index, so a set of
    // 1,000 locations probes 1,000 index entries instead of reading a year of days for each.
    db
      .execute(sql`
        select to_char(min(d.day), 'YYYY-MM-DD') as day from ${selectionPairs(s.additiveScopes)}
        cross join lateral (
          select day from stats_days stats
          where stats.company_id = sel.company_id and stats.location_id = sel.location_id
          order by day limit 1
        ) d`)
      .then((r) => rowsOf<{ day: string | null }>(r)),
    cardsOf(db, s),
    // The estimate is the viewer's: its own average receipt, whatever the selection.
    db
      .execute(sql`
        select p.average_receipt_cents from companies c left join partner_profiles p on p.company_id = c.id
        where c.id = ${s.viewerCompanyId}`)
      .then((r) => rowsOf<{ average_receipt_cents: number | null }>(r)),
  ]);
  const months = await lastTwelveMonths(db, s, allMonths);
  const totals = {
    card_owners: allMonths
      .filter((m) => m.month < monthEnd)
      .reduce((sum, m) => sum + int(m.new_customers), 0),
    total: allMonths.reduce((sum, m) => sum + int(m.collects), 0),
  };
  const current = months.at(-1)!;
  // One company: its card size. Several (a network): the largest, so the distribution spans every
  // card; outstanding rewards are counted per company with its own card size, then summed.
  const sizes = s.companyIds.map((id) => cards.sizes.get(id) ?? null).filter((p): p is number => p !== null);
  const maxPoints = sizes.length ? Math.max(...sizes) : null;
  const averageReceiptCents = receipt?.average_receipt_cents ?? DEFAULT_AVERAGE_RECEIPT_CENTS;
  const since = first?.day ?? null;
  const daysSinceStart = since
    ? Math.max(1, Math.round((Date.parse(berlinDay(s.now)) - Date.parse(since)) / 86_400_000) + 1)
    : 0;
  const distribution = new Map<number, number>();
  for (const level of cards.levels) {
    distribution.set(level.points, (distribution.get(level.points) ?? 0) + level.cards);
  }
  const outstanding = { fullCards: 0, openPoints: 0, points: 0 };
  for (const id of s.companyIds) {
    const own = outstandingRewards(
      cards.levels.filter((level) => level.company_id === id),
      cards.sizes.get(id) ?? null,
    );
    outstanding.fullCards += own.fullCards;
    outstanding.openPoints += own.openPoints;
    outstanding.points += own.points;
  }
  const top = Math.max(maxPoints ?? 0, ...cards.levels.map((p) => p.points));
  return {
    month: ym(s.month),
    location: s.locations?.length === 1 ? s.locations[0]! : null,
    scope: s.scope,
    locations: s.locations,
    cardOwners: int(totals?.card_owners),
    cardsRedeemed: current.redeems,
    scans: current.collects,
    sales: current.returning_collects * averageReceiptCents,
    averageReceiptCents,
    averageReceiptIsDefault: receipt?.average_receipt_cents == null,
    maxPoints,
    pointsDistribution: Array.from({ length: top + 1 }, (_, p) => ({
      points: p,
      cards: distribution.get(p) ?? 0,
    })),
    scanFrequency: {
      last24h: int(last24h?.n),
      month: current.collects,
      total: int(totals?.total),
      since,
      perDaySinceStart: daysSinceStart ? Math.round((int(totals?.total) / daysSinceStart) * 10) / 10 : 0,
    },
    pointOrigin: {
      nfc: current.nfc_collects,
      qr: current.collects - current.nfc_collects,
      withPin: current.pin_collects,
    },
    customers: {
      active: current.active_customers,
      new: current.new_customers,
      returning: current.active_customers - current.new_customers,
    },
    // stats_points counts the cards per number of points, so card by card is level by level.
    outstanding,
  };
}

/** Scans per ISO week (12 weeks up to the selected month's end or today) or per month (12 months). */
export async function scanHistory(db: Database, s: Selection, period: StatsPeriod): Promise<ScanHistory> {
  if (period === "month") {
    return (await lastTwelveMonths(db, s)).map((m) => ({
      period: ym(m.month),
      start: m.month,
      scans: m.collects,
      redeems: m.redeems,
    }));
  }
  const today = berlinDay(s.now);
  const lastDay = addDays(addMonths(s.month, 1), -1);
  const end = lastDay < today ? lastDay : today;
  const firstWeek = addDays(weekStart(end), -7 * (HISTORY_WEEKS - 1));
  // Weeks as whole numbers from the first Monday: integer arithmetic per row, not a timestamp each.
  const rows = rowsOf<{ week: number; collects: number; redeems: number }>(
    await db.execute(sql`
      select (day - ${firstWeek}::date) / 7 as week, sum(collects)::int as collects, sum(redeems)::int as redeems
      ${fromSelection(s, "stats_days", "additive")} and day between ${firstWeek}::date and ${end}::date
      group by 1`),
  );
  const byWeek = new Map(rows.map((r) => [Number(r.week), r]));
  return Array.from({ length: HISTORY_WEEKS }, (_, i) => {
    const start = addDays(firstWeek, 7 * i);
    return {
      period: isoWeek(start),
      start,
      scans: int(byWeek.get(i)?.collects),
      redeems: int(byWeek.get(i)?.redeems),
    };
  });
}

/** "2026-W47" for the Monday `monday`. */
function isoWeek(monday: string): string {
  const thursday = new Date(`${addDays(monday, 3)}T00:00:00Z`);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / (7 * 86_400_000)) + 1;
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

export async function redeemHistory(db: Database, s: Selection): Promise<RedeemHistory> {
  return (await lastTwelveMonths(db, s)).map((m) => ({ month: ym(m.month), cardsRedeemed: m.redeems }));
}

export async function redeemDilution(db: Database, s: Selection): Promise<RedeemDilution> {
  return (await lastTwelveMonths(db, s)).map((m) => ({
    month: ym(m.month),
    pointsCollected: m.points_collected,
    pointsRedeemed: m.points_redeemed,
    rate: m.points_collected ? Math.round((m.points_redeemed / m.points_collected) * 1000) / 1000 : null,
  }));
}

export async function customerHistory(db: Database, s: Selection): Promise<CustomerHistory> {
  return (await lastTwelveMonths(db, s)).map((m) => ({
    month: ym(m.month),
    newCustomers: m.new_customers,
    returningCustomers: m.active_customers - m.new_customers,
  }));
}

/**
 * Per location of the selection (the scope's locations, or the chosen ones): the month's point
 * balance. The viewer's own locations first, then the franchisees' by company name.
 */
export async function pointBalance(db: Database, s: Selection): Promise<PointBalance> {
  const which = s.locations
    ? sql`l.id = any(${bigints(s.locations)})`
    : sql`l.company_id = any(${bigints(s.companyIds)})`;
  const rows = rowsOf<{
    id: number;
    name: string;
    company_id: number;
    company_name: string;
    redeems: number;
    collected: number;
    redeemed: number;
  }>(
    await db.execute(sql`
      select l.id::int, l.name, l.company_id::int, c.name as company_name, coalesce(m.redeems, 0)::int as redeems,
        coalesce(m.points_collected, 0)::int as collected, coalesce(m.points_redeemed, 0)::int as redeemed
      from locations l
      join companies c on c.id = l.company_id
      left join stats_months m on m.company_id = l.company_id and m.location_id = l.id and m.month = ${s.month}::date
      where ${which}
      order by l.company_id <> ${s.viewerCompanyId}, c.name, l.company_id, l.name, l.id`),
  );
  return {
    month: ym(s.month),
    locations: rows.map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.company_id === s.viewerCompanyId ? ("own" as const) : ("franchise" as const),
      companyName: r.company_name,
      cardsRedeemed: r.redeems,
      pointsCollected: r.collected,
      pointsRedeemed: r.redeemed,
      difference: r.collected - r.redeemed,
    })),
  };
}

/**
 * The months with statistics (newest first, always including the current one) and the own
 * locations. A master's months are its network's (which include its own); its franchisees'
 * locations come from GET /dashboard/franchise/shops.
 */
export async function statsAvailable(
  db: Database,
  viewer: Viewer,
  now = new Date(),
): Promise<StatsAvailable> {
  const scope = viewer.type === "master" ? NETWORK : ALL_LOCATIONS;
  const [months, locations] = await Promise.all([
    db
      .execute(sql`
        select to_char(month, 'YYYY-MM') as month from stats_months
        where company_id = ${viewer.companyId} and location_id = ${scope} order by month desc`)
      .then((r) => rowsOf<{ month: string }>(r).map((m) => m.month)),
    db
      .execute(
        sql`select id::int, name from locations where company_id = ${viewer.companyId} order by name, id`,
      )
      .then((r) => rowsOf<{ id: number; name: string }>(r)),
  ]);
  const current = ym(berlinMonth(now));
  return { months: months.includes(current) ? months : [current, ...months], locations };
}

/** The name a customer shares with the partner (null when they share none or have none). */
const sharedName = (r: {
  share_contact: boolean | null;
  first_name: string | null;
  surname: string | null;
}) => (r.share_contact ? [r.first_name, r.surname].filter(Boolean).join(" ") || null : null);

/** The partner's most loyal customers by collections since the start (cards are partner-wide). */
export async function topCustomers(db: Database, companyId: number, limit = 10): Promise<TopCustomers> {
  const rows = rowsOf<{
    collects: number;
    redeems: number;
    points: number;
    last_scan_at: string | Date;
    customer_number: number;
    share_contact: boolean;
    first_name: string | null;
    surname: string | null;
  }>(
    await db.execute(sql`
      select k.collects, k.redeems, k.points, k.last_scan_at, k.customer_number, k.share_contact,
        u.first_name, u.surname
      from cards k join app_users u on u.id = k.app_user_id
      where k.company_id = ${companyId} and k.collects > 0
      order by k.collects desc, k.last_scan_at desc
      limit ${limit}`),
  );
  return rows.map((r) => ({
    customer: { name: sharedName(r), number: r.customer_number },
    collects: r.collects,
    redeems: r.redeems,
    points: r.points,
    lastVisit: new Date(r.last_scan_at).toISOString(),
  }));
}

/**
 * Fraud events of the selected month at the viewer's own locations of the selection, newest first.
 * They name customers, and a franchisee's customers are its own (decision 008 section 2: a master
 * never sees them), so a franchisee's locations contribute nothing here.
 */
export async function fraudList(db: Database, s: Selection): Promise<FraudList> {
  const rows = rowsOf<{
    day: string;
    rule: FraudList[number]["rule"];
    occurrences: number;
    location_id: number;
    location_name: string;
    customer_number: number | null;
    share_contact: boolean | null;
    first_name: string | null;
    surname: string | null;
    last_at: string | Date;
  }>(
    await db.execute(sql`
      select to_char(f.day, 'YYYY-MM-DD') as day, f.rule, f.occurrences, f.location_id::int, l.name as location_name,
        k.customer_number, k.share_contact, u.first_name, u.surname, f.last_at
      from fraud_events f
      join locations l on l.id = f.location_id
      left join app_users u on u.id = f.app_user_id
      left join cards k on k.company_id = f.company_id and k.app_user_id = f.app_user_id
      where f.company_id = ${s.viewerCompanyId} and f.day >= ${s.month}::date and f.day < ${addMonths(s.month, 1)}::date
        ${s.locations ? sql`and f.location_id = any(${bigints(s.locations)})` : sql``}
      order by f.day desc, f.last_at desc
      limit 500`),
  );
  return rows.map((r) => ({
    day: r.day,
    rule: r.rule,
    occurrences: r.occurrences,
    location: { id: r.location_id, name: r.location_name },
    // A fraud event's customer has a card at the partner: every event follows a scan there.
    customer: r.customer_number === null ? null : { name: sharedName(r), number: r.customer_number },
    lastAt: new Date(r.last_at).toISOString(),
  }));
}

export async function setAverageReceipt(db: Database, companyId: number, cents: number): Promise<void> {
  // A partner who has not filled in the card yet has no profile row: the setting creates it.
  await db.execute(sql`
    insert into partner_profiles (company_id, average_receipt_cents) values (${companyId}, ${cents})
    on conflict (company_id) do update set average_receipt_cents = excluded.average_receipt_cents`);
}

// What a scan records for the statistics, in the scan's own transaction (docs/architecture.md,
// module boundaries).
export {
  type AggregatePeriods,
  aggregatePeriods,
  aggregateWrites,
  aggregateWritesOf,
  periodPlaceholders,
  type ScanFacts,
} from "./aggregates.ts";
export { recordFraudEvent } from "./fraud-events.ts";
