import { berlinDay, creditNoteOf, type InvoiceLine, type Locale } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { partnerRecipients, queueMails } from "../mail/service.ts";
import { creditNoteMail } from "./invoice-mail.ts";
import { type InvoiceDocument, renderInvoicePdf } from "./invoice-pdf.ts";
import { nextInvoiceNumber } from "./invoicing.ts";

interface Original {
  id: number;
  company_id: number;
  kind: "invoice" | "credit_note";
  number: string;
  status: string;
  period_start: string | null;
  period_end: string | null;
  locale: string;
  seller: InvoiceDocument["seller"];
  buyer: InvoiceDocument["buyer"];
  lines: InvoiceLine[];
  creditor_id: string | null;
}

/**
 * Cancels an issued invoice with a credit note (an issued invoice itself never changes): the same
 * lines negated, the next number of the year's sequence, its own stored PDF in the partner's
 * language, a mail to the partner. The invoice becomes `cancelled`, which frees its month for a
 * corrected invoice in the next run and releases its hardware orders to that invoice. A refund is
 * owed (credit note `open`) only when the money was collected or is being collected.
 */
export async function issueCreditNote(
  db: Database,
  invoiceId: number,
  opts: { reason: string; publicUrl: string; userId: number | null; now?: Date },
): Promise<{ id: number; number: string; credited_invoice_id: number }> {
  const issueDate = berlinDay(opts.now ?? new Date());
  return db.transaction(async (tx) => {
    const [inv] = rowsOf<Original>(
      await tx.execute(sql`
        select id::int, company_id::int, kind, number, status, to_char(period_start, 'YYYY-MM-DD') as period_start,
          to_char(period_end, 'YYYY-MM-DD') as period_end, locale, seller, buyer, lines, creditor_id
        from invoices where id = ${invoiceId} for update`),
    );
    if (!inv) throw HttpError.notFound();
    if (inv.kind !== "invoice" || inv.status === "cancelled") {
      throw new HttpError(409, { messageKey: "billing.notCancellable" });
    }
    const totals = creditNoteOf({
      lines: inv.lines,
      netCents: 0,
      vatRatePercent: 0,
      vatCents: 0,
      grossCents: 0,
    });
    const number = await nextInvoiceNumber(tx, Number(issueDate.slice(0, 4)));
    const locale: Locale = inv.locale === "en" ? "en" : "de";
    const refundDue = inv.status === "paid" || inv.status === "submitted";
    const pdf = await renderInvoicePdf({
      kind: "credit_note",
      refersToNumber: inv.number,
      number,
      issueDate,
      periodStart: inv.period_start,
      periodEnd: inv.period_end,
      debitDate: null,
      seller: inv.seller,
      buyer: inv.buyer,
      totals,
      mandateReference: null,
      creditorId: inv.creditor_id ?? "",
      locale,
      // The usage details are on the invoice it corrects; the lines say what is credited.
      scans: null,
      locations: null,
    });
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into invoices (company_id, kind, number, refers_to_invoice_id, period_start, period_end, issue_date,
          locale, seller, buyer, lines, net_cents, vat_rate_percent, vat_cents, gross_cents, creditor_id, status,
          correction_reason, created_by_user_id, pdf)
        values (${inv.company_id}, 'credit_note', ${number}, ${inv.id}, ${inv.period_start}::date, ${inv.period_end}::date,
          ${issueDate}::date, ${locale}, ${JSON.stringify(inv.seller)}::jsonb, ${JSON.stringify(inv.buyer)}::jsonb,
          ${JSON.stringify(totals.lines)}::jsonb, ${totals.netCents}, ${totals.vatRatePercent}, ${totals.vatCents},
          ${totals.grossCents}, ${inv.creditor_id}, ${refundDue ? "open" : "paid"}, ${opts.reason},
          ${opts.userId}, ${pdf})
        returning id::int`),
    );
    await tx.execute(sql`update invoices set status = 'cancelled' where id = ${inv.id}`);
    await tx.execute(sql`update hardware_orders set invoice_id = null where invoice_id = ${inv.id}`);
    const recipients = await partnerRecipients(tx, inv.company_id);
    await queueMails(
      tx,
      recipients.map((r) => ({
        template: "credit_note",
        locale,
        to: r.email,
        content: creditNoteMail(locale, {
          number,
          invoiceNumber: inv.number,
          grossCents: -totals.grossCents,
          refundDue,
          link: `${opts.publicUrl}/${locale}/invoices`,
        }),
      })),
    );
    return { id: row!.id, number, credited_invoice_id: inv.id };
  });
}
