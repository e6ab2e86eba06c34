import {
  addDays,
  addMonths,
  berlinDay,
  berlinMonth,
  defaultInterestCents,
  formatMoney,
  PAYMENT,
} from "@stempla/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { invoices, mailOutbox } from "../../db/schema/index.ts";
import { billedPartner } from "../../test/billing.ts";
import { build, type TestApp } from "../../test/build.ts";
import type { livePartner } from "../../test/scans.ts";
import { longDayText } from "../mail/service.ts";
import { runDunning } from "./dunning.ts";
import { dunningMail } from "./dunning-mail.ts";
import { runMonthlyInvoicing } from "./invoicing.ts";
import { sepaFileProvider } from "./payment-provider.ts";

let t: TestApp;
type Live = Awaited<ReturnType<typeof livePartner>>;
let transfer: Live; // no mandate: pays by transfer within 14 days
let returned: Live; // debit returned by the bank
let collected: Live; // debit submitted, not returned
const lastMonth = addMonths(berlinMonth(new Date()), -1);
const today = berlinDay(new Date());
const BASE_RATE = 1.27;
/** Noon (Berlin) of the day `days` after today. */
const dayAfter = (days: number) => new Date(`${addDays(today, days)}T12:00:00+01:00`);

const dun = (now: Date) =>
  runDunning(t.db, {
    provider: t.config.provider,
    baseRatePercent: BASE_RATE,
    publicUrl: t.config.publicUrl,
    now,
  });

const invoiceOf = async (p: Live) =>
  (await t.db.select().from(invoices).where(eq(invoices.companyId, p.id)))[0]!;

const dunningMails = async (p: Live) => {
  const emails = rowsOf<{ email: string }>(
    await t.db.execute(sql`select email from users where company_id = ${p.id} and role = 'partner'`),
  ).map((r) => r.email);
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, "dunning"));
  return mails.filter((m) => emails.includes(m.toAddress));
};

// A dunning run takes every overdue invoice of the database, so each test gets a database of its
// own with last month invoiced and collected, and walks the runs up to the point it checks: a test
// runs alone and in any order (docs/architecture.md, Tests).
beforeEach(async () => {
  t = await build();
  transfer = await billedPartner(t, { mandate: false });
  returned = await billedPartner(t);
  collected = await billedPartner(t);
  await runMonthlyInvoicing(t.db, {
    month: lastMonth,
    provider: t.config.provider,
    publicUrl: t.config.publicUrl,
  });
  const provider = sepaFileProvider(t.config.provider);
  // Debit date is issue + 7 days.
  await provider.collect(t.db, addDays(today, 7));
  await provider.markReturned(t.db, (await invoiceOf(returned)).id, "MS03 Keine Angabe");
}, 120_000);
afterEach(() => t.close());

/** The runs that dun each invoice on its first day: the returned debit, then the transfer. */
async function dunnedOnTime() {
  expect((await dun(dayAfter(21))).dunned).toEqual([(await invoiceOf(returned)).id]);
  expect((await dun(dayAfter(28))).dunned).toEqual([(await invoiceOf(transfer)).id]);
}

