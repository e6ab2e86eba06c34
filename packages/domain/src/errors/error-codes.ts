/** Stable error codes beside every localised API error message (ARCHITECTURE.md, style). */
export const ERROR_CODES = [
  "validation_failed",
  "bad_request",
  "unauthorized",
  "invalid_credentials",
  "email_unconfirmed",
  "token_invalid",
  "forbidden",
  "account_red",
  "not_found",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "pin_required",
  "pin_wrong",
  "pin_locked",
  "card_full",
  "card_not_full",
  "location_closed",
  "outside_time_limits",
  "idempotency_key_reused",
  "provider_not_configured",
  "provider_unavailable",
  "id_token_invalid",
  "id_token_expired",
  "social_email_missing",
  "social_email_unverified",
  "not_a_master",
  "email_taken",
  "invitation_not_open",
  "invitation_invalid",
  "invitation_expired",
  "no_termination_window",
  // Coupons and vouchers (docs/decisions/010-coupons-and-vouchers.md, section 7).
  "nft_not_editable",
  "nft_not_in_review",
  "nft_sold_out",
  "nft_not_on_market",
  "nft_already_claimed",
  "nft_already_redeemed",
  "nft_expired",
  "nft_withdrawn",
  "nft_withdrawal_closed",
  "payment_account_inactive",
  "payment_failed",
  "internal",
  "unavailable",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  errors?: Record<string, string[]>;
}
