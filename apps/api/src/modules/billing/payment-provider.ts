import { addDays, berlinDay, PAYMENT } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { Document as SepaDocument } from "sepa";
import type { ProviderIdentity } from "../../config.ts";
import { BERLIN } from "../../db/berlin-time.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";

/** A file (or, for other providers, a receipt) that hands due invoices to the payment provider. */
export interface Collection {
  /** The stored file's id, to download it again. */
  id: number;
  file: Buffer;
  fileName: string;
  contentType: string;
  invoiceIds: number[];
}

/**
 * How the invoices of partners with a mandate get paid. The built-in provider writes SEPA
 * direct-debit files the team uploads to the bank; a payment service with an API would implement
 * the same three operations.
 */
export interface PaymentProvider {
  readonly name: string;
  /**
   * Collects every open invoice with a mandate whose debit date is on or before `dueUntil`
   * (YYYY-MM-DD) and marks it submitted in the same transaction, so nothing is collected twice.
   * Null when nothing is due.
   */
  collect(
    db: Database,
    dueUntil: string,
    opts?: { now?: Date; userId?: number | null },
  ): Promise<Collection | null>;
  /** The bank returned the debit (no funds, or the partner's objection within the 8-week refund period). */
  markReturned(db: Database, invoiceId: number, reason: string): Promise<void>;
  /** Money received (the debit was booked, or the partner transferred it); for a credit note, refunded. */
  markPaid(db: Database, invoiceId: number): Promise<void>;
}

export type SepaCreditor = Pick<ProviderIdentity, "name" | "creditorId" | "iban" | "bic">;

interface DueInvoice {
  id: number;
  number: string;
  gross_cents: number;
  debit_date: string;
  mandate_id: number;
  reference: string;
  account_holder: string;
  iban: string;
  signed_on: string;
  used: boolean;
}

/** The library formats dates with local-time getters: give it local midnight of the Berlin day. */
const localDay = (day: string) => {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y!, m! - 1, d!);
};

const compactDay = (day: string) => day.replaceAll("-", "");

/**
 * The built-in provider: SEPA core direct-debit files, pain.008.001.02 (the format German banks
 * accept for EBICS and online-banking uploads), built with the `sepa` library.
 */
export function sepaFileProvider(creditor: SepaCreditor): PaymentProvider {
  return {
    name: "sepa-file",

    async collect(db, dueUntil, opts = {}) {
      const now = opts.now ?? new Date();
      // A CORE debit must reach the bank at least one business day before its collection date, so
      // a debit date already passed (file made late) is requested for tomorrow instead.
      const earliest = addDays(berlinDay(now), 1);
      return db.transaction(async (tx) => {
        // Row locks: a racing second download waits, re-checks `status` and finds nothing.
        // An invoice issued under a mandate is debited under the partner's mandate in force now:
        // after a change of bank account the open invoices go to the new account, not nowhere.
        const due = rowsOf<DueInvoice>(
          await tx.execute(sql`
            select i.id::int, i.number, i.gross_cents, to_char(i.debit_date, 'YYYY-MM-DD') as debit_date,
              m.id::int as mandate_id, m.reference, m.account_holder, m.iban,
              to_char(m.signed_at at time zone ${BERLIN}, 'YYYY-MM-DD') as signed_on,
              exists (select 1 from invoices u where u.mandate_id = m.id and u.sepa_file_id is not null) as used
            from invoices i join sepa_mandates m on m.company_id = i.company_id and m.ended_at is null
            where i.status = 'open' and i.kind = 'invoice' and i.gross_cents > 0 and i.mandate_id is not null
              and i.debit_date is not null and i.debit_date <= ${dueUntil}::date
            order by i.debit_date, i.number
            for update of i`),
        );
        if (due.length === 0) return null;

        const [file] = rowsOf<{ id: number }>(
          await tx.execute(sql`
            insert into sepa_files (message_id, file_name, due_until, transactions, control_sum_cents, xml,
              created_by_user_id)
            values (${`pending-${crypto.randomUUID()}`}, '', ${dueUntil}::date, ${due.length},
              ${due.reduce((s, i) => s + i.gross_cents, 0)}, '', ${opts.userId ?? null})
            returning id::int`),
        );
        const messageId = `STEMPLA-${compactDay(berlinDay(now))}-${file!.id}`;
        const fileName = `stempla-lastschrift-${compactDay(berlinDay(now))}-${file!.id}.xml`;
        const xml = sepaXml(creditor, messageId, due, earliest, now);
        await tx.execute(sql`
          update sepa_files set message_id = ${messageId}, file_name = ${fileName}, xml = ${xml}
          where id = ${file!.id}`);
        const ids = due.map((i) => i.id);
        await tx.execute(sql`
          update invoices set status = 'submitted', sepa_file_id = ${file!.id}
          where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`);
        return {
          id: file!.id,
          file: Buffer.from(xml, "utf8"),
          fileName,
          contentType: "application/xml",
          invoiceIds: ids,
        };
      });
    },

    async markReturned(db, invoiceId, reason) {
      const [row] = rowsOf(
        await db.execute(sql`
          update invoices set status = 'returned', returned_at = now(), return_reason = ${reason}, paid_at = null
          where id = ${invoiceId} and sepa_file_id is not null and (status = 'submitted'
            -- A debit booked as paid can still come back: the partner may object for 8 weeks.
            or (status = 'paid' and paid_at > now() - ${`${PAYMENT.sepaRefundWeeks} weeks`}::interval))
          returning id`),
      );
      if (!row) throw await notFoundOr(db, invoiceId, "billing.notSubmitted");
    },

    async markPaid(db, invoiceId) {
      const [row] = rowsOf(
        await db.execute(sql`
          update invoices set status = 'paid', paid_at = now()
          where id = ${invoiceId} and status in ('open', 'submitted', 'returned', 'dunned')
          returning id`),
      );
      if (!row) throw await notFoundOr(db, invoiceId, "billing.notPayable");
    },
  };
}

