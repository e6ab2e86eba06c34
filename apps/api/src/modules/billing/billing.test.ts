import { addMonths, berlinMonth, composeInvoice, formatMoney } from "@stempla/domain";
import { eq, sql } from "drizzle-orm";
import * as mupdf from "mupdf";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { hardwareOrders, invoices, mailOutbox, sepaMandates } from "../../db/schema/index.ts";
import { backdateGoLive, daysAgo } from "../../db/seed/go-live.ts";
import { build, type TestApp } from "../../test/build.ts";
import { signedInAdmin } from "../../test/review.ts";
import { appCustomer, livePartner, setStaffPin } from "../../test/scans.ts";
import { collectPoint } from "../app/scan.ts";
import { runMonthlyInvoicing } from "./invoicing.ts";

let t: TestApp;
type Live = Awaited<ReturnType<typeof livePartner>>;
let partners: Live[] = [];
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
const lastMonth = addMonths(berlinMonth(new Date()), -1);
const twoMonthsAgo = addMonths(lastMonth, -1);

/** A partner that went live three months ago with `scans` collections last month. */
async function billedPartner(scans: number): Promise<Live> {
  const p = await livePartner(t);
  await backdateGoLive(t.db, p.id, daysAgo(100), { locations: true });
  await setStaffPin(t, p, p.locationId, "1111", { count: 50, hours: 1 });
  const kim = await appCustomer(t);
  for (let i = 0; i < scans; i++) {
    const at = new Date(`${lastMonth}T10:00:00+01:00`);
    at.setUTCHours(at.getUTCHours() + i * 2);
    try {
      await collectPoint(t.db, kim.id, { code: p.scanCode, method: "qr" }, { at });
    } catch {
      // Full card: the next customer collects.
      const next = await appCustomer(t);
      kim.id = next.id;
      await collectPoint(t.db, kim.id, { code: p.scanCode, method: "qr" }, { at });
    }
  }
  return p;
}

const run = (opts: { afterEach?: (id: number) => void } = {}) =>
  runMonthlyInvoicing(t.db, {
    month: lastMonth,
    provider: t.config.provider,
    publicUrl: t.config.publicUrl,
    ...opts,
  });

const numbersIssued = async () =>
  rowsOf<{ number: string }>(await t.db.execute(sql`select number from invoices order by number`)).map(
    (r) => r.number,
  );

// An invoicing run bills every live partner of the database, so each test gets a database of its
// own with these partners and walks the runs up to the point it checks: a test runs alone and in
// any order (docs/architecture.md, Tests).
beforeEach(async () => {
  t = await build();
  admin = await signedInAdmin(t);
  partners = [await billedPartner(0), await billedPartner(60), await billedPartner(3)];
  // A stand ordered last month goes on this month's invoice of the second partner.
  await t.db.insert(hardwareOrders).values({
    companyId: partners[1]!.id,
    item: "stand",
    quantity: 2,
    unitCents: 500,
    orderedAt: new Date(`${lastMonth}T12:00:00Z`),
  });
}, 120_000);
afterEach(() => t.close());

/** Last month's invoicing run, as the scheduler starts it: every partner billed. */
async function invoicedLastMonth() {
  expect((await run()).issued).toHaveLength(partners.length);
}

