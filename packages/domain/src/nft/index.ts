// Coupons, vouchers and cash vouchers, the spec's "NFT" (docs/decisions/010-coupons-and-vouchers.md).
export * from "./code.ts";
export * from "./console.ts";
export * from "./constants.ts";
export * from "./lifecycle.ts";
export * from "./money.ts";
export * from "./quantity.ts";
export * from "./responses.ts";
export * from "./schemas.ts";
export * from "./validity.ts";
