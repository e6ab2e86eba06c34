import { HARDWARE_PRICES_CENTS, PAYMENT, VAT_RATE_PERCENT } from "../constants.ts";
import { type MonthlyUsage, monthlyPrice, type PriceLineKind, vatOf } from "../pricing/monthly-price.ts";

// What goes on a monthly invoice (spec section 9): the usage price of monthlyPrice(), hardware
// ordered in the month, and a one-off early-termination fee. Everything is net cents with one VAT
// rate; VAT is computed once on the net total (decision 001).

export type HardwareItem = keyof typeof HARDWARE_PRICES_CENTS;
/** A tuple, so zod and the database column take it as their enum. */
export const HARDWARE_ITEMS = Object.keys(HARDWARE_PRICES_CENTS) as [HardwareItem, ...HardwareItem[]];

export type InvoiceLineKind = PriceLineKind | `hardware_${HardwareItem}` | "early_termination";

/**
 * A section of an invoice that bills for another company: a franchisee on its master's collective
 * invoice (`company:{id}`, its name; docs/decisions/008-franchise-model.md, section 5). A key, not
 * a franchise field, so other charges can group too.
 */
export interface InvoiceLineGroup {
  key: string;
  title: string;
}

export interface InvoiceLine {
  kind: InvoiceLineKind;
  quantity: number;
  unitCents: number;
  totalCents: number;
  /** Absent: the invoiced company's own lines. */
  group?: InvoiceLineGroup;
}

export interface InvoiceTotals {
  lines: InvoiceLine[];
  netCents: number;
  vatRatePercent: number;
  vatCents: number;
  grossCents: number;
}

export interface HardwareOrderLine {
  item: HardwareItem;
  quantity: number;
  /** The net unit price the partner ordered at. */
  unitCents: number;
}

export interface InvoiceInput {
  usage: MonthlyUsage;
  /** Quantities at today's prices. */
  hardware?: Partial<Record<HardwareItem, number>>;
  /** Orders at the price each was placed at (a price change never reprices an order). */
  hardwareOrders?: HardwareOrderLine[];
  earlyTerminationCents?: number;
}

export function composeInvoice(input: InvoiceInput): InvoiceTotals {
  const lines: InvoiceLine[] = monthlyPrice(input.usage).lines.map((l) => ({ ...l }));
  const orders: HardwareOrderLine[] = [...(input.hardwareOrders ?? [])];
  for (const item of HARDWARE_ITEMS) {
    const quantity = input.hardware?.[item] ?? 0;
    if (quantity !== 0) orders.push({ item, quantity, unitCents: HARDWARE_PRICES_CENTS[item] });
  }
  for (const o of orders) {
    if (
      !Number.isSafeInteger(o.quantity) ||
      o.quantity < 0 ||
      !Number.isSafeInteger(o.unitCents) ||
      o.unitCents < 0
    )
      throw new RangeError(`hardware ${o.item}: ${o.quantity} × ${o.unitCents}`);
  }
  // One line per item and price, items in the price list's order.
  for (const item of HARDWARE_ITEMS) {
    const byUnit = new Map<number, number>();
    for (const o of orders)
      if (o.item === item) byUnit.set(o.unitCents, (byUnit.get(o.unitCents) ?? 0) + o.quantity);
    for (const [unit, quantity] of [...byUnit].sort((a, b) => a[0] - b[0])) {
      if (quantity > 0)
        lines.push({ kind: `hardware_${item}`, quantity, unitCents: unit, totalCents: quantity * unit });
    }
  }
  const fee = input.earlyTerminationCents ?? 0;
  if (fee > 0) lines.push({ kind: "early_termination", quantity: 1, unitCents: fee, totalCents: fee });
  return totalsOf(lines);
}

export interface CollectiveInvoiceInput {
  /** The master's own usage, hardware and fee. */
  own: InvoiceInput;
  /** One per franchisee billed on the master's invoice. */
  groups: { key: string; title: string; input: InvoiceInput }[];
}

/**
 * A master's collective invoice: its own lines, then each franchisee's lines as `composeInvoice`
 * prices them alone (its pooled minimum is its own: collective invoicing changes who pays, never
 * the amount), tagged with the group; VAT once on the net total (decision 001).
 */
export function composeCollectiveInvoice(input: CollectiveInvoiceInput): InvoiceTotals {
  const lines = [...composeInvoice(input.own).lines];
  for (const g of input.groups) {
    const group = { key: g.key, title: g.title };
    for (const line of composeInvoice(g.input).lines) lines.push({ ...line, group });
  }
  return totalsOf(lines);
}

/** Net, VAT and gross of invoice lines. */
export function totalsOf(lines: InvoiceLine[]): InvoiceTotals {
  const netCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  const vatCents = vatOf(Math.abs(netCents)) * Math.sign(netCents);
  return { lines, netCents, vatRatePercent: VAT_RATE_PERCENT, vatCents, grossCents: netCents + vatCents };
}

/** A credit note cancelling an issued invoice: the same lines with negative amounts. */
export function creditNoteOf(invoice: InvoiceTotals): InvoiceTotals {
  return totalsOf(invoice.lines.map((l) => ({ ...l, unitCents: -l.unitCents, totalCents: -l.totalCents })));
}

/**
 * Default interest on an overdue gross amount (§ 288 (2) BGB: 9 percentage points over the base
 * rate, per day on a 365-day year), rounded half up to the cent.
 */
export function defaultInterestCents(grossCents: number, baseRatePercent: number, days: number): number {
  if (days <= 0 || grossCents <= 0) return 0;
  const rate = baseRatePercent + PAYMENT.interestPointsOverBaseRate;
  return Math.round((grossCents * rate * days) / (100 * 365));
}