describe("monthly invoicing", () => {
  it("the console previews the month: one line per live partner with the pricing function's totals", async () => {
    const res = await t.inject({
      url: `/api/admin/billing/preview?month=${lastMonth.slice(0, 7)}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.partners as {
      company_id: number;
      scans: number;
      net_cents: number;
      already_issued: boolean;
    }[];
    const ours = partners.map((p) => rows.find((r) => r.company_id === p.id));
    expect(ours.map((r) => r?.scans)).toEqual([0, 60, 3]);
    expect(ours[1]!.net_cents).toBe(
      composeInvoice({ usage: { locations: 1, scans: 60, digitalMenuLocations: 0 }, hardware: { stand: 2 } })
        .netCents,
    );
    expect(ours[1]!.net_cents).toBe(600 + 10 * 4 + 1000);
    expect(ours.every((r) => r?.already_issued === false)).toBe(true);
    const notOver = await t.inject({
      url: `/api/admin/billing/preview?month=${berlinMonth(new Date()).slice(0, 7)}`,
      headers: { ...admin.headers, "content-language": "en" },
    });
    expect(notOver.statusCode).toBe(422);
    expect(notOver.json().errors.month[0]).toMatch(/not over/);
  });

  it("survives a crash between two partners: the rerun bills the rest, nothing twice, numbers without gaps", async () => {
    let calls = 0;
    await expect(
      run({
        afterEach: () => {
          calls++;
          if (calls === 2) throw new Error("power cut");
        },
      }),
    ).rejects.toThrow("power cut");
    const before = (await t.db.select().from(invoices)).length;
    expect(before).toBe(2);
    const second = await run();
    expect(second.issued.length).toBe(partners.length - 2);
    const third = await run();
    expect(third.issued).toEqual([]);
    const all = await t.db.select().from(invoices);
    expect(all).toHaveLength(partners.length);
    expect(new Set(all.map((i) => i.companyId)).size).toBe(partners.length);
    const numbers = await numbersIssued();
    const year = new Date().getFullYear();
    expect(numbers).toEqual(numbers.map((_, i) => `${year}-${String(i + 1).padStart(6, "0")}`));
  });

  it("invoices carry the usage, hardware, VAT and mandate; the hardware order is billed once", async () => {
    await invoicedLastMonth();
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.companyId, partners[1]!.id));
    expect(inv).toMatchObject({
      netCents: 1640,
      vatCents: 312,
      grossCents: 1952,
      vatRatePercent: 19,
      status: "open",
    });
    expect(inv!.lines.map((l) => l.kind)).toEqual(["location_minimum", "extra_scans", "hardware_stand"]);
    expect(inv!.mandateReference).toMatch(/^STP-/);
    expect(inv!.creditorId).toBe(t.config.provider.creditorId);
    expect(inv!.buyer.name).toBeTruthy();
    // The invoice mail is the SEPA pre-notification, sent at issue, a week before the debit.
    expect(Date.parse(inv!.debitDate!) - Date.parse(inv!.issueDate)).toBe(7 * 86_400_000);
    expect(inv!.preNotifiedAt).not.toBeNull();
    const mails = (
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, partners[1]!.email))
    ).filter((m) => m.template === "invoice");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Ankündigung der SEPA-Lastschrift");
    expect(mails[0]!.text).toContain(inv!.mandateReference!);
    expect(mails[0]!.text).toContain(formatMoney(inv!.grossCents, "de"));
    const orders = await t.db
      .select()
      .from(hardwareOrders)
      .where(eq(hardwareOrders.companyId, partners[1]!.id));
    expect(orders.filter((o) => o.kind === "shop").map((o) => o.invoiceId)).toEqual([inv!.id]);
    // The starter kit the approval sent is free: on no invoice (docs/product.md, "Hardware").
    const kit = orders.filter((o) => o.kind === "starter_kit");
    expect(kit.length).toBeGreaterThan(0);
    expect(kit.every((o) => o.invoiceId === null && o.unitCents === 0)).toBe(true);
  });

  it("concurrent runs of another month never bill twice and keep the numbers gapless", async () => {
    const other = addMonths(twoMonthsAgo, 0);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        runMonthlyInvoicing(t.db, {
          month: other,
          provider: t.config.provider,
          publicUrl: t.config.publicUrl,
        }),
      ),
    );
    const issued = results.flatMap((r) => r.issued);
    expect(issued).toHaveLength(partners.length);
    const rows = rowsOf<{ company_id: number }>(
      await t.db.execute(sql`select company_id::int from invoices where period_start = ${other}::date`),
    );
    expect(rows).toHaveLength(partners.length);
    const numbers = await numbersIssued();
    const year = new Date().getFullYear();
    expect(numbers).toEqual(numbers.map((_, i) => `${year}-${String(i + 1).padStart(6, "0")}`));
  });
});

describe("partners see their own invoices", () => {
  it("lists them with title, date, amount, status and a PDF that holds the number and the gross amount", async () => {
    await invoicedLastMonth();
    await runMonthlyInvoicing(t.db, {
      month: twoMonthsAgo,
      provider: t.config.provider,
      publicUrl: t.config.publicUrl,
    });
    const p = partners[1]!;
    const res = await t.inject({ url: "/api/v2/subscription/invoices", headers: p.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as {
      id: number;
      number: string;
      title: string;
      gross_cents: number;
      pdf_url: string;
    }[];
    expect(list).toHaveLength(2);
    expect(list[0]!.title).toMatch(/^Rechnung \d{4}-\d{6} · /);
    const pdf = await t.inject({ url: list[0]!.pdf_url, headers: p.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(
      `attachment; filename="rechnung-${list[0]!.number}.pdf"; filename*=UTF-8''rechnung-${list[0]!.number}.pdf`,
    );
    const doc = mupdf.Document.openDocument(pdf.rawPayload, "application/pdf");
    const text = doc.loadPage(0).toStructuredText("preserve-whitespace").asText().replace(/\s+/g, " ");
    expect(text).toContain(list[0]!.number);
    expect(text).toContain(formatMoney(list[0]!.gross_cents, "de").replace(/\s+/g, " "));
    // The same stored bytes every time.
    const again = await t.inject({ url: list[0]!.pdf_url, headers: p.headers });
    expect(again.rawPayload.equals(pdf.rawPayload)).toBe(true);
  });

  it("another partner's invoice is 404; signed out is 401; partners cannot use the console", async () => {
    await invoicedLastMonth();
    const [own] = await t.db.select().from(invoices).where(eq(invoices.companyId, partners[0]!.id));
    const other = partners[2]!;
    expect(
      (await t.inject({ url: `/api/v2/subscription/invoices/${own!.id}/pdf`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    expect((await t.inject({ url: `/api/v2/subscription/invoices/${own!.id}/pdf` })).statusCode).toBe(401);
    const list = await t.inject({ url: "/api/v2/subscription/invoices", headers: other.headers });
    expect(list.json().data.every((i: { id: number }) => i.id !== own!.id)).toBe(true);
    const console = await t.inject({
      method: "POST",
      url: "/api/admin/billing/run",
      headers: other.headers,
      payload: { month: lastMonth.slice(0, 7) },
    });
    expect(console.statusCode).toBe(403);
  });

  it("the console's run and list answer for the month", async () => {
    await invoicedLastMonth();
    const res = await t.inject({
      method: "POST",
      url: "/api/admin/billing/run",
      headers: admin.headers,
      payload: { month: lastMonth.slice(0, 7) },
    });
    expect(res.json().data).toMatchObject({ issued: 0 });
    const list = await t.inject({
      url: `/api/admin/billing/invoices?month=${lastMonth.slice(0, 7)}`,
      headers: admin.headers,
    });
    expect(list.json().data.length).toBeGreaterThanOrEqual(partners.length);
  });
});

describe("changing the payment method", () => {
  it("POST/PUT /subscription/payment-method signs a new mandate, ends the old one and never returns the IBAN", async () => {
    const p = partners[2]!;
    const before = await t.db.select().from(sepaMandates).where(eq(sepaMandates.companyId, p.id));
    for (const [method, url] of [
      ["POST", "/api/v2/subscription/payment"],
      ["PUT", "/api/v2/subscription/payment-method"],
    ] as const) {
      const res = await t.inject({
        method,
        url,
        headers: p.headers,
        payload: { account_holder: "Neue Inhaberin", iban: "DE02120300000000202051", mandate_accepted: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain("DE02120300000000202051");
      expect(res.json().data).toMatchObject({
        account_holder: "Neue Inhaberin",
        mandate_reference: expect.stringMatching(/^STP-/),
      });
    }
    const after = await t.db.select().from(sepaMandates).where(eq(sepaMandates.companyId, p.id));
    expect(after).toHaveLength(before.length + 2);
    expect(after.filter((m) => m.endedAt === null)).toHaveLength(1);
    const bad = await t.inject({
      method: "POST",
      url: "/api/v2/subscription/payment-method",
      headers: p.headers,
      payload: { account_holder: "X", iban: "DE00123", mandate_accepted: true },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.iban).toHaveLength(1);
    expect((await t.inject({ method: "POST", url: "/api/v2/subscription/payment" })).statusCode).toBe(401);
  });
});

describe("the contract start does not move", () => {
  it("approving a later change keeps live_since, so the partner is still billed for the months before", async () => {
    const p = partners[0]!;
    const [before] = rowsOf<{ live_since: string }>(
      await t.db.execute(sql`select live_since::text from companies where id = ${p.id}`),
    );
    const change = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${p.id}`,
      headers: p.headers,
      payload: { description: "Jeder zehnte Kaffee ist gratis – jetzt auch Tee" },
    });
    expect(change.statusCode, change.body).toBe(200);
    const approve = await t.inject({
      method: "POST",
      url: `/api/admin/partners/${p.id}/approve`,
      headers: admin.headers,
    });
    expect(approve.json().data.status).toBe("green");
    const [after] = rowsOf<{ live_since: string; approved_at: string }>(
      await t.db.execute(sql`select live_since::text, approved_at::text from companies where id = ${p.id}`),
    );
    expect(after!.live_since).toBe(before!.live_since);
    expect(after!.approved_at).not.toBe(after!.live_since);
    const preview = await t.inject({
      url: `/api/admin/billing/preview?month=${lastMonth.slice(0, 7)}`,
      headers: admin.headers,
    });
    expect(preview.json().data.partners.some((r: { company_id: number }) => r.company_id === p.id)).toBe(
      true,
    );
  });
});
