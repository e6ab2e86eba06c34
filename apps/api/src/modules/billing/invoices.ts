import { berlinMonth, type InvoiceKind, type InvoiceStatus, type Locale, localeTag } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { BERLIN } from "../../db/berlin-time.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { masterPaysSql } from "../franchise/service.ts";

export interface InvoiceListItem {
  id: number;
  number: string;
  kind: InvoiceKind;
  title: string;
  issue_date: string;
  period_start: string | null;
  period_end: string | null;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  status: InvoiceStatus;
  debit_date: string | null;
  pdf_url: string;
}

const titles = {
  de: { invoice: "Rechnung", credit_note: "Gutschrift", nft_statement: "Gutschein-Abrechnung" },
  en: { invoice: "Invoice", credit_note: "Credit note", nft_statement: "Voucher statement" },
};

function titleOf(locale: Locale, kind: InvoiceKind, number: string, periodStart: string | null) {
  const t = titles[locale];
  const period = periodStart
    ? new Date(`${periodStart}T12:00:00Z`).toLocaleDateString(localeTag(locale), {
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      })
    : null;
  return [`${t[kind]} ${number}`, period].filter(Boolean).join(" · ");
}

/** The partner's own invoices and credit notes, newest first. */
export async function listInvoices(
  db: Database,
  companyId: number,
  locale: Locale,
  page: number,
  perPage: number,
): Promise<{ items: InvoiceListItem[]; total: number }> {
  const rows = rowsOf<{
    id: number;
    number: string;
    kind: InvoiceKind;
    issue_date: string;
    period_start: string | null;
    period_end: string | null;
    net_cents: number;
    vat_cents: number;
    gross_cents: number;
    status: InvoiceListItem["status"];
    debit_date: string | null;
    total: number;
  }>(
    await db.execute(sql`
      select id::int, number, kind, to_char(issue_date, 'YYYY-MM-DD') as issue_date,
        to_char(period_start, 'YYYY-MM-DD') as period_start, to_char(period_end, 'YYYY-MM-DD') as period_end,
        net_cents, vat_cents, gross_cents, status, to_char(debit_date, 'YYYY-MM-DD') as debit_date,
        count(*) over ()::int as total
      from invoices where company_id = ${companyId}
      order by issue_date desc, id desc
      limit ${perPage} offset ${(page - 1) * perPage}`),
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from invoices where company_id = ${companyId}`),
    );
    total = count?.n ?? 0;
  }
  return {
    total,
    items: rows.map(({ total: _, ...r }) => ({
      ...r,
      title: titleOf(locale, r.kind, r.number, r.period_start),
      pdf_url: `/api/v2/subscription/invoices/${r.id}/pdf`,
    })),
  };
}

/**
 * A franchisee's months billed on its master's collective invoice, from the month it went live up
 * to this month: the master's setting was on and the master billable, and the franchisee's contract
 * had not ended (the rule of billablePartners; docs/decisions/008-franchise-model.md, section 5).
 * Read from the setting: such a month has no invoice row of the franchisee. Null for non-franchisees.
 */
export async function collectiveMonthsOf(
  db: Database,
  companyId: number,
  now = new Date(),
): Promise<{ master_name: string; months: string[] } | null> {
  const [company] = rowsOf<{ master_id: number | null; master_name: string | null }>(
    await db.execute(sql`
      select c.master_id::int as master_id, m.name as master_name
      from companies c left join companies m on m.id = c.master_id
      where c.id = ${companyId} and c.type = 'slave'`),
  );
  if (!company?.master_id) return null;
  const rows = rowsOf<{ month: string }>(
    await db.execute(sql`
      select to_char(g.month, 'YYYY-MM-DD') as month
      from companies c
      left join terminations t on t.company_id = c.id
      cross join lateral generate_series(
        date_trunc('month', c.live_since at time zone ${BERLIN})::date,
        ${berlinMonth(now)}::date, interval '1 month') as g(month)
      where c.id = ${companyId} and c.live_since is not null
        and (t.ends_on is null or t.ends_on >= g.month::date)
        and ${masterPaysSql(sql`c.master_id`, sql`g.month::date`)}
      order by g.month`),
  );
  return { master_name: company.master_name ?? "", months: rows.map((r) => r.month) };
}

/** The stored PDF of an invoice, only for its own partner (or the provider team: companyId null). */
export async function invoicePdf(
  db: Database,
  invoiceId: number,
  companyId: number | null,
): Promise<{ pdf: Buffer; number: string; kind: string }> {
  const [row] = rowsOf<{ pdf: Uint8Array | null; number: string; kind: string }>(
    await db.execute(sql`
      select pdf, number, kind from invoices
      where id = ${invoiceId} ${companyId === null ? sql`` : sql`and company_id = ${companyId}`}`),
  );
  if (!row?.pdf) throw HttpError.notFound();
  return { pdf: Buffer.from(row.pdf), number: row.number, kind: row.kind };
}

/** A month that may be billed: YYYY-MM of a month that is over (German time). */
export function billableMonth(month: string, now = new Date()): string {
  const first = `${month}-01`;
  if (first >= berlinMonth(now)) throw HttpError.validation({ month: ["billing.monthNotOver"] });
  return first;
}

export const invoiceFileName = (kind: string, number: string, locale: Locale) =>
  `${kind === "credit_note" ? (locale === "de" ? "gutschrift" : "credit-note") : locale === "de" ? "rechnung" : "invoice"}-${number}.pdf`;
