// The digital menu's domain (docs/decisions/009-digital-menu.md, section 3).
export * from "./kinds.ts";
export * from "./locales.ts";
export * from "./overview.ts";
export * from "./responses.ts";
export * from "./schemas.ts";
export * from "./visibility.ts";
