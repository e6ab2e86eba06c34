import { BERLIN_TIME_ZONE, berlinDay } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { hashPassword } from "../auth/service.ts";
import { registerAppUser } from "./accounts.ts";
import { setShareContact } from "./cards.ts";
import { collectPoint, redeemCard, type ScanResult } from "./scan.ts";
import { emailPart, FIRST_NAMES, SURNAMES } from "./simulation-names.ts";
import type { WalletDeriver } from "./wallet.ts";

// End customers using the app over past months, driven through the same scan service the API
// uses (collectPoint / redeemCard with past times), so cards, scans, aggregates and fraud events
// are exactly what real scans would have made. Used by `npm run simulate` and the demo seed.
// Deterministic: every customer draws from their own seeded stream, so the same seed gives the
// same scans whatever the order the database answers in.

export type Random = () => number;

/** mulberry32: a small, fast seeded PRNG (uniform in [0, 1)). */
export function prng(seed: number): Random {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed for one stream (a customer, the fraud plan) of a run, mixed from the run's seed. */
export function streamSeed(seed: number, ...parts: number[]): number {
  let h = seed ^ 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ part, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h;
}

export const randomInt = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));
export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

// ---------------------------------------------------------------------------------------------
// Time: opening hours are Berlin wall-clock times.

const DAY_MS = 86_400_000;
const WEEKDAY_KEYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
const offsetFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: BERLIN_TIME_ZONE,
  timeZoneName: "longOffset",
});

function berlinOffsetMs(ms: number): number {
  const name = offsetFormat.formatToParts(ms).find((p) => p.type === "timeZoneName")?.value ?? "";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
}

/** The instant of `minute` (0-1439) past midnight of the Berlin day `day` (YYYY-MM-DD). */
export function berlinTime(day: string, minute: number): Date {
  const local = Date.parse(`${day}T00:00:00Z`) + minute * 60_000;
  const guess = local - berlinOffsetMs(local);
  return new Date(local - berlinOffsetMs(guess));
}

const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const addDay = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Relative traffic per Berlin hour: a morning-coffee bump, a lunch peak, an after-work bump. */
const HOUR_WEIGHT = [
  0.3, 0.2, 0.1, 0.1, 0.1, 0.2, 0.5, 1.0, 1.3, 0.9, 0.8, 1.1, 2.2, 2.0, 1.1, 0.9, 1.1, 1.2, 1.0, 0.8, 0.7,
  0.6, 0.5, 0.4,
];
/** Relative traffic per weekday (Sunday first): Fridays and Saturdays are busiest. */
const WEEKDAY_WEIGHT = [0.7, 0.85, 0.9, 0.95, 1.0, 1.3, 1.4];
const MEAN_WEEKDAY_WEIGHT = WEEKDAY_WEIGHT.reduce((a, b) => a + b) / 7;

type Hours = Record<string, { from: string; to: string }[] | undefined>;
const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** 15-minute slots of one weekday's opening hours, with cumulative traffic weights. */
interface DaySlots {
  starts: number[];
  ends: number[];
  cumulative: number[];
  total: number;
}

function daySlots(ranges: { from: string; to: string }[]): DaySlots {
  const slots: DaySlots = { starts: [], ends: [], cumulative: [], total: 0 };
  for (const range of ranges) {
    const end = toMinutes(range.to);
    for (let start = toMinutes(range.from); start < end; start += 15) {
      const slotEnd = Math.min(start + 15, end);
      slots.total += HOUR_WEIGHT[Math.floor(start / 60) % 24]! * (slotEnd - start);
      slots.starts.push(start);
      slots.ends.push(slotEnd);
      slots.cumulative.push(slots.total);
    }
  }
  return slots;
}

// ---------------------------------------------------------------------------------------------
// Partners and customers.

export interface SimLocation {
  id: number;
  name: string;
  code: string;
  pin: string;
  /** Slots per weekday, Sunday first; a day without slots is closed. */
  slots: DaySlots[];
}

export interface SimPartner {
  companyId: number;
  locations: SimLocation[];
}

