import {
  addDays,
  addMonths,
  berlinDay,
  berlinMidnight,
  feeInvoiceTotals,
  isLocale,
  type Locale,
  type NftStatement,
  type NftType,
  type NftVatRate,
  platformFeeCents,
  splitGross,
  VAT_RATE_PERCENT,
  type VoucherPurpose,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import type { ProviderIdentity } from "../../config.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { safeErrorMessage } from "../../lib/loggable-error.ts";
import { nextInvoiceNumber } from "./invoicing.ts";
import { renderNftStatementPdf } from "./nft-statement-pdf.ts";

// The monthly voucher statement (docs/decisions/010-coupons-and-vouchers.md, section 5): per
// partner with sales, redemptions, refunds or transfers in a Berlin month, an `invoices` row of
// kind `nft_statement`, numbered from the invoice sequence and kept as issued by the invoices
// trigger. Its lines are the platform fees withheld from the month's transfers (feeInvoiceTotals:
// the gross equals what was withheld), so it is `paid` when issued and never goes into a SEPA file
// (the file builder collects kind `invoice` only). Its PDF also lists the month's sales per offer
// (single-purpose net and VAT per rate, multi-purpose gross), multi-purpose redemptions, refunds,
// transfers and what is still to be transferred. The sums come from the purchases' frozen
// net/VAT, so they equal the receipts'.

/** A month's bounds: YYYY-MM → the first Berlin instant and the first of the next month. */
function monthBounds(month: string) {
  const first = `${month}-01`;
  const next = addMonths(first, 1);
  return {
    first,
    last: addDays(next, -1),
    start: berlinMidnight(first).toISOString(),
    end: berlinMidnight(next).toISOString(),
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The month's figures of one partner (YYYY-MM), the running month included. */
export async function nftStatement(db: Database, companyId: number, month: string): Promise<NftStatement> {
  const { start, end, first } = monthBounds(month);
  const inMonth = (column: ReturnType<typeof sql>) =>
    sql`${column} >= ${start}::timestamptz and ${column} < ${end}::timestamptz`;

  const sales = rowsOf<{
    offer_id: number;
    name: string;
    type: NftType;
    purpose: VoucherPurpose;
    vat_rate: NftVatRate | null;
    receipts: number;
    count: number;
    gross_cents: number;
    net_cents: number;
    vat_cents: number;
  }>(
    await db.execute(sql`
      select p.offer_id::int as offer_id, o.name, o.type, p.purpose, p.vat_rate, count(*)::int as receipts,
        sum(p.quantity)::int as count, sum(p.gross_cents)::int as gross_cents,
        sum(p.net_cents)::int as net_cents, sum(p.vat_cents)::int as vat_cents
      from nft_purchases p join nft_offers o on o.id = p.offer_id
      where p.company_id = ${companyId} and p.state = 'paid' and ${inMonth(sql`p.paid_at`)}
      group by p.offer_id, o.name, o.type, p.purpose, p.vat_rate
      order by o.name, p.offer_id`),
  );

  const byRate = new Map<number, NftStatement["single_purpose"][number]>();
  const multi = { count: 0, gross_cents: 0 };
  for (const s of sales) {
    if (s.purpose === "single" && s.vat_rate !== null) {
      const r = byRate.get(s.vat_rate) ?? {
        vat_rate: s.vat_rate,
        count: 0,
        gross_cents: 0,
        net_cents: 0,
        vat_cents: 0,
      };
      r.count += s.count;
      r.gross_cents += s.gross_cents;
      r.net_cents += s.net_cents;
      r.vat_cents += s.vat_cents;
      byRate.set(s.vat_rate, r);
    } else {
      multi.count += s.count;
      multi.gross_cents += s.gross_cents;
    }
  }

  const redemptions = rowsOf<{ offer_id: number; name: string; count: number; value_cents: number }>(
    await db.execute(sql`
      select i.offer_id::int as offer_id, o.name, count(*)::int as count, sum(i.price_cents)::int as value_cents
      from nft_items i join nft_purchases p on p.id = i.purchase_id join nft_offers o on o.id = i.offer_id
      where i.company_id = ${companyId} and p.purpose = 'multi' and ${inMonth(sql`i.redeemed_at`)}
      group by i.offer_id, o.name order by o.name, i.offer_id`),
  );

  const refunds = rowsOf<{
    at: Date | string;
    nft_id: string | null;
    name: string;
    reason: "withdrawal" | "late_payment";
    amount_cents: number;
    purpose: VoucherPurpose;
    vat_rate: number | null;
    state: string;
  }>(
    await db.execute(sql`
      select coalesce(r.completed_at, r.created_at) as at, i.nft_id, o.name, r.reason, r.amount_cents,
        p.purpose, p.vat_rate, p.state
      from nft_refunds r join nft_purchases p on p.id = r.purchase_id join nft_offers o on o.id = p.offer_id
      left join nft_items i on i.id = r.item_id
      where p.company_id = ${companyId} and r.state = 'succeeded' and ${inMonth(sql`coalesce(r.completed_at, r.created_at)`)}
      order by 1, r.id`),
  );

  const transfers = rowsOf<{
    id: number;
    at: Date | string;
    items: number;
    amount_cents: number;
    fee_cents: number;
  }>(
    await db.execute(sql`
      select id::int, created_at as at, items, amount_cents, fee_cents from nft_transfers
      where company_id = ${companyId} and provider_transfer_id is not null and ${inMonth(sql`created_at`)}
      order by created_at, id`),
  );

  // The fees withheld this month: those of the items the month's transfers carried. A transfer
  // the provider has not confirmed (no provider_transfer_id: its call failed, or the account
  // became inactive after the claim) paid nothing out and withheld nothing yet.
  const feeRows = rowsOf<{ price_cents: number; count: number }>(
    await db.execute(sql`
      select i.price_cents, count(*)::int as count
      from nft_items i join nft_transfers t on t.id = i.transfer_id
      where t.company_id = ${companyId} and t.provider_transfer_id is not null
        and ${inMonth(sql`t.created_at`)}
      group by i.price_cents order by i.price_cents`),
  );
  const feeLines = feeRows.map((r) => {
    const fee = platformFeeCents(r.price_cents);
    return { price_cents: r.price_cents, count: r.count, fee_cents: fee, total_cents: fee * r.count };
  });
  const fees = feeInvoiceTotals(feeLines.flatMap((l) => Array<number>(l.count).fill(l.fee_cents)));

  // Sold by the month's end and neither transferred by then nor withdrawn by then; an item in a
  // transfer the provider has not confirmed is still to be paid out.
  const pending = rowsOf<{ price_cents: number; count: number }>(
    await db.execute(sql`
      select i.price_cents, count(*)::int as count
      from nft_items i join nft_purchases p on p.id = i.purchase_id
      left join nft_transfers t on t.id = i.transfer_id
      where i.company_id = ${companyId} and p.state = 'paid' and p.paid_at < ${end}::timestamptz
        and (i.withdrawn_at is null or i.withdrawn_at >= ${end}::timestamptz)
        and (t.id is null or t.provider_transfer_id is null or t.created_at >= ${end}::timestamptz)
      group by i.price_cents`),
  );
  const still = pending.reduce(
    (acc, r) => {
      const fee = platformFeeCents(r.price_cents);
      return {
        items: acc.items + r.count,
        amount_cents: acc.amount_cents + (r.price_cents - fee) * r.count,
        fee_cents: acc.fee_cents + fee * r.count,
      };
    },
    { items: 0, amount_cents: 0, fee_cents: 0 },
  );

  const [issued] = rowsOf<{ id: number; number: string; issue_date: string }>(
    await db.execute(sql`
      select id::int, number, to_char(issue_date, 'YYYY-MM-DD') as issue_date from invoices
      where company_id = ${companyId} and kind = 'nft_statement' and period_start = ${first}::date
        and status <> 'cancelled'`),
  );

  return {
    month,
    sales,
    single_purpose: [...byRate.values()].sort((a, b) => b.vat_rate - a.vat_rate),
    multi_purpose: multi,
    multi_purpose_redemptions: redemptions,
    refunds: refunds.map((r) => {
      // A withdrawn single-purpose voucher takes back exactly its own share (split per voucher).
      const split =
        r.purpose === "single" && r.vat_rate !== null ? splitGross(r.amount_cents, r.vat_rate) : null;
      return {
        at: iso(r.at),
        nft_id: r.nft_id,
        name: r.name,
        reason: r.reason,
        amount_cents: r.amount_cents,
        vat_rate: split ? r.vat_rate : null,
        vat_cents: split ? split.vatCents : null,
      };
    }),
    transfers: transfers.map((t) => ({ ...t, at: iso(t.at) })),
    fees: {
      lines: feeLines,
      net_cents: fees.netCents,
      vat_rate: fees.vatRatePercent,
      vat_cents: fees.vatCents,
      gross_cents: fees.grossCents,
    },
    still_to_transfer: still,
    statement: issued ? { ...issued, pdf_url: `/api/v2/subscription/invoices/${issued.id}/pdf` } : null,
  };
}

const hasActivity = (s: NftStatement) =>
  s.sales.length > 0 ||
  s.multi_purpose_redemptions.length > 0 ||
  s.refunds.length > 0 ||
  s.transfers.length > 0;

export interface StatementRun {
  issued: number[];
  failed: { companyId: number; error: string }[];
}

/**
 * Issues the statements of a month (`YYYY-MM-01`, as the monthly invoicing names it) for every
 * partner with voucher activity in it; a partner with its statement already is skipped (the
 * partial unique index decides between two runs at once).
 */
export async function issueNftStatements(
  db: Database,
  opts: { month: string; provider: ProviderIdentity; now?: Date },
): Promise<StatementRun> {
  const now = opts.now ?? new Date();
  const month = opts.month.slice(0, 7);
  const { start, end, first } = monthBounds(month);
  const candidates = rowsOf<{ company_id: number }>(
    await db.execute(sql`
      select c.id::int as company_id from companies c
      where not exists (select 1 from invoices s where s.company_id = c.id and s.kind = 'nft_statement'
          and s.period_start = ${first}::date and s.status <> 'cancelled')
        and (exists (select 1 from nft_purchases p where p.company_id = c.id and p.state = 'paid'
              and p.paid_at >= ${start}::timestamptz and p.paid_at < ${end}::timestamptz)
          or exists (select 1 from nft_items i where i.company_id = c.id
              and i.redeemed_at >= ${start}::timestamptz and i.redeemed_at < ${end}::timestamptz)
          or exists (select 1 from nft_refunds r join nft_purchases p on p.id = r.purchase_id
              where p.company_id = c.id and r.state = 'succeeded'
              and coalesce(r.completed_at, r.created_at) >= ${start}::timestamptz
              and coalesce(r.completed_at, r.created_at) < ${end}::timestamptz)
          or exists (select 1 from nft_transfers t where t.company_id = c.id
              and t.provider_transfer_id is not null and t.created_at >= ${start}::timestamptz and t.created_at < ${end}::timestamptz))
      order by c.id`),
  );
  const run: StatementRun = { issued: [], failed: [] };
  for (const { company_id: companyId } of candidates) {
    try {
      const id = await issueStatement(db, companyId, month, opts.provider, now);
      if (id !== undefined) run.issued.push(id);
    } catch (error) {
      run.failed.push({ companyId, error: safeErrorMessage(error) });
    }
  }
  return run;
}

async function issueStatement(
  db: Database,
  companyId: number,
  month: string,
  provider: ProviderIdentity,
  now: Date,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    // The partner's row lock makes racing runs take turns; the second finds the statement.
    await tx.execute(sql`select id from companies where id = ${companyId} for update`);
    const data = await nftStatement(tx, companyId, month);
    if (data.statement || !hasActivity(data)) return undefined;
    const { first, last } = monthBounds(month);
    const [buyer] = rowsOf<{
      name: string;
      street: string | null;
      building: string | null;
      postcode: string | null;
      city: string | null;
      country: string | null;
      vat_id: string | null;
      locale: string;
    }>(
      await tx.execute(sql`
        select c.name, a.street, a.building, a.postcode, a.city, a.country, c.vat_id, c.locale
        from companies c left join billing_addresses a on a.company_id = c.id where c.id = ${companyId}`),
    );
    const locale: Locale = isLocale(buyer?.locale) ? buyer.locale : "de";
    const issueDate = berlinDay(now);
    const number = await nextInvoiceNumber(tx, Number(issueDate.slice(0, 4)));
    const seller = {
      name: provider.name,
      street: provider.street,
      postcode: provider.postcode,
      city: provider.city,
      email: provider.email,
      phone: provider.phone,
      register: provider.register,
      vatId: provider.vatId,
      managingDirectors: provider.managingDirectors,
    };
    const buyerData = {
      name: buyer?.name ?? "",
      street: [buyer?.street, buyer?.building].filter(Boolean).join(" "),
      postcode: buyer?.postcode ?? "",
      city: buyer?.city ?? "",
      country: buyer?.country ?? "DE",
      ...(buyer?.vat_id ? { vatId: buyer.vat_id } : {}),
    };
    const lines = data.fees.lines.map((l) => ({
      kind: "nft_platform_fee",
      quantity: l.count,
      unitCents: l.fee_cents,
      totalCents: l.total_cents,
      detail: String(l.price_cents),
    }));
    const pdf = await renderNftStatementPdf({
      number,
      issueDate,
      periodStart: first,
      periodEnd: last,
      locale,
      seller,
      buyer: buyerData,
      data,
    });
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into invoices (company_id, kind, number, period_start, period_end, issue_date, locale, seller, buyer,
          lines, net_cents, vat_rate_percent, vat_cents, gross_cents, status, paid_at, pdf)
        values (${companyId}, 'nft_statement', ${number}, ${first}::date, ${last}::date, ${issueDate}::date, ${locale},
          ${JSON.stringify(seller)}::jsonb, ${JSON.stringify(buyerData)}::jsonb, ${JSON.stringify(lines)}::jsonb,
          ${data.fees.net_cents}, ${VAT_RATE_PERCENT}, ${data.fees.vat_cents}, ${data.fees.gross_cents}, 'paid',
          ${now.toISOString()}::timestamptz, ${pdf})
        returning id::int`),
    );
    return row!.id;
  });
}