describe("dunning", () => {
  it("waits two weeks after the due date", async () => {
    // Returned debit: due on the debit date (today + 7), dunned from today + 21.
    // Transfer: due at the end of the 14-day term (today + 14), dunned from today + 28.
    expect((await dun(dayAfter(20))).dunned).toEqual([]);
    expect((await dun(dayAfter(21))).dunned).toEqual([(await invoiceOf(returned)).id]);
    expect((await dun(dayAfter(27))).dunned).toEqual([]);
    expect((await dun(dayAfter(28))).dunned).toEqual([(await invoiceOf(transfer)).id]);
  });

  it("duns once: repeated and concurrent runs find nothing; a submitted debit is never dunned", async () => {
    await dunnedOnTime();
    const again = await Promise.all([dun(dayAfter(60)), dun(dayAfter(60))]);
    expect(again.flatMap((r) => r.dunned)).toEqual([]);
    expect((await invoiceOf(collected)).status).toBe("submitted");
    expect(await dunningMails(collected)).toHaveLength(0);
    for (const p of [transfer, returned]) {
      const inv = await invoiceOf(p);
      expect(inv.status).toBe("dunned");
      expect(inv.dunnedAt).toBeInstanceOf(Date);
      expect(await dunningMails(p)).toHaveLength(1);
    }
  });

  it("the reminder states the open amount, the 5 EUR fee, default interest since the due date and the total", async () => {
    await dunnedOnTime();
    const inv = await invoiceOf(transfer);
    const [mail] = await dunningMails(transfer);
    const interest = defaultInterestCents(inv.grossCents, BASE_RATE, 14);
    expect(interest).toBeGreaterThan(0);
    const text = mail!.text.replace(/\s+/g, " ");
    expect(mail!.subject).toBe(`Zahlungserinnerung zu Ihrer Stempla-Rechnung ${inv.number}`);
    expect(mail!.locale).toBe("de");
    const money = (cents: number) => formatMoney(cents, "de").replace(/\s+/g, " ");
    expect(text).toContain("Sehr geehrte Damen und Herren");
    expect(text).toContain(money(inv.grossCents));
    expect(text).toContain(money(500));
    expect(text).toContain(money(interest));
    expect(text).toContain(money(inv.grossCents + 500 + interest));
    expect(text).toContain("10,27 %");
    expect(text).toContain("nicht umsatzsteuerpflichtig");
    expect(text).not.toContain("zurückgegeben");
    expect(text).toContain(t.config.provider.iban.slice(0, 4));
    // The invoice mail without a mandate already named the account to transfer to.
    const [invoiceMail] = (
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, transfer.email))
    ).filter((m) => m.template === "invoice");
    expect(invoiceMail!.text.replace(/\s+/g, " ")).toContain(
      `auf unser Konto IBAN ${t.config.provider.iban.replace(/(.{4})/g, "$1 ").trim()}, BIC ${t.config.provider.bic}`,
    );

    // The returned debit says so; interest runs from its debit date (21 days before the reminder: 14).
    const back = await invoiceOf(returned);
    const [backMail] = await dunningMails(returned);
    const backText = backMail!.text.replace(/\s+/g, " ");
    expect(backText).toContain("Lastschrift");
    expect(backText).toContain("zurückgegeben");
    expect(backText).toContain(money(defaultInterestCents(back.grossCents, BASE_RATE, 14)));
    // No new invoice (number) was issued for fee and interest.
    const all = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, returned.id)));
    expect(all).toHaveLength(1);
  });

  it("the English reminder is formal and complete", () => {
    const mail = dunningMail("en", {
      number: "2026-000123",
      grossCents: 714,
      feeCents: 500,
      interestCents: 3,
      interestRatePercent: 10.27,
      dueDate: "2026-12-08",
      today: "2026-12-22",
      returned: true,
      payee: { name: "Stempla GmbH", iban: "DE02120300000000202051", bic: "BYLADEM1001" },
      link: "http://localhost/en/invoices",
    });
    expect(mail.subject).toBe("Payment reminder for your Stempla invoice 2026-000123");
    const all = [...mail.paragraphs, ...(mail.facts ?? []).flat()].join(" ");
    expect(all).toContain("was returned by your bank");
    expect(all).toContain(formatMoney(714 + 500 + 3, "en"));
    expect(all).toContain("DE02 1203 0000 0000 2020 51");
    expect(all).toContain("not subject to VAT");
  });

  it("asks for payment within the reminder's days, by the date that many days after it is sent", () => {
    const input = {
      number: "2026-000123",
      grossCents: 714,
      feeCents: 500,
      interestCents: 3,
      interestRatePercent: 10.27,
      dueDate: "2026-12-08",
      today: "2026-12-22",
      returned: false,
      payee: { name: "Stempla GmbH", iban: "DE02120300000000202051", bic: "BYLADEM1001" },
      link: "http://localhost/invoices",
    };
    const payBy = addDays(input.today, PAYMENT.dunningPaymentDays);
    const de = dunningMail("de", input);
    const deText = de.paragraphs.join(" ");
    expect(deText).toContain(
      `innerhalb von ${PAYMENT.dunningPaymentDays} Tagen, bis zum ${longDayText(payBy, "de")},`,
    );
    expect(deText).toContain(`(${PAYMENT.interestPointsOverBaseRate} Prozentpunkte über dem Basiszinssatz)`);
    expect(de.facts).toContainEqual(["Zahlbar bis", longDayText(payBy, "de")]);
    const en = dunningMail("en", input);
    expect(en.paragraphs.join(" ")).toContain(
      `within ${PAYMENT.dunningPaymentDays} days, by ${longDayText(payBy, "en")},`,
    );
    expect(en.facts).toContainEqual(["Pay by", longDayText(payBy, "en")]);
  });
});
