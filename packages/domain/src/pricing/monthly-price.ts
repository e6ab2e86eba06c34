import {
  DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION,
  INCLUDED_SCANS_PER_LOCATION,
  MINIMUM_MONTHLY_CENTS_PER_LOCATION,
  PRICE_PER_SCAN_CENTS,
  VAT_RATE_PERCENT,
} from "../constants.ts";

export interface MonthlyUsage {
  /** Locations active in the month. */
  locations: number;
  /** Customer scans across all locations in the month. */
  scans: number;
  /** Locations with the digital menu switched on. */
  digitalMenuLocations: number;
}

export type PriceLineKind = "location_minimum" | "extra_scans" | "digital_menu";

export interface PriceLine {
  kind: PriceLineKind;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

export interface MonthlyPrice {
  lines: PriceLine[];
  /** Scans covered by the pooled per-location minimum. */
  includedScans: number;
  netCents: number;
  vatRatePercent: number;
  vatCents: number;
  grossCents: number;
}

/** VAT on a net amount in cents, rounded half up to whole cents (as German invoices do per rate). */
export function vatOf(netCents: number, ratePercent: number = VAT_RATE_PERCENT): number {
  return Math.floor((netCents * ratePercent + 50) / 100);
}

/**
 * The monthly price of an account (spec section 9): every location costs at least 6 EUR, which
 * covers 50 scans; the included scans are pooled across the partner's locations, and each scan
 * beyond the pool costs 0.04 EUR. The digital menu costs 36 EUR per location where it is on.
 * Example: 2 locations and 102 scans = 12.00 + 2 x 0.04 = 12.08 EUR net.
 */
export function monthlyPrice(usage: MonthlyUsage): MonthlyPrice {
  const locations = wholeNonNegative(usage.locations, "locations");
  const scans = wholeNonNegative(usage.scans, "scans");
  const menus = wholeNonNegative(usage.digitalMenuLocations, "digitalMenuLocations");
  if (menus > locations) throw new RangeError("digitalMenuLocations cannot exceed locations");

  const includedScans = locations * INCLUDED_SCANS_PER_LOCATION;
  const extraScans = Math.max(0, scans - includedScans);
  const lines: PriceLine[] = [];
  if (locations > 0) {
    lines.push(line("location_minimum", locations, MINIMUM_MONTHLY_CENTS_PER_LOCATION));
  }
  if (extraScans > 0) lines.push(line("extra_scans", extraScans, PRICE_PER_SCAN_CENTS));
  if (menus > 0) lines.push(line("digital_menu", menus, DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION));

  const netCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  const vatCents = vatOf(netCents);
  return {
    lines,
    includedScans,
    netCents,
    vatRatePercent: VAT_RATE_PERCENT,
    vatCents,
    grossCents: netCents + vatCents,
  };
}

function line(kind: PriceLineKind, quantity: number, unitCents: number): PriceLine {
  return { kind, quantity, unitCents, totalCents: quantity * unitCents };
}

function wholeNonNegative(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of at least 0, got ${value}`);
  }
  return value;
}
