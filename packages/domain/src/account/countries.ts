/** Countries a partner's billing address may be in (SEPA area neighbours first); ISO 3166-1 alpha-2. */
export const BILLING_COUNTRIES = ["DE", "AT", "CH", "LU", "NL", "BE", "FR", "IT", "DK", "PL", "CZ"] as const;
export type BillingCountry = (typeof BILLING_COUNTRIES)[number];

/** Postal code shapes per country; anything else is refused with "postcode.invalid". */
export const POSTCODE_PATTERNS: Record<BillingCountry, RegExp> = {
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  LU: /^(L-)?\d{4}$/i,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  BE: /^\d{4}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  DK: /^\d{4}$/,
  PL: /^\d{2}-\d{3}$/,
  CZ: /^\d{3} ?\d{2}$/,
};
