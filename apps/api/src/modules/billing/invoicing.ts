import {
  addDays,
  addMonths,
  berlinDay,
  composeCollectiveInvoice,
  composeInvoice,
  type HardwareItem,
  type InvoiceInput,
  type InvoiceTotals,
  type Locale,
  PAYMENT,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import type { ProviderIdentity } from "../../config.ts";
import { BERLIN } from "../../db/berlin-time.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { safeErrorMessage } from "../../lib/loggable-error.ts";
import { masterPaysSql } from "../franchise/service.ts";
import { partnerRecipients, queueMails } from "../mail/service.ts";
import { invoiceMail } from "./invoice-mail.ts";
import { type InvoiceDocument, renderInvoicePdf } from "./invoice-pdf.ts";
import { issueNftStatements } from "./nft-statement.ts";

export interface BillablePartner {
  companyId: number;
  name: string;
  type: "partner" | "master" | "slave";
  locale: Locale;
  locations: number;
  scans: number;
  hardware: Partial<Record<HardwareItem, number>>;
  /** Every hardware order this invoice bills: its own and its groups' (they get its invoice_id). */
  hardwareOrderIds: number[];
  earlyTerminationCents: number;
  /** Franchisees billed on this master's collective invoice (docs/decisions/008-franchise-model.md, section 5). */
  groups: BillableGroup[];
  totals: InvoiceTotals;
  alreadyIssued: boolean;
}

export interface BillableGroup {
  companyId: number;
  name: string;
  locations: number;
  scans: number;
  input: InvoiceInput;
}

interface MonthBounds {
  /** First day of the month, YYYY-MM-01. */
  start: string;
  /** First day of the next month. */
  next: string;
}

const bounds = (month: string): MonthBounds => ({ start: month, next: addMonths(month, 1) });

/** The invoice key of a franchisee's lines on its master's invoice. */
export const groupKeyOf = (companyId: number) => `company:${companyId}`;

/**
 * Who is billed for a month and for what: partners live before the month ended whose contract had
 * not ended before it began. Scans come from the statistics aggregates (exact, scan by scan);
 * locations count when they existed in the month, digital menus when booked on any day of it;
 * hardware ordered in the shop until the month's end and not billed yet (starter kits are free:
 * docs/product.md, "Hardware"); the early-termination fee on the invoice of the contract's last month.
 * A franchisee whose master has collective invoicing on for the month and is billable in it gets
 * no invoice of its own: it is a group on the master's (docs/decisions/008-franchise-model.md,
 * section 5). `onlyCompanyId` reads one candidate (a master with its groups).
 */
export async function billablePartners(
  db: Database,
  month: string,
  onlyCompanyId?: number,
): Promise<BillablePartner[]> {
  const b = bounds(month);
  const rows = rowsOf<{
    company_id: number;
    name: string;
    type: "partner" | "master" | "slave";
    master_id: number | null;
    locale: string;
    locations: number;
    menus: number;
    scans: number;
    ends_on: string | null;
    fee_cents: number | null;
    issued: boolean;
    collective: boolean;
  }>(
    await db.execute(sql`
      with billable as (
        select c.id, c.name, c.type, c.master_id, c.locale, t.ends_on, t.fee_cents
        from companies c
        left join terminations t on t.company_id = c.id
        where c.live_since is not null
          and c.live_since < (${b.next}::date::timestamp at time zone ${BERLIN})
          and (t.ends_on is null or t.ends_on >= ${b.start}::date)
      )
      select c.id::int as company_id, c.name, c.type, c.master_id::int as master_id, c.locale,
        (select count(*)::int from locations l where l.company_id = c.id
           and l.created_at < (${b.next}::date::timestamp at time zone ${BERLIN})) as locations,
        (select count(distinct d.location_id)::int from digital_menu_bookings d where d.company_id = c.id
           and d.starts_on < ${b.next}::date and (d.ends_on is null or d.ends_on >= ${b.start}::date)) as menus,
        coalesce((select m.collects from stats_months m
           where m.company_id = c.id and m.location_id = 0 and m.month = ${b.start}::date), 0)::int as scans,
        to_char(c.ends_on, 'YYYY-MM-DD') as ends_on, c.fee_cents,
        exists (select 1 from invoices i where i.company_id = c.id and i.period_start = ${b.start}::date
           and i.kind = 'invoice' and i.status <> 'cancelled') as issued,
        (c.type = 'slave' and ${masterPaysSql(sql`c.master_id`, b.start)}) as collective
      from billable c
      ${onlyCompanyId === undefined ? sql`` : sql`where c.id = ${onlyCompanyId} or c.master_id = ${onlyCompanyId}`}
      order by c.id`),
  );
  const orders = rowsOf<{
    id: number;
    company_id: number;
    item: HardwareItem;
    quantity: number;
    unit_cents: number;
  }>(
    await db.execute(sql`
      select id::int, company_id::int, item, quantity, unit_cents from hardware_orders
      where invoice_id is null and kind <> 'starter_kit'
        and ordered_at < (${b.next}::date::timestamp at time zone ${BERLIN})
        ${
          onlyCompanyId === undefined
            ? sql``
            : sql`and company_id in (select id from companies where id = ${onlyCompanyId} or master_id = ${onlyCompanyId})`
        }`),
  );
  const billOf = (r: (typeof rows)[number]) => {
    const own = orders.filter((o) => o.company_id === r.company_id);
    const hardware: Partial<Record<HardwareItem, number>> = {};
    for (const o of own) hardware[o.item] = (hardware[o.item] ?? 0) + o.quantity;
    const lastMonth = r.ends_on !== null && r.ends_on < b.next;
    const earlyTerminationCents = lastMonth ? (r.fee_cents ?? 0) : 0;
    const input: InvoiceInput = {
      usage: { locations: r.locations, scans: r.scans, digitalMenuLocations: r.menus },
      hardwareOrders: own.map((o) => ({ item: o.item, quantity: o.quantity, unitCents: o.unit_cents })),
      earlyTerminationCents,
    };
    return { hardware, orderIds: own.map((o) => o.id), earlyTerminationCents, input };
  };
  // A franchisee already billed alone for the month (never, while the setting is fixed before the
  // month begins) stays alone: nothing is billed twice.
  const grouped = (r: (typeof rows)[number]) => r.collective && !r.issued;
  const groupsOf = new Map<number, BillableGroup[]>();
  const groupOrders = new Map<number, number[]>();
  for (const r of rows) {
    if (!grouped(r) || r.master_id === null) continue;
    const bill = billOf(r);
    groupsOf.set(r.master_id, [
      ...(groupsOf.get(r.master_id) ?? []),
      { companyId: r.company_id, name: r.name, locations: r.locations, scans: r.scans, input: bill.input },
    ]);
    groupOrders.set(r.master_id, [...(groupOrders.get(r.master_id) ?? []), ...bill.orderIds]);
  }
  return rows
    .filter((r) => !grouped(r))
    .filter((r) => onlyCompanyId === undefined || r.company_id === onlyCompanyId)
    .map((r) => {
      const bill = billOf(r);
      const groups = groupsOf.get(r.company_id) ?? [];
      return {
        companyId: r.company_id,
        name: r.name,
        type: r.type,
        locale: r.locale === "en" ? "en" : "de",
        locations: r.locations,
        scans: r.scans,
        hardware: bill.hardware,
        hardwareOrderIds: [...bill.orderIds, ...(groupOrders.get(r.company_id) ?? [])],
        earlyTerminationCents: bill.earlyTerminationCents,
        groups,
        totals:
          groups.length === 0
            ? composeInvoice(bill.input)
            : composeCollectiveInvoice({
                own: bill.input,
                groups: groups.map((g) => ({ key: groupKeyOf(g.companyId), title: g.name, input: g.input })),
              }),
        alreadyIssued: r.issued,
      };
    });
}

export interface RunResult {
  month: string;
  issued: number[];
  skipped: number;
  /** Partners whose invoice could not be issued: nothing of theirs was written; the next run retries. */
  failed: { companyId: number; name: string; error: string }[];
  /** The month's voucher statements issued with the invoices (nft-statement.ts). */
  statements?: number[];
}

/**
 * Bills every partner for `month` (YYYY-MM-01), each in its own transaction: the invoice number is
 * taken from the year's counter in that transaction, so numbers stay gapless and ascending even
 * when runs race or crash; a partner already billed for the month is skipped, so running the month
 * again bills nothing twice and, after a crash, continues where it stopped. A partner whose
 * invoice fails (bad data, a PDF error) is rolled back, number included, and reported; the
 * others are still billed.
 */
export async function runMonthlyInvoicing(
  db: Database,
  opts: {
    month: string;
    provider: ProviderIdentity;
    publicUrl: string;
    now?: Date;
    /** Tests: runs after each partner's commit (a crash there stops the whole run). */
    afterEach?: (companyId: number) => void;
    /** Tests: runs inside each partner's transaction once its invoice is written. */
    beforeCommit?: (companyId: number) => void;
  },
): Promise<RunResult> {
  const now = opts.now ?? new Date();
  const issueDate = berlinDay(now);
  const candidates = await billablePartners(db, opts.month);
  const result: RunResult = { month: opts.month, issued: [], skipped: 0, failed: [] };
  for (const candidate of candidates) {
    if (candidate.alreadyIssued) {
      result.skipped++;
      continue;
    }
    let id: number | undefined;
    try {
      id = await issueFor(candidate);
    } catch (error) {
      result.failed.push({
        companyId: candidate.companyId,
        name: candidate.name,
        error: safeErrorMessage(error),
      });
      continue;
    }
    if (id === undefined) result.skipped++;
    else result.issued.push(id);
    opts.afterEach?.(candidate.companyId);
  }
  // The voucher statements of the same month go out with the invoices (decision 010, section 5);
  // a failed one is retried by the next run like an invoice.
  const statements = await issueNftStatements(db, { month: opts.month, provider: opts.provider, now });
  result.statements = statements.issued;
  for (const f of statements.failed) result.failed.push({ ...f, name: "voucher statement" });
  return result;

  function issueFor(candidate: BillablePartner): Promise<number | undefined> {
    return db.transaction(async (tx) => {
      // The partner's row lock makes racing runs take turns; the second sees the invoice and stops.
      // A master then locks its franchisees (by id, so two runs never wait on each other in turn):
      // none of them is billed alone meanwhile (docs/decisions/008-franchise-model.md, section 5).
      await tx.execute(sql`select id from companies where id = ${candidate.companyId} for update`);
      if (candidate.type === "master")
        await tx.execute(
          sql`select id from companies where master_id = ${candidate.companyId} order by id for update`,
        );
      const [done] = rowsOf(
        await tx.execute(sql`
          select 1 from invoices where company_id = ${candidate.companyId}
            and period_start = ${opts.month}::date and kind = 'invoice' and status <> 'cancelled'`),
      );
      if (done) return undefined;
      // Re-read inside the lock: hardware ordered meanwhile belongs on this invoice or the next, never both.
      const [fresh] = await billablePartners(tx, opts.month, candidate.companyId);
      if (!fresh) return undefined;
      const id = await issueInvoice(tx, fresh, { ...opts, issueDate });
      opts.beforeCommit?.(candidate.companyId);
      return id;
    });
  }
}

/** The next number of the year's one sequence (invoices and credit notes), in the caller's transaction. */
export async function nextInvoiceNumber(tx: Database, year: number): Promise<string> {
  const [row] = rowsOf<{ last: number }>(
    await tx.execute(sql`
      insert into invoice_numbers (year, last) values (${year}, 1)
      on conflict (year) do update set last = invoice_numbers.last + 1
      returning last`),
  );
  return `${year}-${String(row!.last).padStart(6, "0")}`;
}

async function issueInvoice(
  tx: Database,
  p: BillablePartner,
  opts: { month: string; provider: ProviderIdentity; publicUrl: string; issueDate: string },
): Promise<number> {
  const [buyer] = rowsOf<{
    name: string;
    street: string;
    building: string;
    postcode: string;
    city: string;
    country: string;
    vat_id: string | null;
    mandate_id: number | null;
    reference: string | null;
  }>(
    await tx.execute(sql`
      select c.name, a.street, a.building, a.postcode, a.city, a.country, c.vat_id,
        m.id::int as mandate_id, m.reference
      from companies c
      left join billing_addresses a on a.company_id = c.id
      left join lateral (select id, reference from sepa_mandates s
        where s.company_id = c.id and s.ended_at is null order by s.signed_at desc limit 1) m on true
      where c.id = ${p.companyId}`),
  );
  const number = await nextInvoiceNumber(tx, Number(opts.issueDate.slice(0, 4)));
  const debitDate = addDays(opts.issueDate, PAYMENT.sepaDebitAfterDays);
  const seller = {
    name: opts.provider.name,
    street: opts.provider.street,
    postcode: opts.provider.postcode,
    city: opts.provider.city,
    email: opts.provider.email,
    phone: opts.provider.phone,
    register: opts.provider.register,
    vatId: opts.provider.vatId,
    managingDirectors: opts.provider.managingDirectors,
    iban: opts.provider.iban,
    bic: opts.provider.bic,
  };
  const buyerData: InvoiceDocument["buyer"] = {
    name: buyer?.name ?? p.name,
    street: buyer ? `${buyer.street} ${buyer.building}` : "",
    postcode: buyer?.postcode ?? "",
    city: buyer?.city ?? "",
    country: buyer?.country ?? "DE",
    ...(buyer?.vat_id ? { vatId: buyer.vat_id } : {}),
  };
  const periodEnd = addDays(addMonths(opts.month, 1), -1);
  const invoice = {
    number,
    issueDate: opts.issueDate,
    periodStart: opts.month,
    periodEnd,
    debitDate: buyer?.reference ? debitDate : null,
    seller,
    buyer: buyerData,
    totals: p.totals,
    mandateReference: buyer?.reference ?? null,
    creditorId: opts.provider.creditorId,
    locale: p.locale,
    scans: p.scans,
    locations: p.locations,
    groupUsage: Object.fromEntries(
      p.groups.map((g) => [groupKeyOf(g.companyId), { locations: g.locations, scans: g.scans }]),
    ),
  };
  const pdf = await renderInvoicePdf(invoice);
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into invoices (company_id, kind, number, period_start, period_end, issue_date, debit_date, locale,
        seller, buyer, lines, net_cents, vat_rate_percent, vat_cents, gross_cents, mandate_id, mandate_reference,
        creditor_id, pdf)
      values (${p.companyId}, 'invoice', ${number}, ${opts.month}::date, ${periodEnd}::date, ${opts.issueDate}::date,
        ${invoice.debitDate}::date, ${p.locale}, ${JSON.stringify(seller)}::jsonb, ${JSON.stringify(buyerData)}::jsonb,
        ${JSON.stringify(p.totals.lines)}::jsonb, ${p.totals.netCents}, ${p.totals.vatRatePercent}, ${p.totals.vatCents},
        ${p.totals.grossCents}, ${buyer?.mandate_id ?? null}, ${buyer?.reference ?? null}, ${opts.provider.creditorId}, ${pdf})
      returning id::int`),
  );
  const recipients = await partnerRecipients(tx, p.companyId);
  await queueMails(
    tx,
    recipients.map((r) => ({
      template: "invoice",
      locale: p.locale,
      to: r.email,
      content: invoiceMail(p.locale, {
        number,
        grossCents: p.totals.grossCents,
        debitDate: invoice.debitDate,
        mandateReference: invoice.mandateReference,
        creditorId: opts.provider.creditorId,
        payee: { iban: opts.provider.iban, bic: opts.provider.bic },
        link: `${opts.publicUrl}/${p.locale}/invoices`,
      }),
    })),
  );
  await tx.execute(sql`update invoices set pre_notified_at = now() where id = ${row!.id}`);
  if (p.hardwareOrderIds.length > 0) {
    await tx.execute(sql`
      update hardware_orders set invoice_id = ${row!.id}
      where id in (${sql.join(
        p.hardwareOrderIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  }
  return row!.id;
}
