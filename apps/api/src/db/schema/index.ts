export * from "./accounts.ts";
export * from "./contact.ts";
export * from "./locations.ts";
export * from "./mail.ts";
export * from "./partner.ts";
export * from "./rate-limit.ts";
export * from "./reference.ts";
export * from "./setup.ts";
