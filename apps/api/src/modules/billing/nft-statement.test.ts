import { feeInvoiceTotals, NFT, platformFeeCents, splitGross } from "@stempla/domain";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invoices, nftItems, nftPurchases, nftTransfers } from "../../db/schema/index.ts";
import { signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import {
  type OfferRow,
  paidPurchase,
  redeemedAt,
  type Sale,
  type SellingPartner,
  sellingOffer,
  sellingPartner,
  withdrawnAt,
} from "../../test/nft-sales.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { appCustomer, type Customer } from "../../test/scans.ts";
import { receiptPdf } from "../nft/receipt-pdf.ts";
import { runDueTransfers } from "../payments/service.ts";
import { runMonthlyInvoicing } from "./invoicing.ts";
import { nftStatement } from "./nft-statement.ts";
import { sepaFileProvider } from "./payment-provider.ts";

// A café's March 2027 of voucher business (docs/decisions/010-coupons-and-vouchers.md, section 5
// and section 9 item 6): single-purpose sales at 19 % and 7 %, multi-purpose sales and
// redemptions, a withdrawal and two payouts; the statement's sums equal the receipts', it is
// issued with the monthly invoicing as a paid invoice of kind nft_statement, kept as issued and
// never collected by direct debit.

let t: TestApp;
let cafe: SellingPartner;
let kim: Customer;
let offers: Record<"brunch" | "breakfast" | "cash" | "dinner", OfferRow>;
let sales: Record<"febCash" | "brunch" | "breakfast" | "cash" | "dinner" | "lateBrunch", Sale>;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await build();
  cafe = await sellingPartner(t);
  kim = await appCustomer(t);
  offers = {
    brunch: await sellingOffer(t, cafe, {
      type: "voucher",
      name: "Brunch für zwei",
      priceCents: 2500,
      vatRate: 19,
      purpose: "single",
    }),
    breakfast: await sellingOffer(t, cafe, {
      type: "voucher",
      name: "Frühstück",
      priceCents: 1190,
      vatRate: 7,
      purpose: "single",
    }),
    cash: await sellingOffer(t, cafe, {
      type: "cash_voucher",
      name: "Wertgutschein 50 €",
      priceCents: 5000,
      vatRate: null,
      purpose: "multi",
    }),
    dinner: await sellingOffer(t, cafe, {
      type: "voucher",
      name: "Dinner mit Wein",
      priceCents: 4000,
      vatRate: null,
      purpose: "multi",
    }),
  };
  const buy = (offer: OfferRow, quantity: number, when: string) =>
    paidPurchase(t, offer, {
      companyId: cafe.id,
      appUserId: kim.id,
      wallet: kim.wallet,
      quantity,
      at: at(when),
    });
  sales = {
    febCash: await buy(offers.cash, 1, "2027-02-20T10:00:00Z"),
    brunch: await buy(offers.brunch, 2, "2027-03-03T10:00:00Z"),
    breakfast: await buy(offers.breakfast, 3, "2027-03-05T10:00:00Z"),
    cash: await buy(offers.cash, 1, "2027-03-10T10:00:00Z"),
    dinner: await buy(offers.dinner, 2, "2027-03-12T10:00:00Z"),
    lateBrunch: await buy(offers.brunch, 1, "2027-03-30T10:00:00Z"),
  };
  // April's sale is not March's.
  await buy(offers.brunch, 1, "2027-03-31T22:30:00Z");
  await redeemedAt(t, sales.febCash.items[0]!.id, cafe.locationId, at("2027-03-02T12:00:00Z"));
  await redeemedAt(t, sales.brunch.items[0]!.id, cafe.locationId, at("2027-03-04T12:00:00Z"));
  await redeemedAt(t, sales.dinner.items[0]!.id, cafe.locationId, at("2027-03-15T19:00:00Z"));
  await withdrawnAt(t, sales.breakfast, sales.breakfast.items[2]!.id, at("2027-03-08T09:00:00Z"));
  for (const now of ["2027-03-20T10:00:00Z", "2027-03-31T10:00:00Z"]) {
    const run = await runDueTransfers(t.db, at(now));
    expect(run.failed).toEqual([]);
  }
});

