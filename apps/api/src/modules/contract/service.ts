import {
  addDays,
  berlinDay,
  CONTRACT,
  earliestContractEnd,
  earlyTerminationFeeCents,
  formatMoney,
  HARDWARE_DELIVERY_WEEKS,
  HARDWARE_FREE_AFTER_MONTHS,
  HARDWARE_ITEMS,
  HARDWARE_PRICES_CENTS,
  type HardwareItem,
  type HardwareOrderInput,
  type HardwareOrderKind,
  type HardwareShipTo,
  hardwareDeliveryBy,
  hardwareOrderTotals,
  type Locale,
  noticeDeadline,
  STARTER_KIT,
  type TerminationKind,
  termEnd,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";
import type { MailContent } from "../mail/service.ts";
import { partnerRecipients, queueMails } from "../mail/service.ts";

// Hardware shop and contract (spec section 9). The contract starts on the Berlin day the account
// went live (companies.live_since, the first approval); the dates are the domain's (packages/domain billing/contract.ts).

interface CompanyContractRow {
  type: "partner" | "master" | "slave";
  approved_at: string | null;
  notice_on: string | null;
  ends_on: string | null;
  fee_cents: number | null;
  kind: TerminationKind | null;
}

async function contractRow(db: Database, companyId: number): Promise<CompanyContractRow> {
  const [row] = rowsOf<CompanyContractRow>(
    await db.execute(sql`
      select c.type, c.live_since as approved_at, to_char(t.notice_on, 'YYYY-MM-DD') as notice_on,
        to_char(t.ends_on, 'YYYY-MM-DD') as ends_on, t.fee_cents, t.kind
      from companies c left join terminations t on t.company_id = c.id
      where c.id = ${companyId}`),
  );
  if (!row) throw HttpError.notFound();
  return row;
}

export interface ContractView {
  start: string | null;
  minimum_term_end: string | null;
  notice_months: number;
  earliest_end_if_notice_today: string | null;
  notice_deadline_for_that_end: string | null;
  early_termination_fee_cents_if_today: number;
  termination: { notice_on: string; ends_on: string; fee_cents: number; kind: TerminationKind } | null;
}

function viewOf(row: CompanyContractRow, today: string): ContractView {
  const start = row.approved_at ? berlinDay(new Date(row.approved_at)) : null;
  const earliest = start ? earliestContractEnd(start, today) : null;
  return {
    start,
    minimum_term_end: start ? termEnd(start, CONTRACT.minimumTermMonths) : null,
    notice_months: CONTRACT.noticeMonthsToQuarterEnd,
    earliest_end_if_notice_today: earliest,
    notice_deadline_for_that_end: earliest ? noticeDeadline(earliest) : null,
    // The fee follows the day the contract ends, not the day of the notice (docs/product.md, "Contract").
    early_termination_fee_cents_if_today:
      start && earliest ? earlyTerminationFeeCents(row.type, start, earliest) : 0,
    termination:
      row.notice_on && row.ends_on
        ? {
            notice_on: row.notice_on,
            ends_on: row.ends_on,
            fee_cents: row.fee_cents ?? 0,
            kind: row.kind ?? "ordinary",
          }
        : null,
  };
}

/** The partner's contract dates as they stand on `today` (a Berlin day, YYYY-MM-DD). */
export async function contractOf(
  db: Database,
  companyId: number,
  today = berlinDay(new Date()),
): Promise<ContractView> {
  return viewOf(await contractRow(db, companyId), today);
}

const dateText = (locale: Locale, day: string) =>
  locale === "de" ? day.split("-").reverse().join(".") : day;

const terminationTexts = {
  de: {
    subject: (end: string) => `Stempla: Ihre Kündigung zum ${end}`,
    intro: (end: string) =>
      `wir bestätigen den Eingang Ihrer Kündigung. Ihr Vertrag endet zum ${end}. Bis dahin können Ihre Kundinnen und Kunden weiter Punkte sammeln.`,
    noticeOn: "Kündigung eingegangen am",
    endsOn: "Vertragsende",
    fee: `Gebühr, weil der Vertrag nicht länger als ${HARDWARE_FREE_AFTER_MONTHS} Monate bestand (netto, zzgl. MwSt.)`,
    feeNote: "Die Gebühr berechnen wir mit der Rechnung des letzten Vertragsmonats.",
    extraordinary: (end: string) =>
      `wir bestätigen Ihre außerordentliche Kündigung, nachdem Ihr Franchisegeber die Sammelabrechnung ausgeschaltet hat. Ihr Vertrag endet zum ${end}; eigene Rechnungen für die Zeit danach erhalten Sie nicht. Eine Gebühr fällt nicht an.`,
    action: "Vertrag im Dashboard ansehen",
  },
  en: {
    subject: (end: string) => `Stempla: your notice of termination for ${end}`,
    intro: (end: string) =>
      `we confirm that we have received your notice. Your contract ends on ${end}. Until then your customers can keep collecting points.`,
    noticeOn: "Notice received on",
    endsOn: "End of contract",
    fee: `Fee because the contract did not last longer than ${HARDWARE_FREE_AFTER_MONTHS} months (net, plus VAT)`,
    feeNote: "We bill the fee on the invoice of the contract's last month.",
    extraordinary: (end: string) =>
      `we confirm your extraordinary termination after your franchisor switched collective invoicing off. Your contract ends on ${end}; you will not receive invoices of your own for the time after it. No fee is charged.`,
    action: "View the contract in the dashboard",
  },
} satisfies Record<Locale, unknown>;

export function terminationMail(
  locale: Locale,
  t: { notice_on: string; ends_on: string; fee_cents: number; kind: TerminationKind },
  link: string,
): MailContent {
  const x = terminationTexts[locale];
  const end = dateText(locale, t.ends_on);
  const facts: [string, string][] = [
    [x.noticeOn, dateText(locale, t.notice_on)],
    [x.endsOn, end],
  ];
  if (t.fee_cents > 0) facts.push([x.fee, formatMoney(t.fee_cents, locale)]);
  return {
    subject: x.subject(end),
    paragraphs: [
      locale === "de" ? "Guten Tag," : "Hello,",
      t.kind === "extraordinary" ? x.extraordinary(end) : x.intro(end),
    ],
    facts,
    action: { label: x.action, url: link },
    afterAction: t.fee_cents > 0 ? [x.feeNote] : [],
  };
}

/**
 * Gives notice on `today`: stores the end date and fee once (409 when notice was given before or
 * the account was never live) and mails a confirmation to the partner's logins, in one transaction.
 * An extraordinary notice (a franchisee after its master switched collective invoicing off,
 * docs/decisions/008-franchise-model.md, section 3) needs the open window of that switch-off: it
 * ends the contract on the day before the switch-off's period (also once that period has begun),
 * without a fee, and uses the window;
 * it replaces an ordinary notice that would end later.
 */
export async function terminateContract(
  db: Database,
  companyId: number,
  userId: number,
  publicUrl: string,
  opts: { expectedEnd?: string; today?: string; extraordinary?: boolean; now?: Date } = {},
): Promise<ContractView> {
  const now = opts.now ?? new Date();
  const today = opts.today ?? berlinDay(now);
  return db.transaction(async (tx) => {
    const row = await contractRow(tx, companyId);
    const view = viewOf(row, today);
    if (!view.start || !view.earliest_end_if_notice_today)
      throw new HttpError(409, { messageKey: "contract.notLive" });
    let termination: NonNullable<ContractView["termination"]>;
    if (opts.extraordinary) {
      const [window] = rowsOf<{ effective_from: string }>(
        await tx.execute(sql`
          select to_char(effective_from, 'YYYY-MM-DD') as effective_from from franchise_termination_windows
          where franchisee_company_id = ${companyId} and used_at is null
            and opens_at <= ${now.toISOString()}::timestamptz and closes_at > ${now.toISOString()}::timestamptz
          order by effective_from limit 1
          for update`),
      );
      if (!window)
        throw new HttpError(409, { code: "no_termination_window", messageKey: "termination.noWindow" });
      // Always the day before the switch-off's month, also when a switch-off in a month's last days
      // left the window open into that month: monthly prices are not prorated, so ending on the day
      // of notice would bill the leaver the very month of its own invoice the right exists to avoid.
      // That month is not invoiced before it ends, so nothing is reissued.
      termination = {
        notice_on: today,
        ends_on: addDays(window.effective_from, -1),
        fee_cents: 0,
        kind: "extraordinary",
      };
      if (view.termination && view.termination.ends_on <= termination.ends_on)
        throw new HttpError(409, { messageKey: "contract.alreadyTerminated" });
    } else {
      if (view.termination) throw new HttpError(409, { messageKey: "contract.alreadyTerminated" });
      termination = {
        notice_on: today,
        ends_on: view.earliest_end_if_notice_today,
        fee_cents: view.early_termination_fee_cents_if_today,
        kind: "ordinary",
      };
    }
    if (opts.expectedEnd && opts.expectedEnd !== termination.ends_on) {
      throw new HttpError(409, { messageKey: "contract.endChanged" });
    }
    const inserted = rowsOf<{ company_id: number }>(
      await tx.execute(sql`
        insert into terminations (company_id, notice_on, ends_on, fee_cents, by_user_id, kind)
        values (${companyId}, ${termination.notice_on}::date, ${termination.ends_on}::date,
          ${termination.fee_cents}, ${userId}, ${termination.kind})
        on conflict (company_id) do ${
          termination.kind === "extraordinary"
            ? sql`update set notice_on = excluded.notice_on, ends_on = excluded.ends_on,
                fee_cents = excluded.fee_cents, by_user_id = excluded.by_user_id, kind = excluded.kind
                where terminations.ends_on > excluded.ends_on`
            : sql`nothing`
        }
        returning company_id::int`),
    );
    // A concurrent request won the race: the same answer as a repeated one.
    if (inserted.length === 0) throw new HttpError(409, { messageKey: "contract.alreadyTerminated" });
    if (termination.kind === "extraordinary")
      await tx.execute(sql`
        update franchise_termination_windows set used_at = ${now.toISOString()}::timestamptz
        where franchisee_company_id = ${companyId} and used_at is null
          and opens_at <= ${now.toISOString()}::timestamptz and closes_at > ${now.toISOString()}::timestamptz`);
    const recipients = await partnerRecipients(tx, companyId);
    await queueMails(
      tx,
      recipients.map((r) => {
        const locale: Locale = r.locale === "en" ? "en" : "de";
        return {
          template: "contract-termination",
          locale,
          to: r.email,
          content: terminationMail(locale, termination, `${publicUrl}/${locale}/company`),
        };
      }),
    );
    return { ...view, termination };
  });
}

export interface HardwareOrderLine {
  id: number;
  item: HardwareItem;
  quantity: number;
  unit_cents: number;
  total_cents: number;
}

interface LocationAddressRow {
  id: number;
  name: string;
  street: string;
  building: string;
  postcode: string;
  city: string;
  country: string;
}

const shipToOf = (l: LocationAddressRow): HardwareShipTo => ({
  name: l.name,
  street: l.street,
  building: l.building,
  postcode: l.postcode,
  city: l.city,
  country: l.country,
});

/**
 * The starter kit (`STARTER_KIT`, free: docs/product.md, "Hardware") for every location of the
 * account that no earlier approval covered, to the location's address; called by the approval in
 * its transaction. A re-approval after a change review sends nothing for the locations approved
 * before (they got theirs, or were live before starter kits were recorded); a location added later
 * gets its kit with the approval that covers it. The unique index keeps it at one per location.
 * Returns the names of the locations a kit was sent to now.
 */
export async function shipStarterKits(
  tx: Database,
  companyId: number,
  approvedBefore: ReadonlySet<number>,
  now = new Date(),
): Promise<string[]> {
  const newLocations = rowsOf<LocationAddressRow>(
    await tx.execute(sql`
      select id::int, name, street, building, postcode, city, country from locations
      where company_id = ${companyId} order by id`),
  ).filter((l) => !approvedBefore.has(l.id));
  const shippedTo: string[] = [];
  for (const location of newLocations) {
    let rows = 0;
    for (const item of HARDWARE_ITEMS) {
      const inserted = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into hardware_orders (company_id, kind, location_id, ship_to, item, quantity, unit_cents, ordered_at)
          values (${companyId}, 'starter_kit', ${location.id}, ${JSON.stringify(shipToOf(location))}::jsonb,
            ${item}, ${STARTER_KIT[item]}, 0, ${now.toISOString()}::timestamptz)
          on conflict (location_id, item) where kind = 'starter_kit' do nothing
          returning id::int`),
      );
      rows += inserted.length;
    }
    if (rows > 0) shippedTo.push(location.name);
  }
  return shippedTo;
}

/** The partner's locations the shop sends to, the first first (the dialog's default). */
export async function hardwareDestinations(db: Database, companyId: number) {
  return rowsOf<{ id: number; name: string; address: string }>(
    await db.execute(sql`
      select id::int, name, address from locations where company_id = ${companyId} order by id`),
  );
}

/**
 * Places a hardware order: one row per item, all with the same time and location, billed by the
 * next monthly run. Only live accounts (approved) order; before that there is nothing to bill it
 * on. The location must be the partner's own (else 422 on the field, as for an unknown id).
 */
export async function orderHardware(
  db: Database,
  companyId: number,
  userId: number,
  input: HardwareOrderInput,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const [company] = rowsOf<{ approved_at: string | null; ended: boolean }>(
      await tx.execute(sql`
        select c.live_since as approved_at, coalesce(t.ends_on < ${berlinDay(now)}::date, false) as ended
        from companies c left join terminations t on t.company_id = c.id
        where c.id = ${companyId} for update of c`),
    );
    if (!company) throw HttpError.notFound();
    if (!company.approved_at) throw new HttpError(409, { messageKey: "hardware.notLive" });
    // An order after the contract's last invoice would never be billed.
    if (company.ended) throw new HttpError(409, { messageKey: "hardware.contractEnded" });
    const [location] = rowsOf<LocationAddressRow>(
      await tx.execute(sql`
        select id::int, name, street, building, postcode, city, country from locations
        where company_id = ${companyId}
          ${input.location_id === undefined ? sql`` : sql`and id = ${input.location_id}`}
        order by id limit 1`),
    );
    if (!location)
      throw new HttpError(422, {
        messageKey: "hardware.location",
        fields: { location_id: ["hardware.location"] },
      });
    const shipTo = shipToOf(location);
    const lines: HardwareOrderLine[] = [];
    for (const item of HARDWARE_ITEMS) {
      const quantity = input.items[item] ?? 0;
      if (quantity <= 0) continue;
      const unit = HARDWARE_PRICES_CENTS[item];
      const [row] = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into hardware_orders (company_id, kind, location_id, ship_to, item, quantity, unit_cents,
            ordered_by_user_id, ordered_at)
          values (${companyId}, 'shop', ${location.id}, ${JSON.stringify(shipTo)}::jsonb, ${item}, ${quantity},
            ${unit}, ${userId}, ${now.toISOString()}::timestamptz)
          returning id::int`),
      );
      lines.push({ id: row!.id, item, quantity, unit_cents: unit, total_cents: quantity * unit });
    }
    const totals = hardwareOrderTotals(input.items);
    const today = berlinDay(now);
    return {
      location_id: location.id,
      ship_to: shipTo,
      lines,
      net_cents: totals.netCents,
      vat_rate_percent: totals.vatRatePercent,
      vat_cents: totals.vatCents,
      gross_cents: totals.grossCents,
      billing: "next_invoice" as const,
      ordered_at: now.toISOString(),
      delivery_weeks: HARDWARE_DELIVERY_WEEKS,
      expected_delivery_by: hardwareDeliveryBy(today),
    };
  });
}

