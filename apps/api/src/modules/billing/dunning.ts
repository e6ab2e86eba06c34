import { addDays, berlinDay, defaultInterestCents, type Locale, PAYMENT } from "@stempla/domain";
import { sql } from "drizzle-orm";
import type { ProviderIdentity } from "../../config.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { partnerRecipients, queueMails } from "../mail/service.ts";
import { dunningMail } from "./dunning-mail.ts";

/** Whole days from one YYYY-MM-DD to another. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export interface DunningResult {
  dunned: number[];
}

/**
 * The payment reminder of spec section 9: an invoice still unpaid two weeks after it was due (the
 * debit date, or for invoices without a mandate the end of the 14-day payment term) is dunned once.
 * Dunning fee and default interest are damages, not a supply, so they carry no VAT and go on no
 * invoice: the reminder mail states them beside the open amount, under the invoice's number.
 * Each invoice is claimed with a conditional update in its own transaction together with its
 * mails, so runs may repeat or race and every invoice is dunned exactly once.
 */
export async function runDunning(
  db: Database,
  opts: {
    provider: Pick<ProviderIdentity, "name" | "iban" | "bic">;
    baseRatePercent: number;
    publicUrl: string;
    now?: Date;
  },
): Promise<DunningResult> {
  const now = opts.now ?? new Date();
  const today = berlinDay(now);
  const overdueSince = addDays(today, -PAYMENT.defaultAfterWeeks * 7);
  const candidates = rowsOf<{ id: number }>(
    await db.execute(sql`
      select i.id::int from invoices i
      where i.kind = 'invoice' and i.dunned_at is null and i.gross_cents > 0
        and (i.status = 'returned' or (i.status = 'open' and (i.mandate_id is null or not exists (
          -- Open under a mandate: only when no mandate is left to debit it (the next file would).
          select 1 from sepa_mandates m where m.company_id = i.company_id and m.ended_at is null))))
        and coalesce(i.debit_date, i.issue_date + ${PAYMENT.invoicePaymentTermDays}::int) <= ${overdueSince}::date
      order by i.id`),
  );
  const result: DunningResult = { dunned: [] };
  for (const { id } of candidates) {
    const done = await db.transaction(async (tx) => {
      const [claimed] = rowsOf<{
        company_id: number;
        number: string;
        gross_cents: number;
        locale: string;
        due_date: string;
        returned: boolean;
      }>(
        await tx.execute(sql`
          update invoices set status = 'dunned', dunned_at = ${now.toISOString()}::timestamptz
          where id = ${id} and status in ('open', 'returned') and dunned_at is null
          returning company_id::int, number, gross_cents, locale, returned_at is not null as returned,
            to_char(coalesce(debit_date, issue_date + ${PAYMENT.invoicePaymentTermDays}::int), 'YYYY-MM-DD') as due_date`),
      );
      if (!claimed) return false;
      const interestCents = defaultInterestCents(
        claimed.gross_cents,
        opts.baseRatePercent,
        daysBetween(claimed.due_date, today),
      );
      const locale: Locale = claimed.locale === "en" ? "en" : "de";
      const recipients = await partnerRecipients(tx, claimed.company_id);
      const content = dunningMail(locale, {
        number: claimed.number,
        grossCents: claimed.gross_cents,
        feeCents: PAYMENT.dunningFeeCents,
        interestCents,
        interestRatePercent: opts.baseRatePercent + PAYMENT.interestPointsOverBaseRate,
        dueDate: claimed.due_date,
        today,
        returned: claimed.returned,
        payee: opts.provider,
        link: `${opts.publicUrl}/${locale}/invoices`,
      });
      await queueMails(
        tx,
        recipients.map((r) => ({ template: "dunning", locale, to: r.email, content })),
      );
      return true;
    });
    if (done) result.dunned.push(id);
  }
  return result;
}