/** The partners' open (not temporarily closed) locations as the simulator needs them. */
export async function loadSimPartners(db: Database, companyIds: number[]): Promise<SimPartner[]> {
  const partners: SimPartner[] = [];
  for (const companyId of companyIds) {
    const rows = rowsOf<{ id: number; name: string; scan_code: string; pin: string; working_hours: Hours }>(
      await db.execute(sql`
        select id::int, name, scan_code, pin, working_hours from locations
        where company_id = ${companyId} and not is_closed order by id`),
    );
    const locations = rows
      .map((r) => ({
        id: r.id,
        name: r.name,
        code: r.scan_code,
        pin: r.pin,
        slots: WEEKDAY_KEYS.map((day) => daySlots(r.working_hours[day] ?? [])),
      }))
      .filter((l) => l.slots.some((s) => s.total > 0));
    if (locations.length > 0) partners.push({ companyId, locations });
  }
  return partners;
}

export interface SimCustomer {
  id: number;
  firstName: string;
  surname: string;
  email: string;
}

/** The password of simulated customers (they can log in to the app API with it). */
export const SIMULATED_CUSTOMER_PASSWORD = "Stempla-Kunde-2026";

/**
 * Registers `count` app customers through registerAppUser (wallet address, session) with German
 * names and addresses @example.com numbered from `firstNumber`, in order, so their user numbers
 * (and wallet addresses) are the same in every run. They share one password, hashed once.
 */
export async function registerSimCustomers(
  db: Database,
  wallet: WalletDeriver,
  opts: { count: number; seed: number; firstNumber?: number; onProgress?: (done: number) => void },
): Promise<SimCustomer[]> {
  const random = prng(streamSeed(opts.seed, 0x6e616d65));
  const passwordHash = await hashPassword(SIMULATED_CUSTOMER_PASSWORD);
  const customers: SimCustomer[] = [];
  for (let i = 0; i < opts.count; i++) {
    const firstName = pick(random, FIRST_NAMES);
    const surname = pick(random, SURNAMES);
    const email = `${emailPart(firstName)}.${emailPart(surname)}${(opts.firstNumber ?? 1) + i}@example.com`;
    const phone =
      random() < 0.5
        ? `+4917${randomInt(random, 0, 9)}${randomInt(random, 10_000_000, 99_999_999)}`
        : undefined;
    const birth =
      random() < 0.6
        ? [randomInt(random, 1950, 2006), randomInt(random, 1, 12), randomInt(random, 1, 28)]
        : undefined;
    const { user } = await registerAppUser(
      db,
      wallet,
      {
        email,
        password: SIMULATED_CUSTOMER_PASSWORD,
        first_name: firstName,
        surname,
        phone,
        date_of_birth: birth?.map((n) => String(n).padStart(2, "0")).join("-"),
        locale: random() < 0.92 ? "de" : "en",
      },
      passwordHash,
    );
    customers.push({ id: user.id, firstName, surname, email });
    if ((i + 1) % 100 === 0) opts.onProgress?.(i + 1);
  }
  return customers;
}

// ---------------------------------------------------------------------------------------------
// The plan: who visits which location when.

export interface SimulationOptions {
  seed: number;
  /** How far back the scans go. */
  months: number;
  /** The end of the simulated period (default: now); no scan is later. */
  now?: Date;
  partners: SimPartner[];
  customers: SimCustomer[];
  /** Share of customers who let the partners they collect at see their contact data (0.35). */
  shareContact?: number;
  /** Expected fraud-like bursts per location and month (0.1). */
  fraudBurstsPerLocationMonth?: number;
  /** Bursts to place in the current month in any case (0), e.g. for a demo's fraud list. */
  fraudBurstsThisMonth?: number;
  /** Visits to place in the last 24 hours in any case (0), so that figure is never empty. */
  recentVisits?: number;
  /** Customers served at once (PostgreSQL); each customer's scans always run in time order. */
  concurrency?: number;
  onProgress?: (progress: { visits: number; of: number; scans: number; ms: number }) => void;
}

export interface SimulationSummary {
  visits: number;
  collects: number;
  redeems: number;
  /** Refused scans by code (pin_required, card_full). */
  refused: Record<string, number>;
  /** Collections the staff allowed with their PIN beyond the limit. */
  withPin: number;
  fraudBursts: number;
  /** Cards whose customer shares their contact data with the partner. */
  sharing: number;
  ms: number;
}

