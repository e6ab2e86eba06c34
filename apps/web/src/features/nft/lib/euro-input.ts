import type { Locale } from "@stempla/domain";

// The voucher form's prices are typed as euros ("12,50") and sent as integer cents (1250), as the
// API takes money (docs/decisions/010-coupons-and-vouchers.md, section 2, "the web converts").

/**
 * "12,50", "12.50", "12", "1.234,50", "1,234.50", "12,50 €" -> cents; "" -> null; anything else
 * (letters, three decimals, a negative sign) -> undefined, which the form reports at the field.
 * With both separators the last one is the decimal mark; with one, it is the decimal mark when one
 * or two digits follow it, else a thousands separator ("1.000" -> 100000).
 */
export function eurosToCents(text: string): number | null | undefined {
  const plain = text.replace(/[\s\u00a0€]|EUR/gi, "");
  if (plain === "") return null;
  if (!/^\d[\d.,]*$/.test(plain)) return undefined;
  const lastMark = Math.max(plain.lastIndexOf(","), plain.lastIndexOf("."));
  let whole = plain;
  let fraction = "";
  if (lastMark !== -1) {
    const after = plain.slice(lastMark + 1);
    const bothMarks = plain.includes(",") && plain.includes(".");
    if (bothMarks || after.length <= 2) {
      whole = plain.slice(0, lastMark);
      fraction = after;
      // The decimal mark once only: "12,345,6" is no amount.
      if (fraction.length === 0 || whole.includes(plain[lastMark]!)) return undefined;
    }
  }
  // What stays in the whole part are thousands separators: groups of exactly three digits.
  if (/[.,]/.test(whole) && !/^\d{1,3}([.,]\d{3})+$/.test(whole)) return undefined;
  const digits = whole.replace(/[.,]/g, "");
  if (digits.length > 9) return undefined;
  return Number(digits) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents as the field shows them for editing: 1250 -> "12,50" (de) or "12.50" (en); null -> "". */
export function centsToEuros(cents: number | null | undefined, locale: Locale): string {
  if (cents === null || cents === undefined) return "";
  const mark = locale === "de" ? "," : ".";
  return `${Math.floor(cents / 100)}${mark}${String(cents % 100).padStart(2, "0")}`;
}
