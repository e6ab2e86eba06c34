import { sql } from "drizzle-orm";
import {
  loadSimPartners,
  registerSimCustomers,
  type SimulationSummary,
  simulateScans,
} from "../../modules/app/simulation.ts";
import type { WalletDeriver } from "../../modules/app/wallet.ts";
import { type Database, rowsOf } from "../client.ts";

export interface DemoStatisticsSize {
  /** App customers who ever scanned at the demo partner. */
  customers: number;
  /** How many months back their scans go. */
  months: number;
}

/**
 * What a fresh `npm start` gives the demo partner: a few thousand scans of a few hundred
 * customers over nine months, in about 12 s on PGlite (measured in docs/performance.md).
 */
export const DEMO_STATISTICS: DemoStatisticsSize = { customers: 250, months: 9 };

/** One fixed seed: every fresh demo tells the same story (relative to the day it starts). */
const DEMO_SEED = 2026;

/**
 * Months of customers scanning at the demo partner's locations, made by the simulator through
 * the scan service: statistics on every dashboard figure, a few PIN-limit and unusual-count
 * events this month, scans in the last 24 hours, customers who share their contact data. Only
 * for a live partner that has no cards yet, so seeding again adds nothing.
 */
export async function seedDemoStatistics(
  db: Database,
  companyId: number,
  wallet: WalletDeriver,
  size: DemoStatisticsSize = DEMO_STATISTICS,
  now = new Date(),
): Promise<SimulationSummary | undefined> {
  const [state] = rowsOf<{ status: string; cards: number; app_users: number }>(
    await db.execute(sql`
      select status, (select count(*) from cards where company_id = ${companyId})::int as cards,
        (select count(*) from app_users)::int as app_users
      from companies where id = ${companyId}`),
  );
  if (state?.status !== "green" || state.cards > 0) return undefined;
  const partners = await loadSimPartners(db, [companyId]);
  if (partners.length === 0) return undefined;
  const customers = await registerSimCustomers(db, wallet, {
    count: size.customers,
    seed: DEMO_SEED,
    firstNumber: state.app_users + 1,
  });
  return simulateScans(db, {
    seed: DEMO_SEED,
    months: size.months,
    now,
    partners,
    customers,
    shareContact: 0.4,
    fraudBurstsThisMonth: 2,
    recentVisits: 4,
  });
}