interface Visit {
  at: number;
  customer: number;
  partner: number;
  location: SimLocation;
  /** Further collections in the same visit (bought for friends); a burst is a fraud-like run. */
  extra: number;
  burst: boolean;
  seq: number;
}

interface Persona {
  random: Random;
  nfc: number;
  shares: boolean;
}

/** A time within the location's opening hours on `day`, weighted by traffic, or undefined if closed. */
function openTime(location: SimLocation, day: string, random: Random): number | undefined {
  const slots = location.slots[weekdayOf(day)]!;
  if (slots.total === 0) return undefined;
  const target = random() * slots.total;
  let i = 0;
  while (slots.cumulative[i]! < target) i++;
  const minute = slots.starts[i]! + random() * (slots.ends[i]! - slots.starts[i]!);
  return berlinTime(day, Math.floor(minute)).getTime() + Math.floor((minute % 1) * 60_000);
}

/**
 * A time within opening hours between from and to (ms). If there is none (the first hours of a
 * month before opening), a few minutes before `to`: the demo's "this month" is never empty.
 */
function openTimeBetween(location: SimLocation, from: number, to: number, random: Random): number {
  const firstDay = berlinDay(new Date(from));
  const days = Math.max(1, Math.round((to - from) / DAY_MS) + 1);
  for (let attempt = 0; attempt < 60; attempt++) {
    const at = openTime(location, addDay(firstDay, randomInt(random, 0, days)), random);
    if (at !== undefined && at >= from && at < to) return at;
  }
  return Math.max(from, to - randomInt(random, 1, 10) * 60_000);
}

