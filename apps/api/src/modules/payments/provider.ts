import type { ProviderIdentity } from "../../config.ts";

// The marketplace payment provider behind the voucher market, exactly as
// docs/decisions/010-coupons-and-vouchers.md section 5 fixes it: "separate charges and transfers".
// The customer pays the platform's account; the partner's share (price − fee) is transferred to
// its payout account when it is the partner's for good (at redemption or after the withdrawal
// deadline). The built-in sandbox (sandbox.ts) implements it on its own books in the database;
// a real provider (Stripe Connect) implements the same operations.

export type PaymentProviderName = "sandbox" | "stripe";
export type PaymentStatus = "requires_action" | "succeeded" | "failed";
export type RefundStatus = "succeeded" | "pending" | "failed";

/** A notification from the provider, stored once per (provider, id) in payment_provider_events. */
export interface ProviderEvent {
  /** The provider's event id: a repeated delivery carries the same. */
  id: string;
  /** e.g. `account.updated`, `payment.succeeded`, `payment.failed`, `refund.succeeded`. */
  type: string;
  /** The account, payment, refund or transfer the event is about. */
  objectId: string;
  payload: Record<string, unknown>;
}

export interface MarketplaceProvider {
  readonly name: PaymentProviderName;
  createAccount(companyId: number): Promise<{ accountId: string }>;
  onboardingLink(
    accountId: string,
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<{ url: string }>;
  accountStatus(
    accountId: string,
  ): Promise<{ chargesEnabled: boolean; payoutsEnabled: boolean; detailsSubmitted: boolean }>;
  createPayment(p: {
    amountCents: number;
    idempotencyKey: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<{
    paymentId: string;
    status: PaymentStatus;
    clientSecret: string | null;
    confirmUrl: string | null;
  }>;
  paymentStatus(paymentId: string): Promise<PaymentStatus>;
  transfer(t: {
    accountId: string;
    amountCents: number;
    idempotencyKey: string;
    sourcePaymentIds: string[];
  }): Promise<{ transferId: string }>;
  refund(r: {
    paymentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string; status: RefundStatus }>;
  parseEvent(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ProviderEvent | null>;
}

/** What selecting and running a provider needs from the configuration. */
export interface PaymentSettings {
  provider: "sandbox";
  /** PUBLIC_URL: where the sandbox's onboarding page and the partner's return page live. */
  publicUrl: string;
  /** The platform that arranges the sales (Stempla, PROVIDER_*): named on receipts and statements. */
  platform: ProviderIdentity;
}

/** A provider call that cannot be carried out (unknown object, reused idempotency key, inactive account). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly code: "not_found" | "idempotency_mismatch" | "account_inactive" | "invalid",
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

/**
 * Where the provider's browser script (Stripe.js, the spec's card provider) comes from and talks
 * to: the CSP allows these only while PAYMENT_PUBLISHABLE_KEY is set (plugins/security.ts).
 */
export const PROVIDER_BROWSER_ORIGINS = {
  script: "https://js.stripe.com",
  connect: "https://api.stripe.com",
} as const;
