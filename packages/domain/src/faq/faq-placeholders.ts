import {
  ACCOUNT,
  CARD_POINTS,
  CONTENT_LIMITS,
  CONTRACT,
  DEFAULT_AVERAGE_RECEIPT_CENTS,
  DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION,
  EARLY_TERMINATION_FEE_CENTS,
  FRANCHISE,
  HARDWARE_DELIVERY_WEEKS,
  HARDWARE_FREE_AFTER_MONTHS,
  HARDWARE_PRICES_CENTS,
  HISTORY_MONTHS,
  HISTORY_WEEKS,
  INCLUDED_SCANS_PER_LOCATION,
  MARKETING,
  MINIMUM_MONTHLY_CENTS_PER_LOCATION,
  PAYMENT,
  PRICE_PER_SCAN_CENTS,
  REVIEW,
  SUGGESTED_POINTS,
  SUPPORT,
  VAT_RATE_PERCENT,
} from "../constants.ts";
import { type Locale, localeTag } from "../locales.ts";
import { NFT } from "../nft/constants.ts";
import { formatMoney } from "../number-format.ts";
import { monthlyPrice } from "../pricing/monthly-price.ts";
import { FAQ_PLACEHOLDER_NAMES, type FaqPlaceholderName } from "./faq-placeholder-names.ts";

/**
 * The numbers FAQ answers state, written as `{name}` and filled in from the constants when an
 * answer is converted, so the FAQ cannot disagree with the prices, terms and deadlines the
 * product works with (docs/architecture.md, "FAQ"). A placeholder is only the number, formatted
 * for the reader ("6,00 €" / "€6.00", "19 %" / "19%"); the words around it ("Monate",
 * "working days") are the text's, so German can decline them.
 */

/**
 * The worked examples of the FAQ: two locations with two scans beyond their pooled included
 * scans (spec section 9's 12,08 € example), and a month of 380 returning customers' scans at the
 * assumed average receipt. Only the example's counts are fixed here; every price comes from the
 * constants through the pricing function.
 */
const PRICE_EXAMPLE = { locations: 2, extraScans: 2 } as const;
const REVENUE_EXAMPLE_SCANS = 380;

// Money here is formatted as on the pricing page (formatMoney); numbers and dates with localeTag().

const priceExample = (() => {
  const scans = PRICE_EXAMPLE.locations * INCLUDED_SCANS_PER_LOCATION + PRICE_EXAMPLE.extraScans;
  const price = monthlyPrice({ locations: PRICE_EXAMPLE.locations, scans, digitalMenuLocations: 0 });
  const cents = (kind: string) => price.lines.find((line) => line.kind === kind)?.totalCents ?? 0;
  return {
    scans,
    includedScans: price.includedScans,
    minimumCents: cents("location_minimum"),
    extraScansCents: cents("extra_scans"),
    netCents: price.netCents,
  };
})();

type Value =
  | { kind: "money"; cents: number }
  | { kind: "count"; value: number }
  | { kind: "percent"; value: number }
  | { kind: "choices"; values: readonly number[] }
  | { kind: "time"; value: string }
  | { kind: "day"; value: string }
  /** A share of a price plus a fixed amount: "5 % + 0,25 €" (the coupons' and vouchers' platform fee). */
  | { kind: "fee"; basisPoints: number; fixedCents: number };

const money = (cents: number): Value => ({ kind: "money", cents });
const count = (value: number): Value => ({ kind: "count", value });