function plan(
  opts: SimulationOptions,
  now: number,
): { visits: Visit[]; personas: Persona[]; bursts: number } {
  const { partners, customers, seed } = opts;
  const startDay = berlinDay(new Date(now - opts.months * 30.44 * DAY_MS));
  const today = berlinDay(new Date(now));
  const totalDays = Math.round((Date.parse(today) - Date.parse(startDay)) / DAY_MS) + 1;
  const visits: Visit[] = [];
  const personas: Persona[] = [];
  const byPartner: number[][] = partners.map(() => []);
  let seq = 0;
  const partnerWeights = partners.map((p) => p.locations.length);
  const totalWeight = partnerWeights.reduce((a, b) => a + b, 0);
  const weightedPartner = (random: Random) => {
    let target = random() * totalWeight;
    for (let i = 0; i < partners.length; i++) {
      target -= partnerWeights[i]!;
      if (target < 0) return i;
    }
    return partners.length - 1;
  };

  const addVisit = (customer: number, partner: number, location: SimLocation, at: number, random: Random) => {
    if (at > now) return;
    const extra = random() < 0.04 ? (random() < 0.3 ? 2 : 1) : 0;
    visits.push({ at, customer, partner, location, extra, burst: false, seq: seq++ });
  };

  /** Visits at `rate` per week (weekday-weighted) from day `from` to `to` at the given locations. */
  const visitsAt = (
    customer: number,
    partner: number,
    places: { main: SimLocation; other: SimLocation | undefined },
    rate: number,
    from: number,
    to: number,
    random: Random,
  ) => {
    for (let d = from; d <= to; d++) {
      const day = addDay(startDay, d);
      const weekday = weekdayOf(day);
      // The first day is the day they got the card: always a visit.
      if (d !== from && random() >= (rate / 7) * (WEEKDAY_WEIGHT[weekday]! / MEAN_WEEKDAY_WEIGHT)) continue;
      let location = places.other && random() < 0.3 ? places.other : places.main;
      let at = openTime(location, day, random);
      if (at === undefined && places.other) {
        location = location === places.main ? places.other : places.main;
        at = openTime(location, day, random);
      }
      if (at !== undefined) addVisit(customer, partner, location, at, random);
    }
  };

  customers.forEach((_, c) => {
    const random = prng(streamSeed(seed, 1, c));
    personas.push({
      random,
      nfc: random() < 0.3 ? 0.7 : 0.08,
      shares: random() < (opts.shareContact ?? 0.35),
    });
    const home = weightedPartner(random);
    byPartner[home]!.push(c);
    const locations = partners[home]!.locations;
    const main = pick(random, locations);
    const others = locations.filter((l) => l !== main);
    const other =
      others.length > 0 && random() < (locations.length > 3 ? 0.5 : 0.3) ? pick(random, others) : undefined;
    const kind = random();
    if (kind < 0.2) {
      // Regular: weekly or more, for months; most scans come from them.
      const join = Math.floor(random() ** 1.5 * totalDays);
      const stay = Math.ceil(-Math.log(1 - random()) * 300);
      visitsAt(
        c,
        home,
        { main, other },
        1 + random() * 3.5,
        join,
        Math.min(totalDays - 1, join + stay),
        random,
      );
    } else if (kind < 0.5) {
      const join = Math.floor(random() * totalDays);
      const stay = Math.ceil(-Math.log(1 - random()) * 150);
      visitsAt(
        c,
        home,
        { main, other },
        0.1 + random() * 0.5,
        join,
        Math.min(totalDays - 1, join + stay),
        random,
      );
    } else {
      // One-off visitors: one visit, sometimes a second one within two months.
      const join = Math.floor(random() * totalDays);
      visitsAt(c, home, { main, other: undefined }, 0, join, join, random);
      if (random() < 0.3) {
        const again = join + randomInt(random, 1, 60);
        if (again < totalDays) visitsAt(c, home, { main, other: undefined }, 0, again, again, random);
      }
    }
    // Some also collect at a second partner now and then.
    if (partners.length > 1 && random() < 0.12) {
      let second = weightedPartner(random);
      if (second === home) second = (home + 1) % partners.length;
      byPartner[second]!.push(c);
      const join = Math.floor(random() * totalDays);
      const place = pick(random, partners[second]!.locations);
      visitsAt(
        c,
        second,
        { main: place, other: undefined },
        0.1 + random() * 0.3,
        join,
        totalDays - 1,
        random,
      );
    }
  });

  // Fraud-like bursts: one customer collecting again and again at one location in an hour.
  const random = prng(streamSeed(seed, 2));
  let bursts = 0;
  const burstAt = (p: number, location: SimLocation, from: number, to: number) => {
    const candidates = byPartner[p]!;
    if (candidates.length === 0) return;
    const customer = pick(random, candidates);
    const at = openTimeBetween(location, from, to, random);
    visits.push({
      at,
      customer,
      partner: p,
      location,
      extra: randomInt(random, 4, 7),
      burst: true,
      seq: seq++,
    });
    bursts++;
  };
  const rate = opts.fraudBurstsPerLocationMonth ?? 0.1;
  const start = Date.parse(`${startDay}T00:00:00Z`);
  partners.forEach((partner, p) => {
    for (const location of partner.locations) {
      for (let m = 0; m < opts.months; m++) {
        if (random() < rate) {
          const from = start + m * 30.44 * DAY_MS;
          burstAt(p, location, from, Math.min(now, from + 30.44 * DAY_MS));
        }
      }
    }
  });
  const monthStart = berlinTime(`${today.slice(0, 7)}-01`, 0).getTime();
  for (let i = 0; i < (opts.fraudBurstsThisMonth ?? 0); i++) {
    const p = i % partners.length;
    burstAt(p, pick(random, partners[p]!.locations), monthStart, now);
  }
  for (let i = 0; i < (opts.recentVisits ?? 0); i++) {
    const p = i % partners.length;
    const candidates = byPartner[p]!;
    if (candidates.length === 0) continue;
    const customer = pick(random, candidates);
    const location = pick(random, partners[p]!.locations);
    // "The last 24 hours" on the dashboard: the current hour and the 23 before.
    const lastDayStart = Math.floor(now / 3_600_000) * 3_600_000 - 23 * 3_600_000;
    const at = openTimeBetween(location, Math.max(lastDayStart, monthStart), now, random);
    visits.push({ at, customer, partner: p, location, extra: 0, burst: false, seq: seq++ });
  }
  visits.sort((a, b) => a.at - b.at || a.seq - b.seq);
  return { visits, personas, bursts };
}

// ---------------------------------------------------------------------------------------------
// Running the plan through the scan service.

