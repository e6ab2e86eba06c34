import {
  addDays,
  addMonths,
  berlinDay,
  berlinMonth,
  type CustomerHistory,
  type DashboardStats,
  DEFAULT_AVERAGE_RECEIPT_CENTS,
  type FraudList,
  HISTORY_MONTHS,
  HISTORY_WEEKS,
  hourStart,
  outstandingRewards,
  type PointBalance,
  type RedeemDilution,
  type RedeemHistory,
  type ScanHistory,
  type StatsAvailable,
  type StatsPeriod,
  type StatsQuery,
  type TopCustomers,
  weekStart,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { scannedCardPoints } from "../review/service.ts";
import { ALL_LOCATIONS } from "./aggregates.ts";

// Every figure here is read from the aggregates (stats_*), which scans keep current: a request
// reads a handful of rows per scope and period, however many scans there are.

export interface Selection {
  companyId: number;
  /** First day of the selected month (YYYY-MM-01). */
  month: string;
  /** The location, or ALL_LOCATIONS. */
  scope: number;
  now: Date;
}

/** Checks the location belongs to the partner (404 otherwise) and fills in the defaults. */
export async function selectionOf(
  db: Database,
  companyId: number,
  q: StatsQuery,
  now = new Date(),
): Promise<Selection> {
  if (q.location !== undefined) {
    const [own] = rowsOf(
      await db.execute(sql`select 1 from locations where id = ${q.location} and company_id = ${companyId}`),
    );
    if (!own) throw HttpError.notFound();
  }
  return {
    companyId,
    month: q.month ? `${q.month}-01` : berlinMonth(now),
    scope: q.location ?? ALL_LOCATIONS,
    now,
  };
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
async function lastTwelveMonths(db: Database, s: Selection): Promise<MonthRow[]> {
  const from = addMonths(s.month, -(HISTORY_MONTHS - 1));
  const rows = rowsOf<MonthRow & { month: string | Date }>(
    await db.execute(sql`
      select to_char(month, 'YYYY-MM-DD') as month, collects, redeems, points_collected, points_redeemed,
        nfc_collects, pin_collects, returning_collects, active_customers, new_customers
      from stats_months
      where company_id = ${s.companyId} and location_id = ${s.scope} and month between ${from}::date and ${s.month}::date`),
  );
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

export async function dashboardStats(db: Database, s: Selection): Promise<DashboardStats> {
  const c = s.companyId;
  const monthEnd = addMonths(s.month, 1);
  const [[totals], [last24h], points, [profile], months] = await Promise.all([
    db
      .execute(sql`
        select coalesce(sum(new_customers) filter (where month < ${monthEnd}::date), 0)::int as card_owners,
          coalesce(sum(collects), 0)::int as total, to_char(min(month), 'YYYY-MM-DD') as first_month
        from stats_months where company_id = ${c} and location_id = ${s.scope}`)
      .then((r) => rowsOf<{ card_owners: number; total: number; first_month: string | null }>(r)),
    db
      .execute(sql`
        select coalesce(sum(collects), 0)::int as n from stats_hours
        where company_id = ${c} and location_id = ${s.scope}
          and hour >= ${hourStart(s.now).toISOString()}::timestamptz - interval '23 hours'`)
      .then((r) => rowsOf<{ n: number }>(r)),
    db
      .execute(
        sql`select points, cards from stats_points where company_id = ${c} and cards > 0 order by points`,
      )
      .then((r) => rowsOf<{ points: number; cards: number }>(r)),
    // The card's points as scans count them (the approved ones while a change waits for review),
    // so a full card here is one the staff can redeem.
    db
      .execute(sql`
        select ${scannedCardPoints(c, sql`p.points`)} as points, p.average_receipt_cents
        from companies c left join partner_profiles p on p.company_id = c.id
        where c.id = ${c}`)
      .then((r) => rowsOf<{ points: number | null; average_receipt_cents: number | null }>(r)),
    lastTwelveMonths(db, s),
  ]);
  const [first] = rowsOf<{ day: string | null }>(
    await db.execute(sql`
      select to_char(min(day), 'YYYY-MM-DD') as day from stats_days
      where company_id = ${c} and location_id = ${s.scope} and day >= ${totals?.first_month ?? "9999-12-31"}::date`),
  );
  const current = months.at(-1)!;
  const maxPoints = profile?.points ?? null;
  const averageReceiptCents = profile?.average_receipt_cents ?? DEFAULT_AVERAGE_RECEIPT_CENTS;
  const since = first?.day ?? null;
  const daysSinceStart = since
    ? Math.max(1, Math.round((Date.parse(berlinDay(s.now)) - Date.parse(since)) / 86_400_000) + 1)
    : 0;
  const distribution = new Map(points.map((p) => [p.points, p.cards]));
  const top = Math.max(maxPoints ?? 0, ...points.map((p) => p.points));
  return {
    month: ym(s.month),
    location: s.scope === ALL_LOCATIONS ? null : s.scope,
    scope: "own",
    locations: s.scope === ALL_LOCATIONS ? null : [s.scope],
    cardOwners: int(totals?.card_owners),
    cardsRedeemed: current.redeems,
    scans: current.collects,
    sales: current.returning_collects * averageReceiptCents,
    averageReceiptCents,
    averageReceiptIsDefault: profile?.average_receipt_cents == null,
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
    outstanding: outstandingRewards(points, maxPoints),
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
  const rows = rowsOf<{ week: string; collects: number; redeems: number }>(
    await db.execute(sql`
      select to_char(date_trunc('week', day), 'YYYY-MM-DD') as week, sum(collects)::int as collects, sum(redeems)::int as redeems
      from stats_days
      where company_id = ${s.companyId} and location_id = ${s.scope} and day between ${firstWeek}::date and ${end}::date
      group by 1`),
  );
  const byWeek = new Map(rows.map((r) => [r.week, r]));
  return Array.from({ length: HISTORY_WEEKS }, (_, i) => {
    const start = addDays(firstWeek, 7 * i);
    return {
      period: isoWeek(start),
      start,
      scans: int(byWeek.get(start)?.collects),
      redeems: int(byWeek.get(start)?.redeems),
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

/** Per location of the selection (all of them, or the one): the month's point balance. */
export async function pointBalance(db: Database, s: Selection): Promise<PointBalance> {
  const rows = rowsOf<{
    id: number;
    name: string;
    company_name: string;
    redeems: number;
    collected: number;
    redeemed: number;
  }>(
    await db.execute(sql`
      select l.id::int, l.name, (select name from companies where id = l.company_id) as company_name, coalesce(m.redeems, 0)::int as redeems,
        coalesce(m.points_collected, 0)::int as collected, coalesce(m.points_redeemed, 0)::int as redeemed
      from locations l
      left join stats_months m on m.company_id = l.company_id and m.location_id = l.id and m.month = ${s.month}::date
      where l.company_id = ${s.companyId} ${s.scope === ALL_LOCATIONS ? sql`` : sql`and l.id = ${s.scope}`}
      order by l.name, l.id`),
  );
  return {
    month: ym(s.month),
    locations: rows.map((r) => ({
      id: r.id,
      name: r.name,
      kind: "own" as const,
      companyName: r.company_name,
      cardsRedeemed: r.redeems,
      pointsCollected: r.collected,
      pointsRedeemed: r.redeemed,
      difference: r.collected - r.redeemed,
    })),
  };
}

/** The months with statistics (newest first, always including the current one) and the locations. */
export async function statsAvailable(
  db: Database,
  companyId: number,
  now = new Date(),
): Promise<StatsAvailable> {
  const [months, locations] = await Promise.all([
    db
      .execute(sql`
        select to_char(month, 'YYYY-MM') as month from stats_months
        where company_id = ${companyId} and location_id = 0 order by month desc`)
      .then((r) => rowsOf<{ month: string }>(r).map((m) => m.month)),
    db
      .execute(sql`select id::int, name from locations where company_id = ${companyId} order by name, id`)
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

/** Fraud events of the selected month and scope, newest first. */
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
      where f.company_id = ${s.companyId} and f.day >= ${s.month}::date and f.day < ${addMonths(s.month, 1)}::date
        ${s.scope === ALL_LOCATIONS ? sql`` : sql`and f.location_id = ${s.scope}`}
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
export { aggregateWrites, type ScanFacts } from "./aggregates.ts";
export { recordFraudEvent } from "./fraud-events.ts";