async function notFoundOr(
  db: Database,
  invoiceId: number,
  key: "billing.notSubmitted" | "billing.notPayable",
): Promise<HttpError> {
  const [exists] = rowsOf(await db.execute(sql`select 1 from invoices where id = ${invoiceId}`));
  return exists ? new HttpError(409, { messageKey: key }) : HttpError.notFound();
}

/**
 * One PmtInf per collection date and sequence type (the library, like the format, carries the
 * sequence type per PmtInf): FRST for a mandate's first collection, RCUR afterwards.
 */
function sepaXml(
  creditor: SepaCreditor,
  messageId: string,
  due: DueInvoice[],
  earliest: string,
  now: Date,
): string {
  const doc = new SepaDocument("pain.008.001.02");
  doc.grpHdr.id = messageId;
  doc.grpHdr.created = now;
  doc.grpHdr.initiatorName = creditor.name.slice(0, 70);
  const blocks = new Map<string, ReturnType<SepaDocument["createPaymentInfo"]>>();
  // A mandate used twice in one file is first FRST, then RCUR.
  const firstSeen = new Set<number>();
  for (const inv of due) {
    const date = inv.debit_date < earliest ? earliest : inv.debit_date;
    const sequence = inv.used || firstSeen.has(inv.mandate_id) ? "RCUR" : "FRST";
    firstSeen.add(inv.mandate_id);
    const key = `${date}/${sequence}`;
    let info = blocks.get(key);
    if (!info) {
      info = doc.createPaymentInfo();
      info.collectionDate = localDay(date);
      info.localInstrumentation = "CORE";
      info.sequenceType = sequence;
      info.batchBooking = true;
      info.creditorName = creditor.name.slice(0, 70);
      info.creditorId = creditor.creditorId;
      info.creditorIBAN = creditor.iban;
      info.creditorBIC = creditor.bic;
      doc.addPaymentInfo(info);
      blocks.set(key, info);
    }
    const tx = info.createTransaction();
    tx.debtorName = inv.account_holder.slice(0, 70);
    tx.debtorIBAN = inv.iban.replace(/\s+/g, "").toUpperCase();
    tx.mandateId = inv.reference;
    tx.mandateSignatureDate = localDay(inv.signed_on);
    tx.amount = inv.gross_cents / 100;
    tx.currency = "EUR";
    tx.end2endId = inv.number;
    tx.remittanceInfo = `Stempla Rechnung ${inv.number}`;
    info.addTransaction(tx);
  }
  return doc.toString();
}