const codeOf = (error: unknown) => (error instanceof HttpError ? error.code : undefined);

/**
 * Plans the visits of the customers at the partners' locations over the last `months` and makes
 * every scan through collectPoint / redeemCard at its past time, in time order per customer.
 */
export async function simulateScans(db: Database, opts: SimulationOptions): Promise<SimulationSummary> {
  const started = performance.now();
  const now = (opts.now ?? new Date()).getTime();
  const { visits, personas, bursts } = plan(opts, now);
  const summary: SimulationSummary = {
    visits: visits.length,
    collects: 0,
    redeems: 0,
    refused: {},
    withPin: 0,
    fraudBursts: bursts,
    sharing: 0,
    ms: 0,
  };
  const refused = (code: string) => {
    summary.refused[code] = (summary.refused[code] ?? 0) + 1;
  };
  /** Per customer and partner: the card is full; the customer has collected there. */
  const full = new Set<string>();
  const collected = new Set<string>();

  const redeem = async (v: Visit, at: number) => {
    const customer = opts.customers[v.customer]!;
    await redeemCard(db, customer.id, { code: v.location.code, pin: v.location.pin }, { at: new Date(at) });
    summary.redeems++;
    full.delete(`${v.customer}:${v.partner}`);
  };

  /** One collection; beyond the PIN limit the staff give their PIN with probability `pinChance`. */
  const collect = async (v: Visit, at: number, pinChance: number): Promise<ScanResult | undefined> => {
    const persona = personas[v.customer]!;
    const customer = opts.customers[v.customer]!;
    const key = `${v.customer}:${v.partner}`;
    const request = { code: v.location.code, method: persona.random() < persona.nfc ? "nfc" : "qr" } as const;
    let result: ScanResult;
    try {
      result = await collectPoint(db, customer.id, request, { at: new Date(at) });
    } catch (error) {
      const code = codeOf(error);
      if (code === "card_full") {
        // The app says "redeem first": the staff confirm the reward, then the point.
        refused(code);
        await redeem(v, at);
        return collect(v, at + 30_000, pinChance);
      }
      if (code !== "pin_required") throw error;
      refused(code);
      if (persona.random() >= pinChance) return undefined;
      result = await collectPoint(
        db,
        customer.id,
        { ...request, pin: v.location.pin },
        { at: new Date(at + 20_000) },
      );
      summary.withPin++;
    }
    summary.collects++;
    if (result.card_full) full.add(key);
    if (!collected.has(key)) {
      collected.add(key);
      if (persona.shares && persona.random() < 0.85) {
        await setShareContact(db, customer.id, opts.partners[v.partner]!.companyId, true);
        summary.sharing++;
      }
    }
    return result;
  };

  const visit = async (v: Visit) => {
    const random = personas[v.customer]!.random;
    let at = v.at;
    if (full.has(`${v.customer}:${v.partner}`) && !v.burst) {
      // Most redeem their full card right away; some scan first and are told to redeem.
      if (random() < 0.85) {
        await redeem(v, at);
        if (random() < 0.7) return;
        at += 60_000;
      }
    }
    await collect(v, at, 0.5);
    for (let i = 0; i < v.extra; i++) {
      at += randomInt(random, v.burst ? 2 : 1, v.burst ? 7 : 3) * 60_000;
      if (at > now) break;
      // In a burst the staff play along: the PIN every time.
      await collect(v, at, v.burst ? 1 : 0.6);
    }
  };

  const workers = Math.max(1, opts.concurrency ?? 1);
  const queues: Visit[][] = Array.from({ length: workers }, () => []);
  for (const v of visits) queues[v.customer % workers]!.push(v);
  let done = 0;
  let lastReport = performance.now();
  await Promise.all(
    queues.map(async (queue) => {
      for (const v of queue) {
        await visit(v);
        done++;
        if (opts.onProgress && performance.now() - lastReport > 2000) {
          lastReport = performance.now();
          opts.onProgress({
            visits: done,
            of: visits.length,
            scans: summary.collects + summary.redeems,
            ms: lastReport - started,
          });
        }
      }
    }),
  );
  summary.ms = performance.now() - started;
  return summary;
}
