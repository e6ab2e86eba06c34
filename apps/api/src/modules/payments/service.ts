// What other modules use of payments (docs/architecture.md, module boundaries): the marketplace
// provider of docs/decisions/010-coupons-and-vouchers.md section 5, the payout account and the
// transfers.

export {
  hasActivePayoutAccount,
  type PayoutAccountStatus,
  payoutAccountStatus,
  syncPaymentAccount,
} from "./accounts.ts";
export {
  type MarketplaceProvider,
  PaymentProviderError,
  type PaymentStatus,
  type ProviderEvent,
  type RefundStatus,
} from "./provider.ts";
export { settleSandboxPayment } from "./sandbox.ts";
export { configurePayments, paymentProvider, paymentSettings } from "./select.ts";
export { runDueTransfers, type TransferMade, type TransferRun } from "./transfers.ts";
