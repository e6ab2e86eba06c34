import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createLivePartner } from "../../db/seed/accounts.ts";
import { build } from "../../test/build.ts";
import { simulatedCafe } from "../../test/simulation.ts";
import {
  berlinTime,
  loadSimPartners,
  registerSimCustomers,
  type SimulationSummary,
  simulateScans,
} from "./simulation.ts";
import { walletDeriver } from "./wallet.ts";

// The simulator on fresh databases: the same seed gives the same scans; scans happen only when
// a location is open, with the rhythm of a real week and day.

/** A Wednesday afternoon in June (Berlin summer time), so the run ends after the day's opening. */
const NOW = new Date("2026-06-17T14:30:00Z");

interface Row {
  location: string;
  user: number;
  kind: string;
  method: string;
  with_pin: boolean;
  at: string;
  weekday: number;
  minute: number;
}

async function simulate(seed: number, count = 100): Promise<{ rows: Row[]; summary: SimulationSummary }> {
  const t = await build();
  const companyId = await createLivePartner(t.db, simulatedCafe(1), undefined, t.config);
  const customers = await registerSimCustomers(t.db, walletDeriver(t.config.walletSeed), { count, seed });
  const summary = await simulateScans(t.db, {
    seed,
    months: 3,
    now: NOW,
    partners: await loadSimPartners(t.db, [companyId]),
    customers,
    fraudBurstsThisMonth: 1,
  });
  const rows = rowsOf<Row>(
    await t.db.execute(sql`
      select l.name as location, s.app_user_id::int as user, s.kind, s.method, s.with_pin,
        to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as at,
        extract(dow from s.created_at at time zone 'Europe/Berlin')::int as weekday,
        (extract(hour from s.created_at at time zone 'Europe/Berlin') * 60
          + extract(minute from s.created_at at time zone 'Europe/Berlin'))::int as minute
      from scans s join locations l on l.id = s.location_id
      where s.company_id = ${companyId} order by s.id`),
  );
  return { rows, summary };
}

describe("simulator", () => {
  it("the same seed makes the same scans; another seed others", async () => {
    const [a, b] = [await simulate(11), await simulate(11)];
    expect(a.rows.length).toBeGreaterThan(200);
    expect(b.rows).toEqual(a.rows);
    const [small, other] = [await simulate(11, 20), await simulate(12, 20)];
    expect(small.rows.length).toBeGreaterThan(0);
    expect(other.rows).not.toEqual(small.rows);
    expect(a.rows.every((r) => r.at <= NOW.toISOString())).toBe(true);

    const { rows, summary } = a;
    // Only while open: Am Ring 7-19 every day; Am Dom 11-14 except Saturday, and Sunday 0-3 only.
    for (const r of rows) {
      if (r.location === "Am Ring") expect(r.minute >= 7 * 60 && r.minute < 19 * 60, r.at).toBe(true);
      else if (r.weekday === 0) expect(r.minute < 3 * 60, r.at).toBe(true);
      else expect(r.weekday !== 6 && r.minute >= 11 * 60 && r.minute < 14 * 60, r.at).toBe(true);
    }
    // At the location open all week: Fridays and Saturdays are busier than the other days, and
    // lunch is busier than mid-morning.
    const ring = rows.filter((r) => r.location === "Am Ring");
    const perDay = (days: number[]) => ring.filter((r) => days.includes(r.weekday)).length / days.length;
    expect(perDay([5, 6])).toBeGreaterThan(perDay([1, 2, 3, 4]));
    const inHours = (from: number, to: number) =>
      ring.filter((r) => r.minute >= from * 60 && r.minute < to * 60).length;
    expect(inHours(12, 14)).toBeGreaterThan(inHours(9, 11));
    // Regulars: the most active fifth of the customers make most of the scans.
    const scansOf = new Map<number, number>();
    for (const r of rows) scansOf.set(r.user, (scansOf.get(r.user) ?? 0) + 1);
    const perUser = [...scansOf.values()].sort((x, y) => y - x);
    const top = perUser.slice(0, Math.ceil(perUser.length / 5)).reduce((s, n) => s + n, 0);
    expect(top / rows.length).toBeGreaterThan(0.5);
    expect(perUser.filter((n) => n === 1).length).toBeGreaterThan(5);
    // Full cards are redeemed with the staff PIN; both NFC and QR; the PIN limit was hit.
    const redeems = rows.filter((r) => r.kind === "redeem");
    expect(redeems.length).toBe(summary.redeems);
    expect(redeems.length).toBeGreaterThan(10);
    expect(redeems.every((r) => r.with_pin)).toBe(true);
    expect(new Set(rows.map((r) => r.method))).toEqual(new Set(["nfc", "qr"]));
    expect(summary.refused.pin_required).toBeGreaterThan(0);
    expect(summary.withPin).toBeGreaterThan(0);
    expect(summary.sharing).toBeGreaterThan(0);
  }, 120_000);

  it("berlinTime() turns Berlin wall-clock times into instants, summer and winter", () => {
    expect(berlinTime("2026-06-17", 12 * 60).toISOString()).toBe("2026-06-17T10:00:00.000Z");
    expect(berlinTime("2026-01-05", 7 * 60 + 30).toISOString()).toBe("2026-01-05T06:30:00.000Z");
    // The day clocks go forward (29 March 2026, 02:00 -> 03:00) and back (25 October 2026).
    expect(berlinTime("2026-03-29", 12 * 60).toISOString()).toBe("2026-03-29T10:00:00.000Z");
    expect(berlinTime("2026-10-25", 12 * 60).toISOString()).toBe("2026-10-25T11:00:00.000Z");
  });
});
