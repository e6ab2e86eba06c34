import { addMonths, berlinMonth } from "@stempla/domain";
import { eq, sql } from "drizzle-orm";
import * as mupdf from "mupdf";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hardwareOrders, invoices, mailOutbox } from "../../db/schema/index.ts";
import { billedPartner } from "../../test/billing.ts";
import { build, type TestApp } from "../../test/build.ts";
import { signedInAdmin } from "../../test/review.ts";
import { runMonthlyInvoicing } from "./invoicing.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let partner: Awaited<ReturnType<typeof billedPartner>>;
const lastMonth = addMonths(berlinMonth(new Date()), -1);

const run = () =>
  runMonthlyInvoicing(t.db, { month: lastMonth, provider: t.config.provider, publicUrl: t.config.publicUrl });
const creditNote = (id: number, headers: Record<string, string>, reason: unknown = "Falsche Standortzahl") =>
  t.inject({
    method: "POST",
    url: `/api/admin/billing/invoices/${id}/credit-note`,
    headers,
    payload: { reason },
  });
const invoicesOf = (companyId: number) =>
  t.db.select().from(invoices).where(eq(invoices.companyId, companyId)).orderBy(invoices.number);
const serial = (number: string) => Number(number.slice(5));

// An invoicing run bills every live partner of the database, so each test gets a database of its
// own with last month invoiced, and walks the corrections up to the point it checks: a test runs
// alone and in any order (docs/architecture.md, Tests).
beforeEach(async () => {
  t = await build();
  admin = await signedInAdmin(t);
  partner = await billedPartner(t);
  await t.db.insert(hardwareOrders).values({
    companyId: partner.id,
    item: "sticker",
    quantity: 3,
    unitCents: 200,
    orderedAt: new Date(`${lastMonth}T12:00:00Z`),
  });
  await run();
}, 120_000);
afterEach(() => t.close());

describe("credit notes", () => {
  it("only the provider team issues them, with a reason, for an invoice that exists", async () => {
    const [invoice] = await invoicesOf(partner.id);
    expect((await creditNote(invoice!.id, partner.headers)).statusCode).toBe(403);
    const empty = await creditNote(invoice!.id, admin.headers, " ");
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.reason).toHaveLength(1);
    expect((await creditNote(999_999, admin.headers)).statusCode).toBe(404);
    expect((await invoicesOf(partner.id))[0]!.status).toBe("open");
  });

  it("cancels the invoice with the next number, the negated lines, a stored PDF and a mail; once only", async () => {
    const [invoice] = await invoicesOf(partner.id);
    const res = await creditNote(invoice!.id, admin.headers);
    expect(res.statusCode, res.body).toBe(201);
    const { id, number, credited_invoice_id } = res.json().data;
    expect(credited_invoice_id).toBe(invoice!.id);
    expect(serial(number)).toBe(serial(invoice!.number) + 1);

    const [original, credit] = await invoicesOf(partner.id);
    expect(original!.status).toBe("cancelled");
    // Nothing was collected yet, so nothing is refunded: the credit note is settled.
    expect(credit).toMatchObject({
      id,
      kind: "credit_note",
      refersToInvoiceId: invoice!.id,
      grossCents: -invoice!.grossCents,
      netCents: -invoice!.netCents,
      vatCents: -invoice!.vatCents,
      status: "paid",
      correctionReason: "Falsche Standortzahl",
      periodStart: invoice!.periodStart,
    });
    expect(credit!.lines.map((l) => l.totalCents)).toEqual(invoice!.lines.map((l) => -l.totalCents));
    const orders = await t.db.select().from(hardwareOrders).where(eq(hardwareOrders.companyId, partner.id));
    expect(orders.every((o) => o.invoiceId === null)).toBe(true);

    const pdf = await t.inject({ url: `/api/v2/subscription/invoices/${id}/pdf`, headers: partner.headers });
    expect(pdf.statusCode).toBe(200);
    const text = mupdf.Document.openDocument(pdf.rawPayload, "application/pdf")
      .loadPage(0)
      .toStructuredText("preserve-whitespace")
      .asText()
      .replace(/\s+/g, " ");
    expect(text).toContain(`Gutschrift / Rechnungskorrektur Nr. ${number}`);
    expect(text).toContain(invoice!.number);
    // No usage details of its own ("0 Standorte" would be wrong): those are on the invoice.
    expect(text).not.toMatch(/(?<!\d)0 (Standorte|Scans)/);

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, "credit_note"));
    expect(mails.map((m) => m.subject)).toContain(
      `Gutschrift ${number} zu Ihrer Stempla-Rechnung ${invoice!.number}`,
    );

    expect((await creditNote(invoice!.id, admin.headers)).statusCode).toBe(409);
    expect((await creditNote(id, admin.headers)).statusCode).toBe(409);
  });

  it("the month is billed again with a corrected invoice that carries the released hardware", async () => {
    const [invoice] = await invoicesOf(partner.id);
    expect((await creditNote(invoice!.id, admin.headers)).statusCode).toBe(201);
    const result = await run();
    expect(result.issued).toHaveLength(1);
    const all = await invoicesOf(partner.id);
    expect(all.map((i) => [i.kind, i.status])).toEqual([
      ["invoice", "cancelled"],
      ["credit_note", "paid"],
      ["invoice", "open"],
    ]);
    expect(serial(all[2]!.number)).toBe(serial(all[1]!.number) + 1);
    expect(all[2]!.lines.some((l) => l.kind === "hardware_sticker" && l.quantity === 3)).toBe(true);
    expect((await run()).issued).toHaveLength(0);

    const list = await t.inject({ url: "/api/v2/subscription/invoices", headers: partner.headers });
    expect(list.json().data.map((i: { title: string }) => i.title.split(" ")[0])).toEqual([
      "Rechnung",
      "Gutschrift",
      "Rechnung",
    ]);
    const console = await t.inject({
      url: `/api/admin/billing/invoices?month=${lastMonth.slice(0, 7)}`,
      headers: admin.headers,
    });
    const rows = (
      console.json().data as { kind: string; credits_number: string | null; company_id: number }[]
    ).filter((r) => r.company_id === partner.id);
    expect(rows.find((r) => r.kind === "credit_note")?.credits_number).toBe(all[0]!.number);
  });
});

describe("an issued invoice", () => {
  it("is kept as issued by the database: its content cannot be changed or deleted, its payment state can", async () => {
    const [invoice] = await invoicesOf(partner.id);
    await expect(
      t.db.execute(sql`update invoices set gross_cents = gross_cents + 1 where id = ${invoice!.id}`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`update invoices set lines = '[]'::jsonb where id = ${invoice!.id}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from invoices where id = ${invoice!.id}`)).rejects.toThrow();
    await t.db.execute(sql`update invoices set return_reason = 'note' where id = ${invoice!.id}`);
    const [after] = await invoicesOf(partner.id);
    expect(after!.grossCents).toBe(invoice!.grossCents);
    expect(after!.returnReason).toBe("note");
  });
});
