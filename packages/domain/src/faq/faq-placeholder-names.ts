/**
 * The named numbers an FAQ answer may contain as `{name}` (docs/architecture.md, "FAQ"), in the
 * order the console lists them. Their values come from the constants (faq-placeholders.ts); this
 * list stands alone so the validation messages can name them without importing the values.
 */
export const FAQ_PLACEHOLDER_NAMES = [
  "price_per_scan",
  "minimum_per_location",
  "included_scans",
  "digital_menu_price",
  "vat_rate",
  "example_locations",
  "example_scans",
  "example_included_scans",
  "example_minimum",
  "example_extra_scans",
  "example_extra_scans_price",
  "example_total",
  "chip_card_price",
  "stand_price",
  "sticker_price",
  "hardware_free_after_months",
  "hardware_delivery_weeks",
  "early_termination_fee_master",
  "early_termination_fee_partner",
  "minimum_term_months",
  "notice_months",
  "sepa_pre_notification_days",
  "setup_review_working_days",
  "chip_card_shipping_working_days",
  "change_review_days",
  "card_description_words",
  "suggested_points",
  "scan_seconds",
  "companies_count",
  "default_average_receipt",
  "example_returning_scans",
  "example_extra_revenue",
  "support_phone_from",
  "support_phone_to",
  "terms_valid_since",
] as const;
export type FaqPlaceholderName = (typeof FAQ_PLACEHOLDER_NAMES)[number];