const statement = (headers: Record<string, string> = cafe.headers, month = "2027-03") =>
  t.inject({ url: `/api/v2/subscription/nft-statements/${month}`, headers });

describe("the voucher statement", () => {
  it("adds up the month: sales per offer, VAT per rate as on the receipts, redemptions, refunds, payouts, fees", async () => {
    const res = await statement();
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(
      s.sales.map((x: { name: string; count: number; gross_cents: number }) => [
        x.name,
        x.count,
        x.gross_cents,
      ]),
    ).toEqual([
      ["Brunch für zwei", 3, 7500],
      ["Dinner mit Wein", 2, 8000],
      ["Frühstück", 3, 3570],
      ["Wertgutschein 50 €", 1, 5000],
    ]);

    // Single-purpose VAT per rate equals the sum of the March receipts' frozen net and VAT.
    const purchases = await t.db.select().from(nftPurchases).where(eq(nftPurchases.companyId, cafe.id));
    const march = purchases.filter(
      (p) => p.paidAt! >= at("2027-02-28T23:00:00Z") && p.paidAt! < at("2027-03-31T22:00:00Z"),
    );
    for (const rate of [19, 7]) {
      const receipts = march.filter((p) => p.purpose === "single" && p.vatRate === rate);
      const row = s.single_purpose.find((r: { vat_rate: number }) => r.vat_rate === rate);
      expect(row).toEqual({
        vat_rate: rate,
        count: receipts.reduce((n, p) => n + p.quantity, 0),
        gross_cents: receipts.reduce((n, p) => n + p.grossCents, 0),
        net_cents: receipts.reduce((n, p) => n + p.netCents, 0),
        vat_cents: receipts.reduce((n, p) => n + p.vatCents, 0),
      });
    }
    // 19 %: 3 × 25.00 = 3 × (21.01 + 3.99); 7 %: 3 × 11.90 = 3 × (11.12 + 0.78).
    expect(s.single_purpose).toEqual([
      { vat_rate: 19, count: 3, gross_cents: 7500, net_cents: 6303, vat_cents: 1197 },
      { vat_rate: 7, count: 3, gross_cents: 3570, net_cents: 3336, vat_cents: 234 },
    ]);
    expect(s.multi_purpose).toEqual({ count: 3, gross_cents: 13_000 });
    // Redemptions of multi-purpose vouchers in March, also of one sold in February; not the brunch.
    expect(
      s.multi_purpose_redemptions.map((r: { name: string; count: number; value_cents: number }) => [
        r.name,
        r.count,
        r.value_cents,
      ]),
    ).toEqual([
      ["Dinner mit Wein", 1, 4000],
      ["Wertgutschein 50 €", 1, 5000],
    ]);
    expect(s.refunds).toEqual([
      expect.objectContaining({
        nft_id: sales.breakfast.items[2]!.nftId,
        reason: "withdrawal",
        amount_cents: 1190,
        vat_rate: 7,
        vat_cents: splitGross(1190, 7).vatCents,
      }),
    ]);
    // 20 March: February's cash voucher, the redeemed brunch, the redeemed dinner and those past their
    // withdrawal period (the second brunch, two breakfasts); 31 March: the cash voucher and the second
    // dinner (its period ended after Easter). The withdrawn breakfast never.
    const f = platformFeeCents;
    expect(
      s.transfers.map((x: { items: number; fee_cents: number; amount_cents: number }) => [
        x.items,
        x.fee_cents,
        x.amount_cents,
      ]),
    ).toEqual([
      [
        6,
        f(5000) + 2 * f(2500) + 2 * f(1190) + f(4000),
        5000 + 2 * 2500 + 2 * 1190 + 4000 - (f(5000) + 2 * f(2500) + 2 * f(1190) + f(4000)),
      ],
      [2, f(5000) + f(4000), 9000 - f(5000) - f(4000)],
    ]);
    const withheld = [f(5000), f(2500), f(2500), f(1190), f(1190), f(4000), f(5000), f(4000)];
    const totals = feeInvoiceTotals(withheld);
    expect(s.fees).toMatchObject({
      net_cents: totals.netCents,
      vat_cents: totals.vatCents,
      gross_cents: totals.grossCents,
      vat_rate: 19,
    });
    expect(s.fees.gross_cents).toBe(
      s.transfers.reduce((n: number, x: { fee_cents: number }) => n + x.fee_cents, 0),
    );
    // Sold by the end of March and not paid out yet: the brunch of 30 March.
    expect(s.still_to_transfer).toEqual({ items: 1, amount_cents: 2500 - f(2500), fee_cents: f(2500) });
  });

  it("gives each receipt the partner as seller, its number, the NFT ids, the VAT or the multi-purpose sentence and the withdrawal deadline", async () => {
    const brunch = pdfText(await receiptPdf(t.db, sales.brunch.id)).text;
    expect(sales.brunch.receiptNumber).toMatch(new RegExp(`^STG-${cafe.id}-2027-\\d+$`));
    expect(brunch).toContain(`Quittung ${sales.brunch.receiptNumber}`);
    expect(brunch).toContain(cafe.user.company.name);
    expect(brunch).toContain(t.config.provider.name);
    for (const item of sales.brunch.items) expect(brunch).toContain(item.nftId);
    expect(brunch).toContain("Umsatzsteuer 19 % 7,98 €");
    expect(brunch).toContain("Nettobetrag 42,02 €");
    expect(brunch).toContain("Gesamtbetrag 50,00 €");
    // Bought Wednesday 3 March 2027: the period ends with Wednesday 17 March.
    expect(brunch).toContain(`innerhalb von ${NFT.withdrawalDays} Tagen`);
    expect(brunch).toContain("endet am 17.03.2027");
    const dinner = pdfText(await receiptPdf(t.db, sales.dinner.id)).text;
    expect(dinner).toContain("Mehrzweck-Gutschein: Umsatzsteuer fällt bei Einlösung an.");
    expect(dinner).not.toContain("Nettobetrag");
    // February's receipt was the year's first; the numbers have no gaps.
    const numbers = Object.values(sales).map((x) => Number(x.receiptNumber.split("-").pop()));
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("is issued on the 2nd with the invoices, paid, kept as issued, listed with the invoices and never debited", async () => {
    // The running month's figures have no statement yet.
    expect((await statement()).json().data.statement).toBeNull();
    const run = await runMonthlyInvoicing(t.db, {
      month: "2027-03-01",
      provider: t.config.provider,
      publicUrl: t.config.publicUrl,
      now: at("2027-04-02T05:00:00Z"),
    });
    expect(run.failed).toEqual([]);
    expect(run.statements).toHaveLength(1);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, run.statements![0]!));
    const data = (await statement()).json().data;
    expect(row).toMatchObject({
      companyId: cafe.id,
      kind: "nft_statement",
      status: "paid",
      periodStart: "2027-03-01",
      periodEnd: "2027-03-31",
      issueDate: "2027-04-02",
      grossCents: data.fees.gross_cents,
      netCents: data.fees.net_cents,
      vatCents: data.fees.vat_cents,
      vatRatePercent: 19,
      debitDate: null,
      mandateId: null,
    });
    expect(row!.lines.reduce((n, l) => n + l.totalCents, 0)).toBe(row!.grossCents);
    expect(data.statement).toMatchObject({ id: row!.id, number: row!.number });

    const text = pdfText(row!.pdf!).text;
    expect(text).toContain(`Gutschein-Abrechnung ${row!.number}`);
    expect(text).toContain("Mehrzweck-Gutschein: Umsatzsteuer fällt bei Einlösung an.");
    expect(text).toContain("Brunch für zwei");
    expect(text).toContain(sales.breakfast.items[2]!.nftId);
    expect(text).toContain("5 % des Preises zuzüglich 0,25 €");

    // Once: the next run issues nothing more.
    const again = await runMonthlyInvoicing(t.db, {
      month: "2027-03-01",
      provider: t.config.provider,
      publicUrl: t.config.publicUrl,
      now: at("2027-04-02T07:00:00Z"),
    });
    expect(again.statements).toEqual([]);

    // Kept as issued: the database refuses a change of its amounts or its removal.
    await expect(
      t.db.execute(sql`update invoices set gross_cents = 1 where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from invoices where id = ${row!.id}`)).rejects.toThrow();

    // Listed with the invoices, in the partner's language, with its PDF.
    const list = await t.inject({ url: "/api/v2/subscription/invoices", headers: cafe.headers });
    const listed = list.json().data.find((i: { id: number }) => i.id === row!.id);
    expect(listed).toMatchObject({ kind: "nft_statement", status: "paid", gross_cents: row!.grossCents });
    expect(listed.title).toContain("Gutschein-Abrechnung");
    const pdf = await t.inject({ url: listed.pdf_url, headers: cafe.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const other = await signedInPartner(t);
    expect((await t.inject({ url: listed.pdf_url, headers: other.headers })).statusCode).toBe(404);

    // Never in a direct-debit file, even when everything else is due.
    const sepa = sepaFileProvider(t.config.provider);
    const file = await sepa.collect(t.db, "2099-12-31", { now: at("2027-04-20T08:00:00Z") });
    expect(file?.invoiceIds ?? []).not.toContain(row!.id);
    const [after] = await t.db.select().from(invoices).where(eq(invoices.id, row!.id));
    expect(after!.status).toBe("paid");
    expect(after!.sepaFileId).toBeNull();
  });

  it("shows another partner only its own month, and refuses a month that is none", async () => {
    const other = await signedInPartner(t);
    const res = await statement(other.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ sales: [], transfers: [], refunds: [], statement: null });
    const bad = await statement({ ...cafe.headers, "content-language": "en" }, "2027-13");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.month).toEqual(["Please choose a month in the format YYYY-MM."]);
    expect((await statement({}, "2027-03")).statusCode).toBe(401);
  });

  it("shows a transfer the provider has not confirmed as still to be paid out, not as paid out", async () => {
    // A partner of its own, so the café's month stays as asserted above.
    const bar = await sellingPartner(t);
    const drinks = await sellingOffer(t, bar, {
      type: "voucher",
      name: "Cocktailabend",
      priceCents: 2500,
      vatRate: null,
      purpose: "multi",
    });
    const sale = await paidPurchase(t, drinks, {
      companyId: bar.id,
      appUserId: kim.id,
      wallet: kim.wallet,
      quantity: 1,
      at: at("2027-06-02T10:00:00Z"),
    });
    // Claimed, but the provider call failed (or the account became inactive): no provider id.
    const [claimed] = await t.db
      .insert(nftTransfers)
      .values({
        companyId: bar.id,
        provider: "sandbox",
        amountCents: 2500 - platformFeeCents(2500),
        feeCents: platformFeeCents(2500),
        items: 1,
        createdAt: at("2027-06-25T10:00:00Z"),
      })
      .returning({ id: nftTransfers.id });
    await t.db.update(nftItems).set({ transferId: claimed!.id }).where(eq(nftItems.purchaseId, sale.id));
    const s = await nftStatement(t.db, bar.id, "2027-06");
    expect(s.transfers).toEqual([]);
    expect(s.fees.gross_cents).toBe(0);
    expect(s.still_to_transfer).toEqual({
      items: 1,
      amount_cents: 2500 - platformFeeCents(2500),
      fee_cents: platformFeeCents(2500),
    });
  });
});
