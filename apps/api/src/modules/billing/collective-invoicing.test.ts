import {
  addDays,
  addMonths,
  berlinMonth,
  composeInvoice,
  formatMoney,
  type InvoiceLine,
  type InvoiceTotals,
  monthlyPrice,
  vatOf,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import * as mupdf from "mupdf";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { hardwareOrders } from "../../db/schema/index.ts";
import { backdateGoLive, daysAgo } from "../../db/seed/go-live.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf } from "../../test/review.ts";
import { appCustomer, livePartner, setStaffPin } from "../../test/scans.ts";
import { collectPoint } from "../app/scan.ts";
import { terminateContract } from "../contract/service.ts";
import { switchCollectiveInvoicing } from "../franchise/service.ts";
import { runMonthlyInvoicing } from "./invoicing.ts";

// Collective invoicing (docs/decisions/008-franchise-model.md, section 5): a master switched on
// for one month and off for the next. In the month on, its invoice carries each franchisee as a
// group priced exactly as that franchisee alone, and the franchisees get none; in the month off,
// everyone gets their own, except a franchisee that left with the extraordinary termination.

let t: TestApp;
type Live = Awaited<ReturnType<typeof livePartner>>;
let master: Live;
let f1: Live;
let f2: Live;
let leaver: Live;
const onMonth = addMonths(berlinMonth(new Date()), -2);
const offMonth = addMonths(onMonth, 1);
/** Scans per company and month, as collected below. */
const SCANS = new Map<string, number>();
const key = (p: Live, month: string) => `${companyIdOf(p)}:${month}`;

/** Collects `n` points at the partner's location in `month` (two hours apart, from the 3rd). */
async function scansIn(p: Live, month: string, n: number) {
  let customer = await appCustomer(t);
  for (let i = 0; i < n; i++) {
    const at = new Date(`${month.slice(0, 8)}03T08:00:00Z`);
    at.setUTCHours(at.getUTCHours() + i * 2);
    try {
      await collectPoint(t.db, customer.id, { code: p.scanCode, method: "qr" }, { at });
    } catch {
      // A full card: the next customer collects.
      customer = await appCustomer(t);
      await collectPoint(t.db, customer.id, { code: p.scanCode, method: "qr" }, { at });
    }
  }
  SCANS.set(key(p, month), n);
}

/** A partner live for 120 days with its locations, made `masterId`'s franchisee as the completed invitation does. */
async function livePartnerOf(masterId: number | null, name: string, scans: [number, number]) {
  const p = await livePartner(t, { company_name: name });
  if (masterId !== null)
    await t.db.execute(sql`
      update companies set type = 'slave', master_id = ${masterId}, franchise_joined_at = now()
      where id = ${companyIdOf(p)}`);
  await backdateGoLive(t.db, companyIdOf(p), daysAgo(120), { locations: true });
  await setStaffPin(t, p, p.locationId, "1111", { count: 50, hours: 1 });
  await scansIn(p, onMonth, scans[0]);
  await scansIn(p, offMonth, scans[1]);
  return p;
}

const invoicesOf = async (p: Live) =>
  rowsOf<{
    id: number;
    period_start: string;
    lines: InvoiceLine[] | string;
    net_cents: number;
    vat_cents: number;
    gross_cents: number;
  }>(
    await t.db.execute(sql`
      select id::int, to_char(period_start, 'YYYY-MM-DD') as period_start, lines, net_cents, vat_cents, gross_cents
      from invoices where company_id = ${companyIdOf(p)} and kind = 'invoice' order by period_start`),
  ).map((r) => ({
    ...r,
    lines: (typeof r.lines === "string" ? JSON.parse(r.lines) : r.lines) as InvoiceLine[],
  }));

/** What the company alone is billed for the month: its one location, its scans, its hardware. */
const alone = (p: Live, month: string, hardware: Partial<Record<"stand", number>> = {}): InvoiceTotals =>
  composeInvoice({
    usage: { locations: 1, scans: SCANS.get(key(p, month)) ?? 0, digitalMenuLocations: 0 },
    hardwareOrders: hardware.stand ? [{ item: "stand", quantity: hardware.stand, unitCents: 500 }] : [],
  });

const run = (month: string) =>
  runMonthlyInvoicing(t.db, { month, provider: t.config.provider, publicUrl: t.config.publicUrl });

beforeAll(async () => {
  t = await build();
  master = await livePartner(t, {
    type: "master",
    company_name: "Kaffeekette Nord",
    contact_name: "Greta",
    contact_surname: "Gross",
  });
  await backdateGoLive(t.db, companyIdOf(master), daysAgo(120), { locations: true });
  await setStaffPin(t, master, master.locationId, "1111", { count: 50, hours: 1 });
  await scansIn(master, onMonth, 70);
  await scansIn(master, offMonth, 12);
  const m = companyIdOf(master);
  f1 = await livePartnerOf(m, "Filiale Hafen", [120, 40]);
  f2 = await livePartnerOf(m, "Filiale Dom", [3, 55]);
  leaver = await livePartnerOf(m, "Filiale Ring", [20, 0]);
  // Two stands F1 ordered in the month on: on the master's invoice.
  await t.db.insert(hardwareOrders).values({
    companyId: companyIdOf(f1),
    item: "stand",
    quantity: 2,
    unitCents: 500,
    orderedAt: new Date(`${onMonth.slice(0, 8)}10T12:00:00Z`),
  });
  // The master switched on before the month on (for it) and, on its 5th, off for the month after:
  // the switches as the API makes them, at those times.
  const switchAt = (at: Date, enabled: boolean) =>
    t.db.transaction((tx) =>
      switchCollectiveInvoicing(tx, { companyId: m, userId: master.user.id }, enabled, {
        publicUrl: "http://x.test",
        now: at,
      }),
    );
  await switchAt(new Date(`${addMonths(onMonth, -1).slice(0, 8)}20T10:00:00Z`), true);
  const offAt = new Date(`${onMonth.slice(0, 8)}05T10:00:00Z`);
  await switchAt(offAt, false);
  // Within its window the leaver ends its contract extraordinarily: the day before the month off.
  const ended = await terminateContract(t.db, companyIdOf(leaver), leaver.user.id, "http://x.test", {
    extraordinary: true,
    now: new Date(offAt.getTime() + 86_400_000),
  });
  expect(ended.termination).toMatchObject({ ends_on: addDays(offMonth, -1), fee_cents: 0 });
}, 240_000);

describe("collective invoicing", () => {
  it("month on: one invoice for the master, a group per franchisee priced as alone, VAT once", async () => {
    // The other test may have billed the month already (tests run in any order).
    expect((await run(onMonth)).failed).toEqual([]);
    for (const f of [f1, f2, leaver])
      expect((await invoicesOf(f)).filter((i) => i.period_start === onMonth)).toEqual([]);
    const ofMonth = (await invoicesOf(master)).filter((i) => i.period_start === onMonth);
    expect(ofMonth).toHaveLength(1);
    const [invoice] = ofMonth;

    const own = invoice!.lines.filter((l) => !l.group);
    expect(own).toEqual(alone(master, onMonth).lines);
    expect(own.reduce((s, l) => s + l.totalCents, 0)).toBe(
      monthlyPrice({ locations: 1, scans: 70, digitalMenuLocations: 0 }).netCents,
    );
    let net = alone(master, onMonth).netCents;
    for (const [f, name, hardware] of [
      [f1, "Filiale Hafen", { stand: 2 }],
      [f2, "Filiale Dom", {}],
      [leaver, "Filiale Ring", {}],
    ] as const) {
      const lines = invoice!.lines.filter((l) => l.group?.key === `company:${companyIdOf(f)}`);
      const expected = alone(f, onMonth, hardware);
      expect(lines).toEqual(
        expected.lines.map((l) => ({ ...l, group: { key: `company:${companyIdOf(f)}`, title: name } })),
      );
      // Each franchisee's pooled minimum is its own: its usage lines are monthlyPrice() of its usage.
      expect(lines.filter((l) => !l.kind.startsWith("hardware_")).reduce((s, l) => s + l.totalCents, 0)).toBe(
        monthlyPrice({ locations: 1, scans: SCANS.get(key(f, onMonth))!, digitalMenuLocations: 0 }).netCents,
      );
      net += expected.netCents;
    }
    expect(invoice!.lines).toHaveLength(own.length + invoice!.lines.filter((l) => l.group).length);
    expect(invoice!.net_cents).toBe(net);
    expect(invoice!.vat_cents).toBe(vatOf(net));
    expect(invoice!.gross_cents).toBe(net + invoice!.vat_cents);

    // F1's stands are billed on the master's invoice.
    const [order] = rowsOf<{ invoice_id: number }>(
      await t.db.execute(sql`
        select invoice_id::int from hardware_orders where company_id = ${companyIdOf(f1)} and kind = 'shop'`),
    );
    expect(order?.invoice_id).toBe(invoice!.id);

    // The PDF prints a heading and a subtotal per group.
    const pdf = await t.inject({
      url: `/api/v2/subscription/invoices/${invoice!.id}/pdf`,
      headers: master.headers,
    });
    const doc = mupdf.Document.openDocument(pdf.rawPayload, "application/pdf");
    let text = "";
    for (let i = 0; i < doc.countPages(); i++)
      text += doc.loadPage(i).toStructuredText("preserve-whitespace").asText().replace(/\s+/g, " ");
    expect(text).toContain("Eigene Standorte");
    for (const [f, name] of [
      [f1, "Filiale Hafen"],
      [f2, "Filiale Dom"],
      [leaver, "Filiale Ring"],
    ] as const) {
      expect(text).toContain(name);
      const sub = alone(f, onMonth, f === f1 ? { stand: 2 } : {}).netCents;
      expect(text).toContain(`Zwischensumme ${name} ${formatMoney(sub, "de")}`.replace(/\s+/g, " "));
    }
    // The run is idempotent: nobody is billed twice, the franchisees not alone either.
    expect((await run(onMonth)).issued).toEqual([]);
  });

  it("month off: everyone their own invoice as the pricing functions say; the leaver none", async () => {
    // Months are billed in order (F1's stands belong to the month on); a second run bills nothing.
    await run(onMonth);
    const result = await run(offMonth);
    expect(result.failed).toEqual([]);
    expect(result.issued.length + result.skipped).toBe(3);
    for (const p of [master, f1, f2]) {
      const invoice = (await invoicesOf(p)).find((i) => i.period_start === offMonth);
      const expected = alone(p, offMonth);
      expect(invoice?.lines).toEqual(expected.lines);
      expect(invoice?.lines.some((l) => l.group)).toBe(false);
      expect([invoice?.net_cents, invoice?.vat_cents, invoice?.gross_cents]).toEqual([
        expected.netCents,
        expected.vatCents,
        expected.grossCents,
      ]);
    }
    expect(await invoicesOf(leaver)).toEqual([]);
  });

  it("tells a franchisee which months its master billed; nobody else", async () => {
    const months = await t.inject({ url: "/api/v2/subscription/collective-months", headers: f2.headers });
    expect(months.json().data).toEqual({ master_name: "Kaffeekette Nord", months: [onMonth] });
    const ofMaster = await t.inject({
      url: "/api/v2/subscription/collective-months",
      headers: master.headers,
    });
    expect(ofMaster.json().data).toBeNull();
  });
});
