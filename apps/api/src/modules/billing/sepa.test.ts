import { addDays, addMonths, berlinDay, berlinMonth } from "@stempla/domain";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { invoices, sepaMandates } from "../../db/schema/index.ts";
import { billedPartner } from "../../test/billing.ts";
import { build, type TestApp } from "../../test/build.ts";
import { pain008Schema } from "../../test/pain008-schema.ts";
import { signedInAdmin } from "../../test/review.ts";
import type { livePartner } from "../../test/scans.ts";
import { runDunning } from "./dunning.ts";
import { runMonthlyInvoicing } from "./invoicing.ts";
import { sepaFileProvider } from "./payment-provider.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
type Live = Awaited<ReturnType<typeof livePartner>>;
let withMandate: Live[] = [];
let withoutMandate: Live;
const lastMonth = addMonths(berlinMonth(new Date()), -1);
const today = berlinDay(new Date());
const debitDay = addDays(today, 7);

/** A minimal element tree of the generated XML (no comments, CDATA or mixed content there). */
interface Node {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: Node[];
}

function parse(xml: string): Node {
  const root: Node = { name: "#root", attrs: {}, text: "", children: [] };
  const stack = [root];
  const re = /<(\/?)([A-Za-z][\w:.-]*)([^>]*?)(\/?)>|([^<]+)/g;
  const body = xml.replace(/^<\?xml[^>]*\?>/, "");
  for (const m of body.matchAll(re)) {
    const top = stack[stack.length - 1]!;
    if (m[5] !== undefined) {
      top.text += m[5]
        .replaceAll("&lt;", "<")
        .replaceAll("&gt;", ">")
        .replaceAll("&quot;", '"')
        .replaceAll("&apos;", "'")
        .replaceAll("&amp;", "&");
      continue;
    }
    if (m[1]) {
      expect(stack.pop()!.name).toBe(m[2]);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of m[3]!.matchAll(/([\w:.-]+)="([^"]*)"/g)) attrs[a[1]!] = a[2]!;
    const node: Node = { name: m[2]!, attrs, text: "", children: [] };
    top.children.push(node);
    if (!m[4]) stack.push(node);
  }
  return root.children[0]!;
}

/** All nodes at a slash-separated path below `node`. */
function all(node: Node, path: string): Node[] {
  let level = [node];
  for (const step of path.split("/")) level = level.flatMap((n) => n.children.filter((c) => c.name === step));
  return level;
}
const one = (node: Node, path: string): Node => {
  const found = all(node, path);
  expect(found, path).toHaveLength(1);
  return found[0]!;
};
const text = (node: Node, path: string) => one(node, path).text;

