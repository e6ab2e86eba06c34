// What other modules use of payments (docs/architecture.md, module boundaries: a module reaches
// another only through its service.ts).
export { type PayoutAccountStatus, payoutAccountStatus } from "./accounts.ts";
