// What other modules use of the voucher market (docs/architecture.md, module boundaries): the
// payments module applies the provider's notices of payment outcomes to their purchases
// (docs/decisions/010-coupons-and-vouchers.md, section 4).

export { applyProviderPaymentOutcome } from "./purchase.ts";
