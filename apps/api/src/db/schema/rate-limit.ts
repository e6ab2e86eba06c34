import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Fixed-window counters in the database, so limits hold across several API processes. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});