const VALUES: Record<FaqPlaceholderName, Value> = {
  price_per_scan: money(PRICE_PER_SCAN_CENTS),
  minimum_per_location: money(MINIMUM_MONTHLY_CENTS_PER_LOCATION),
  included_scans: count(INCLUDED_SCANS_PER_LOCATION),
  digital_menu_price: money(DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION),
  vat_rate: { kind: "percent", value: VAT_RATE_PERCENT },
  example_locations: count(PRICE_EXAMPLE.locations),
  example_scans: count(priceExample.scans),
  example_included_scans: count(priceExample.includedScans),
  example_minimum: money(priceExample.minimumCents),
  example_extra_scans: count(PRICE_EXAMPLE.extraScans),
  example_extra_scans_price: money(priceExample.extraScansCents),
  example_total: money(priceExample.netCents),
  chip_card_price: money(HARDWARE_PRICES_CENTS.chipCard),
  stand_price: money(HARDWARE_PRICES_CENTS.stand),
  sticker_price: money(HARDWARE_PRICES_CENTS.sticker),
  hardware_free_after_months: count(HARDWARE_FREE_AFTER_MONTHS),
  hardware_delivery_weeks: count(HARDWARE_DELIVERY_WEEKS),
  early_termination_fee_master: money(EARLY_TERMINATION_FEE_CENTS.master),
  early_termination_fee_partner: money(EARLY_TERMINATION_FEE_CENTS.partner),
  minimum_term_months: count(CONTRACT.minimumTermMonths),
  notice_months: count(CONTRACT.noticeMonthsToQuarterEnd),
  sepa_pre_notification_days: count(PAYMENT.sepaPreNotificationDays),
  setup_review_working_days: count(REVIEW.setupReviewWorkingDays),
  chip_card_shipping_working_days: count(REVIEW.chipCardShippingWorkingDays),
  change_review_days: count(REVIEW.changeReviewDays),
  card_description_words: count(CONTENT_LIMITS.cardDescriptionWords),
  suggested_points: { kind: "choices", values: SUGGESTED_POINTS },
  card_points_min: count(CARD_POINTS.min),
  card_points_max: count(CARD_POINTS.max),
  scan_seconds: count(MARKETING.scanSeconds),
  companies_count: count(MARKETING.companiesCount),
  default_average_receipt: money(DEFAULT_AVERAGE_RECEIPT_CENTS),
  example_returning_scans: count(REVENUE_EXAMPLE_SCANS),
  example_extra_revenue: money(REVENUE_EXAMPLE_SCANS * DEFAULT_AVERAGE_RECEIPT_CENTS),
  support_phone_from: { kind: "time", value: SUPPORT.phoneFrom },
  support_phone_to: { kind: "time", value: SUPPORT.phoneTo },
  terms_valid_since: { kind: "day", value: CONTRACT.termsValidSince },
  terms_change_objection_weeks: count(CONTRACT.termsChangeObjectionWeeks),
  acceptance_weeks: count(REVIEW.acceptanceWeeks),
  invitation_check_days: count(REVIEW.invitationCheckDays),
  invitation_link_days: count(FRANCHISE.invitationLinkDays),
  extraordinary_notice_days: count(FRANCHISE.extraordinaryNoticeDays),
  inactive_deletion_months: count(REVIEW.inactiveIncompleteDeletionMonths),
  payment_default_weeks: count(PAYMENT.defaultAfterWeeks),
  default_interest_points: count(PAYMENT.interestPointsOverBaseRate),
  dunning_fee: money(PAYMENT.dunningFeeCents),
  sepa_refund_weeks: count(PAYMENT.sepaRefundWeeks),
  invoice_payment_term_days: count(PAYMENT.invoicePaymentTermDays),
  sepa_debit_after_days: count(PAYMENT.sepaDebitAfterDays),
  dunning_payment_days: count(PAYMENT.dunningPaymentDays),
  minimum_coupons: count(CONTENT_LIMITS.minimumCoupons),
  voucher_validity_years: count(CONTENT_LIMITS.voucherMinimumValidityYears),
  cash_voucher_min: money(CONTENT_LIMITS.cashVoucherMinCents),
  cash_voucher_max: money(CONTENT_LIMITS.cashVoucherMaxCents),
  // Coupons and vouchers (docs/decisions/010-coupons-and-vouchers.md, section 8), from NFT.
  nft_minimum_coupons: count(NFT.minimumCoupons),
  nft_cash_voucher_min: money(NFT.cashVoucherMinCents),
  nft_cash_voucher_max: money(NFT.cashVoucherMaxCents),
  nft_platform_fee: { kind: "fee", ...NFT.platformFee },
  nft_withdrawal_days: count(NFT.withdrawalDays),
  nft_voucher_validity_years: count(NFT.voucherValidityYears),
  nft_photo_mb: count(NFT.photoBytes / (1024 * 1024)),
  history_months: count(HISTORY_MONTHS),
  history_weeks: count(HISTORY_WEEKS),
  password_min_chars: count(ACCOUNT.passwordMinChars),
  confirmation_link_days: count(ACCOUNT.confirmationLinkDays),
};

interface Formatters {
  count: Intl.NumberFormat;
  percent: Intl.NumberFormat;
  choices: Intl.ListFormat;
  day: Intl.DateTimeFormat;
}

const formatters = new Map<Locale, Formatters>();

function formattersFor(locale: Locale): Formatters {
  let f = formatters.get(locale);
  if (!f) {
    const tag = localeTag(locale);
    f = {
      count: new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }),
      percent: new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 }),
      // "2, 5 oder 10" / "2, 5 or 10".
      choices: new Intl.ListFormat(tag, { type: "disjunction" }),
      // "10.11.2023" in German, "10 November 2023" in English, as the legal pages write it.
      day:
        locale === "de"
          ? new Intl.DateTimeFormat(tag, {
              day: "2-digit",
              month: "2-digit",
              year: "numeric",
              timeZone: "UTC",
            })
          : new Intl.DateTimeFormat(tag, { dateStyle: "long", timeZone: "UTC" }),
    };
    formatters.set(locale, f);
  }
  return f;
}

const isPlaceholderName = (name: string): name is FaqPlaceholderName =>
  (FAQ_PLACEHOLDER_NAMES as readonly string[]).includes(name);

/** A placeholder's value for readers of `locale`: "0,04 €" / "€0.04", "19 %" / "19%", "10.11.2023". */
export function faqPlaceholderValue(name: FaqPlaceholderName, locale: Locale): string {
  const value = VALUES[name];
  const f = formattersFor(locale);
  switch (value.kind) {
    case "money":
      return formatMoney(value.cents, locale);
    case "count":
      return f.count.format(value.value);
    case "percent":
      return f.percent.format(value.value / 100);
    case "choices":
      return f.choices.format(value.values.map((n) => f.count.format(n)));
    case "time":
      return value.value;
    case "day":
      return f.day.format(new Date(`${value.value}T00:00:00Z`));
    case "fee":
      return `${f.percent.format(value.basisPoints / 10_000)} + ${formatMoney(value.fixedCents, locale)}`;
  }
}

/**
 * `{name}`: letters, digits and underscores in braces. Anything else in braces ("{ x }", "{}")
 * is ordinary text, so a brace the team types for its own sake is left alone.
 */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

/** The answer with every known placeholder replaced by its value; unknown ones stay as typed. */
export function resolveFaqPlaceholders(text: string, locale: Locale): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    isPlaceholderName(name) ? faqPlaceholderValue(name, locale) : whole,
  );
}

/** The placeholders in a text that have no value (each once, in order), for the console's check. */
export function unknownFaqPlaceholders(text: string): string[] {
  const unknown = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? "").filter((n) => !isPlaceholderName(n));
  return [...new Set(unknown)];
}
