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
/**
 * What every location gets free of charge when the team approves it for the first time
 * (docs/product.md, "Hardware"): the chip card (NFC and QR) for the counter, the A5 stand and
 * stickers for the door and the till.
 */
export const STARTER_KIT = { chipCard: 1, stand: 1, sticker: 2 } as const;

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
  /** Invoices with a SEPA mandate are debited this many days after they are issued. */
  sepaDebitAfterDays: 7,
  /** The payment reminder asks for the total within this many days (its "pay by" date). */
  dunningPaymentDays: 7,
} as const;

/**
 * Accounts: a password's minimum length (spec section 5, "Password: min 6 characters") and how long
 * the registration's confirmation link works.
 */
export const ACCOUNT = {
  passwordMinChars: 6,
  confirmationLinkDays: 7,
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
 * Franchise networks (docs/decisions/008-franchise-model.md): the team checks an invitation within
 * `invitationCheckDays` (the spec's 3 days, the same number as the review promise), the mailed link
 * works `invitationLinkDays`, an expired invitation is deleted after `expiredInvitationKeepDays`,
 * and a franchisee may end its contract within `extraordinaryNoticeDays` of its master switching
 * collective invoicing off. `invitesPerDay` and `resendsPerDay` bound one master's mails.
 */
export const FRANCHISE = {
  invitationCheckDays: REVIEW.invitationCheckDays,
  invitationLinkDays: 14,
  expiredInvitationKeepDays: 30,
  extraordinaryNoticeDays: 7,
  invitesPerDay: 20,
  resendsPerDay: 3,
} as const;

/** How a contract ends: by notice (ordinary) or in a franchisee's window (extraordinary). */
export const TERMINATION_KINDS = ["ordinary", "extraordinary"] as const;
export type TerminationKind = (typeof TERMINATION_KINDS)[number];

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

/** Widths of a menu picture's WebP renditions, made once at upload (009, section 2). */
export const MENU_IMAGE_WIDTHS = [480, 960] as const;

/**
 * The digital menu (docs/decisions/009-digital-menu.md, section 3): upload limit, the picture size
 * the editor recommends, list sizes, schedule windows per item, how long a guest page may be cached
 * and the guest page's script budget (gzip).
 */
export const MENU = {
  fileBytes: CONTENT_LIMITS.menuFileBytes,
  recommendedImage: { width: 1000, height: 750 },
  imageWidths: MENU_IMAGE_WIDTHS,
  maxItems: 300,
  maxTables: 200,
  maxBanners: 20,
  maxDisplayWindows: 3,
  titleMaxChars: 120,
  bodyMaxChars: 2000,
  tableNameMaxChars: 40,
  urlMaxChars: 2000,
  maxPriceCents: 100_000,
  guestCacheSeconds: 60,
  guestJsBudgetBytes: 15_360,
} as const;

/**
 * The points the card form suggests. A constant here, not beside the card's schemas: the page
 * texts state it (faq-placeholders.ts, which every page loads), and importing the schemas would
 * bring zod, the location and phone schemas and the phone-number metadata into the first visit.
 */
export const SUGGESTED_POINTS = [2, 5, 10] as const;

/** The points a full card may have, the redeeming visit not counted (spec section 3, bonus card). */
export const CARD_POINTS = { min: 2, max: 20 } as const;

/** Bonus-card conditions (spec section 3; docs/product.md, "Bonus card conditions"). */
export const CARD_CONDITIONS = {
  maxExcludedProducts: 10,
  excludedProductMaxChars: 40,
  maxTimeWindows: 3,
  maxMinimumSpendCents: 100_000,
  noteMaxChars: 300,
} as const;

/**
 * Limits on turning partners' files into pictures (docs/architecture.md, "Set-up, company and
 * review"): a small file can decode to gigabytes or draw for minutes. `maxDecodedPixels` bounds a
 * PNG/JPEG, a PDF page counted at 200 dpi and all images a PDF declares together (an A1 poster
 * at 200 dpi has 31 million; a logo needs 1024 x 1024). A PDF is drawn in a worker thread that is
 * stopped after `pdfRenderSeconds` or when it needs more memory (MuPDF's WebAssembly memory, the
 * JavaScript heap); `pdfRendersAtOnce` run together on the server and `pdfRendersWaiting` more
 * may wait before uploads are turned away for `busyRetrySeconds`. Per partner account, logo
 * uploads and QR code PDFs are limited per hour.
 */
export const FILE_RENDERING = {
  maxDecodedPixels: 50_000_000,
  pdfRenderSeconds: 10,
  pdfRenderMemoryMb: 512,
  pdfRenderHeapMb: 64,
  pdfRendersAtOnce: 2,
  pdfRendersWaiting: 8,
  busyRetrySeconds: 30,
  logoUploadsPerHour: 30,
  qrPdfsPerHour: 60,
} as const;

/**
 * The printed QR codes in millimetres (docs/product.md, "Printed QR codes"): the A5 poster, one
 * face of the A6 table tent (two of them, landscape, on one A5 sheet) and the round sticker.
 */
export const QR_PRINT_MM = {
  a5: { width: 148, height: 210 },
  "a6-tent": { width: 148, height: 105 },
  sticker: { diameter: 90 },
} as const;

export const MARKETING = {
  companiesCount: 300,
  scanSeconds: 3,
} as const;

/**
 * Guessing the 4-digit staff PIN (docs/product.md, "Staff PIN"). A PIN has 10,000 values, so a
 * guesser needs 5,000 tries on average, and throwaway app accounts cost nothing: only a count per
 * location, across all customers, bounds the pace. At most `locationFailures` wrong PINs in a
 * window that starts with the first wrong PIN; the last of them locks the PIN for `lockMinutes`.
 * Unnoticed (never reaching the lock) a guesser gets 9 tries a day, about 3,300 a year: even odds
 * only after more than a year of daily guessing for one reward. Faster guessing locks the PIN and
 * mails the partner each time (at most about 19 tries per lock, which lasts a day), and the new
 * PIN the mail asks for makes every earlier guess worthless. The window is a day, not minutes:
 * with 10 per 15 minutes a guesser staying below the limit would have about 900 tries a day and
 * even odds within a week, without ever triggering a lock. A busy location's staff mistype a
 * few times a day, far from 10; a lock they did not cause ends at once with a new PIN.
 * The per-customer limit stops one account early; it alone is no defence (accounts are free).
 */
export const STAFF_PIN = {
  customerFailures: 5,
  customerWindowMinutes: 15,
  locationFailures: 10,
  locationWindowMinutes: 24 * 60,
  lockMinutes: 24 * 60,
} as const;

/**
 * Phone numbers (docs/decisions/007-phone-numbers-e164.md): stored as one E.164 number. What is
 * typed without a country code is read as a number of `defaultCountry` (the spec's fixed
 * preselection +49); `example` is the fields' placeholder and the example in their message.
 */
export const PHONE = { defaultCountry: "DE", example: "0221 1234567" } as const;

/** Assumed average receipt until the partner sets their own (shown as an assumption in the UI). */
export const DEFAULT_AVERAGE_RECEIPT_CENTS = 800;
/** Months and weeks shown by the history charts (texts state them, so they live here). */
export const HISTORY_MONTHS = 12;
export const HISTORY_WEEKS = 12;
/** Most locations one statistics selection may name (a network of 1,000 locations: decision 008 §4). */
export const STATS_MAX_LOCATIONS = 1000;