async function expectValidPain008(xml: string) {
  const result = await validateXML({
    xml: { fileName: "debit.xml", contents: xml },
    schema: { fileName: "pain.008.001.02.xsd", contents: pain008Schema() },
  });
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

const collect = (dueUntil?: string, headers: Record<string, string> = admin.headers) =>
  t.inject({
    method: "POST",
    url: "/api/admin/billing/sepa",
    headers,
    payload: dueUntil ? { due_until: dueUntil } : {},
  });

// A collection takes every due invoice of the database, so each test gets a database of its own
// with last month invoiced, and walks the collections up to the point it checks: a test runs
// alone and in any order (docs/architecture.md, Tests).
beforeEach(async () => {
  t = await build();
  admin = await signedInAdmin(t);
  withMandate = [await billedPartner(t), await billedPartner(t)];
  withoutMandate = await billedPartner(t, { mandate: false });
  await runMonthlyInvoicing(t.db, {
    month: lastMonth,
    provider: t.config.provider,
    publicUrl: t.config.publicUrl,
  });
}, 120_000);
afterEach(() => t.close());

/** The first collection of last month's invoices, as the console starts it. */
async function collectedOnce() {
  const res = await collect(debitDay);
  expect(res.statusCode, res.body).toBe(200);
}

describe("SEPA direct-debit file", () => {
  it("partners cannot use the payment endpoints of the console", async () => {
    const p = withMandate[0]!;
    expect((await collect(debitDay, p.headers)).statusCode).toBe(403);
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.companyId, p.id));
    for (const what of ["returned", "paid"]) {
      const res = await t.inject({
        method: "POST",
        url: `/api/admin/billing/invoices/${inv!.id}/${what}`,
        headers: p.headers,
        payload: { reason: "x" },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.inject({ url: "/api/admin/billing/sepa/files", headers: p.headers })).statusCode).toBe(
      403,
    );
    expect((await t.db.select().from(invoices).where(eq(invoices.id, inv!.id)))[0]!.status).toBe("open");
  });

  it("a due date that is not a day answers 422 on the field", async () => {
    for (const due_until of ["x", "2026-02-30", "2026-1-1"]) {
      const res = await collect(due_until);
      expect(res.statusCode, `${due_until}: ${res.body}`).toBe(422);
      expect(res.json().errors).toEqual({
        due_until: ["Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT ein."],
      });
    }
  });

  it("nothing is due before the debit date: 409 with a message, nothing submitted", async () => {
    const res = await collect(undefined);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Lastschrift/);
    const submitted = await t.db.select().from(invoices).where(eq(invoices.status, "submitted"));
    expect(submitted).toHaveLength(0);
  });

  it("collects exactly the due invoices with a mandate into a pain.008.001.02 file valid against the banks' XSD", async () => {
    const res = await collect(debitDay);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="stempla-lastschrift-(.*)\.xml"; filename\*=UTF-8''stempla-lastschrift-\1\.xml$/,
    );
    const xml = res.body;

    await expectValidPain008(xml);

    const doc = parse(xml);
    expect(doc.name).toBe("Document");
    expect(doc.attrs.xmlns).toBe("urn:iso:std:iso:20022:tech:xsd:pain.008.001.02");
    const init = one(doc, "CstmrDrctDbtInitn");

    const expected = await t.db
      .select()
      .from(invoices)
      .where(sql`${invoices.companyId} in (${withMandate[0]!.id}, ${withMandate[1]!.id})`);
    expect(expected).toHaveLength(2);
    const txs = all(init, "PmtInf/DrctDbtTxInf");
    expect(txs.map((tx) => text(tx, "PmtId/EndToEndId")).sort()).toEqual(
      expected.map((i) => i.number).sort(),
    );
    const sum = expected.reduce((s, i) => s + i.grossCents, 0);
    expect(text(init, "GrpHdr/NbOfTxs")).toBe(String(expected.length));
    expect(text(init, "GrpHdr/CtrlSum")).toBe((sum / 100).toFixed(2));
    expect(text(init, "GrpHdr/InitgPty/Nm")).toBe(t.config.provider.name);

    for (const info of all(init, "PmtInf")) {
      expect(text(info, "PmtMtd")).toBe("DD");
      expect(text(info, "PmtTpInf/SvcLvl/Cd")).toBe("SEPA");
      expect(text(info, "PmtTpInf/LclInstrm/Cd")).toBe("CORE");
      // Both mandates are collected for the first time.
      expect(text(info, "PmtTpInf/SeqTp")).toBe("FRST");
      expect(text(info, "ReqdColltnDt")).toBe(debitDay);
      expect(text(info, "Cdtr/Nm")).toBe(t.config.provider.name);
      expect(text(info, "CdtrAcct/Id/IBAN")).toBe(t.config.provider.iban);
      expect(text(info, "CdtrSchmeId/Id/PrvtId/Othr/Id")).toBe(t.config.provider.creditorId);
      const infoTxs = all(info, "DrctDbtTxInf");
      expect(text(info, "NbOfTxs")).toBe(String(infoTxs.length));
      expect(Number(text(info, "CtrlSum"))).toBeCloseTo(
        infoTxs.reduce((s, tx) => s + Number(text(tx, "InstdAmt")), 0),
        2,
      );
    }

    for (const inv of expected) {
      const tx = txs.find((x) => text(x, "PmtId/EndToEndId") === inv.number)!;
      const [mandate] = await t.db.select().from(sepaMandates).where(eq(sepaMandates.id, inv.mandateId!));
      const amount = one(tx, "InstdAmt");
      expect(amount.attrs.Ccy).toBe("EUR");
      expect(amount.text).toBe((inv.grossCents / 100).toFixed(2));
      expect(text(tx, "DrctDbtTx/MndtRltdInf/MndtId")).toBe(mandate!.reference);
      expect(text(tx, "DrctDbtTx/MndtRltdInf/DtOfSgntr")).toBe(berlinDay(mandate!.signedAt));
      expect(text(tx, "Dbtr/Nm")).toBe(mandate!.accountHolder);
      expect(text(tx, "DbtrAcct/Id/IBAN")).toBe(mandate!.iban.replace(/\s+/g, ""));
      expect(text(tx, "RmtInf/Ustrd")).toBe(`Stempla Rechnung ${inv.number}`);
    }

    // The invoice without a mandate is not in the file and stays open; the others are submitted.
    const statuses = await t.db
      .select({ companyId: invoices.companyId, status: invoices.status })
      .from(invoices);
    expect(statuses.find((s) => s.companyId === withoutMandate.id)!.status).toBe("open");
    expect(statuses.filter((s) => s.status === "submitted")).toHaveLength(2);
    expect(txs.some((tx) => text(tx, "PmtId/EndToEndId").length === 0)).toBe(false);

    // The file can be downloaded again, byte for byte.
    const files = await t.inject({ url: "/api/admin/billing/sepa/files", headers: admin.headers });
    const [latest] = files.json().data as { id: number; transactions: number; control_sum_cents: number }[];
    expect(latest).toMatchObject({ transactions: 2, control_sum_cents: sum });
    const again = await t.inject({
      url: `/api/admin/billing/sepa/files/${latest!.id}`,
      headers: admin.headers,
    });
    expect(again.body).toBe(xml);
  });

  it("a second collection finds nothing due", async () => {
    await collectedOnce();
    const res = await collect(addDays(debitDay, 30));
    expect(res.statusCode).toBe(409);
  });

  it("a returned debit is marked returned (only once submitted); paid afterwards", async () => {
    await collectedOnce();
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.companyId, withMandate[0]!.id));
    const mark = (id: number, what: "returned" | "paid") =>
      t.inject({
        method: "POST",
        url: `/api/admin/billing/invoices/${id}/${what}`,
        headers: admin.headers,
        payload: what === "returned" ? { reason: "AC04 Konto erloschen" } : undefined,
      });
    const returned = await mark(inv!.id, "returned");
    expect(returned.statusCode).toBe(200);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, inv!.id));
    expect(row).toMatchObject({ status: "returned", returnReason: "AC04 Konto erloschen" });
    expect(row!.returnedAt).toBeInstanceOf(Date);
    expect((await mark(inv!.id, "returned")).statusCode).toBe(409);
    const [open] = await t.db.select().from(invoices).where(eq(invoices.companyId, withoutMandate.id));
    expect((await mark(open!.id, "returned")).statusCode).toBe(409);
    expect((await mark(999_999, "returned")).statusCode).toBe(404);

    expect((await mark(inv!.id, "paid")).statusCode).toBe(200);
    expect((await t.db.select().from(invoices).where(eq(invoices.id, inv!.id)))[0]!.status).toBe("paid");
    expect((await mark(inv!.id, "paid")).statusCode).toBe(409);
    // Within the 8-week refund period a booked debit can still come back (the partner objected).
    expect((await mark(inv!.id, "returned")).statusCode).toBe(200);
    expect((await t.db.select().from(invoices).where(eq(invoices.id, inv!.id)))[0]!.status).toBe("returned");
    expect((await mark(inv!.id, "paid")).statusCode).toBe(200);
    await t.db.execute(sql`update invoices set paid_at = now() - interval '9 weeks' where id = ${inv!.id}`);
    expect((await mark(inv!.id, "returned")).statusCode).toBe(409);
  });

  it("a mandate's next collection is RCUR; the provider interface returns the invoice ids", async () => {
    await collectedOnce();
    // Next month's invoice of the same partners.
    await runMonthlyInvoicing(t.db, {
      month: addMonths(lastMonth, -1),
      provider: t.config.provider,
      publicUrl: t.config.publicUrl,
    });
    const provider = sepaFileProvider(t.config.provider);
    const later = new Date(Date.now() + 20 * 86_400_000);
    const result = await provider.collect(t.db, addDays(today, 30), { now: later });
    expect(result).not.toBeNull();
    expect(result!.invoiceIds).toHaveLength(2);
    const doc = parse(result!.file.toString("utf8"));
    const infos = all(doc, "CstmrDrctDbtInitn/PmtInf");
    expect(infos.map((i) => text(i, "PmtTpInf/SeqTp"))).toEqual(["RCUR"]);
    await expectValidPain008(result!.file.toString("utf8"));
    // The debit date has passed by then: the collection is requested for the next day.
    expect(text(infos[0]!, "ReqdColltnDt")).toBe(addDays(berlinDay(later), 1));
    expect(await provider.collect(t.db, addDays(today, 30), { now: later })).toBeNull();
  });

  it("after a change of bank account the open invoice is debited from the new account, and never dunned meanwhile", async () => {
    const p = await billedPartner(t);
    const month = addMonths(lastMonth, -1);
    await runMonthlyInvoicing(t.db, { month, provider: t.config.provider, publicUrl: t.config.publicUrl });
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.companyId, p.id));
    expect(inv!.status).toBe("open");
    const change = await t.inject({
      method: "PUT",
      url: "/api/v2/subscription/payment-method",
      headers: p.headers,
      payload: { account_holder: "Neues Konto GmbH", iban: "DE89370400440532013000", mandate_accepted: true },
    });
    expect(change.statusCode, change.body).toBe(200);
    const [current] = await t.db
      .select()
      .from(sepaMandates)
      .where(sql`${sepaMandates.companyId} = ${p.id} and ${sepaMandates.endedAt} is null`);

    const dunned = await runDunning(t.db, {
      provider: t.config.provider,
      baseRatePercent: 1.27,
      publicUrl: t.config.publicUrl,
      now: new Date(Date.now() + 40 * 86_400_000),
    });
    expect(dunned.dunned).not.toContain(inv!.id);

    const result = await sepaFileProvider(t.config.provider).collect(t.db, addDays(today, 60), {
      now: new Date(Date.now() + 40 * 86_400_000),
    });
    expect(result!.invoiceIds).toContain(inv!.id);
    const xml = result!.file.toString("utf8");
    await expectValidPain008(xml);
    const tx = all(parse(xml), "CstmrDrctDbtInitn/PmtInf/DrctDbtTxInf").find(
      (x) => text(x, "PmtId/EndToEndId") === inv!.number,
    )!;
    expect(text(tx, "DbtrAcct/Id/IBAN")).toBe("DE89370400440532013000");
    expect(text(tx, "DrctDbtTx/MndtRltdInf/MndtId")).toBe(current!.reference);
    expect(text(tx, "Dbtr/Nm")).toBe("Neues Konto GmbH");
  });
});