interface HardwareOrderRow {
  id: number;
  company_id: number;
  company_name: string;
  kind: HardwareOrderKind;
  location_id: number | null;
  ship_to: HardwareShipTo | string | null;
  street: string | null;
  building: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  item: HardwareItem;
  quantity: number;
  unit_cents: number;
  ordered_at: string;
  shipped_at: string | null;
  invoice_id: number | null;
}

/** Orders with where they go: the address as ordered, or (orders from before) the billing address. */
async function hardwareOrderRows(db: Database, where: ReturnType<typeof sql>, order: ReturnType<typeof sql>) {
  return rowsOf<HardwareOrderRow>(
    await db.execute(sql`
      select o.id::int, o.company_id::int, c.name as company_name, o.kind, o.location_id::int, o.ship_to,
        a.street, a.building, a.postcode, a.city, a.country, o.item, o.quantity, o.unit_cents,
        o.ordered_at, o.shipped_at, o.invoice_id::int
      from hardware_orders o
      join companies c on c.id = o.company_id
      left join billing_addresses a on a.company_id = o.company_id
      where ${where}
      ${order}`),
  ).map((o) => {
    // PGlite hands jsonb over parsed, node-postgres as well; a driver that gives text is read too.
    const snapshot = typeof o.ship_to === "string" ? (JSON.parse(o.ship_to) as HardwareShipTo) : o.ship_to;
    const shipTo: HardwareShipTo | null =
      snapshot ??
      (o.street === null
        ? null
        : {
            name: null,
            street: o.street,
            building: o.building ?? "",
            postcode: o.postcode ?? "",
            city: o.city ?? "",
            country: o.country ?? "",
          });
    return {
      id: o.id,
      company_id: o.company_id,
      company_name: o.company_name,
      kind: o.kind,
      location_id: o.location_id,
      ship_to: shipTo,
      item: o.item,
      quantity: o.quantity,
      unit_cents: o.unit_cents,
      total_cents: o.quantity * o.unit_cents,
      ordered_at: new Date(o.ordered_at).toISOString(),
      shipped_at: o.shipped_at ? new Date(o.shipped_at).toISOString() : null,
      billed: o.invoice_id,
    };
  });
}

