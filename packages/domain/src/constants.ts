// Business constants of the spec, section 9. Money is always integer cents (EUR), net unless named gross.

export const PRICE_PER_SCAN_CENTS = 4;
export const INCLUDED_SCANS_PER_LOCATION = 50;
export const MINIMUM_MONTHLY_CENTS_PER_LOCATION = 600;
export const DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION = 3600;
export const VAT_RATE_PERCENT = 19;

export const HARDWARE_PRICES_CENTS = {
  chipCard: 500,
  stand: 500,
  sticker: 200,
} as const;
export const HARDWARE_FREE_AFTER_MONTHS = 6;
export const EARLY_TERMINATION_FEE_CENTS = { master: 20000, partner: 3000 } as const;
export const HARDWARE_DELIVERY_WEEKS = 4;

export const CONTRACT = {
  minimumTermMonths: 12,
  noticeMonthsToQuarterEnd: 3,
  termsValidSince: "2023-11-10",
  /** The label of the partner terms in force since `termsValidSince` (docs/product.md, "Terms and records"). */
  termsInitialVersion: "2023-11",
  termsChangeObjectionWeeks: 6,
} as const;

export const PAYMENT = {
  defaultAfterWeeks: 2,
  interestPointsOverBaseRate: 9,
  dunningFeeCents: 500,
  sepaPreNotificationDays: 1,
  sepaRefundWeeks: 8,
  invoicePaymentTermDays: 14,
} as const;

export const REVIEW = {
  setupReviewWorkingDays: 7,
  acceptanceWeeks: 2,
  changeReviewDays: 3,
  chipCardShippingWorkingDays: 7,
  invitationCheckDays: 3,
  inactiveIncompleteDeletionMonths: 6,
} as const;

/**
 * Inactive incomplete accounts (docs/product.md, "Terms and records"): the two warning mails go out
 * this many days before the deletion date, which is `REVIEW.inactiveIncompleteDeletionMonths`
 * after the last activity.
 */
export const INACTIVE_ACCOUNT_WARNINGS = {
  firstWarningDaysBefore: 28,
  secondWarningDaysBefore: 7,
} as const;

export const SUPPORT = {
  phoneDays: "Mo–Fr",
  phoneFrom: "08:00",
  phoneTo: "18:00",
} as const;

export const CONTENT_LIMITS = {
  cardDescriptionWords: 20,
  maxCategories: 3,
  menuFileBytes: 4 * 1024 * 1024,
  nftImageBytes: 20 * 1024 * 1024,
  minimumCoupons: 100,
  voucherMinimumValidityYears: 3,
  cashVoucherMinCents: 500,
  cashVoucherMaxCents: 50000,
} as const;

export const MARKETING = {
  companiesCount: 300,
  scanSeconds: 3,
} as const;

export const PHONE_PRESELECTION = "+49";