/** The partner's hardware orders, starter kits included, newest first. */
export async function listHardwareOrders(db: Database, companyId: number) {
  const rows = await hardwareOrderRows(
    db,
    sql`o.company_id = ${companyId}`,
    sql`order by o.ordered_at desc, o.location_id, o.id`,
  );
  return rows.map(({ company_id: _c, company_name: _n, ...order }) => order);
}

/** For the provider team: orders (open only: not shipped yet) with the address to ship to. */
export async function adminHardwareOrders(db: Database, openOnly: boolean) {
  const rows = await hardwareOrderRows(
    db,
    openOnly ? sql`o.shipped_at is null` : sql`true`,
    sql`order by o.ordered_at, o.location_id, o.id limit 1000`,
  );
  return rows.map(({ unit_cents: _u, total_cents: _t, ...order }) => order);
}

/** Marks an order as shipped (once: a repeated call keeps the first time). 404 for unknown ids. */
export async function markHardwareShipped(db: Database, id: number, now = new Date()) {
  const [row] = rowsOf<{ shipped_at: string }>(
    await db.execute(sql`
      update hardware_orders set shipped_at = coalesce(shipped_at, ${now.toISOString()}::timestamptz)
      where id = ${id} returning shipped_at`),
  );
  if (!row) throw HttpError.notFound();
  return { id, shipped_at: new Date(row.shipped_at).toISOString() };
}
