import { z } from "zod";
import { STATS_SCOPES } from "./statistics.ts";

// Response shapes of the statistics endpoints (spec section 3, dashboard stats; section 7).
// Months are YYYY-MM in Europe/Berlin; money in integer cents.

export const dashboardStatsSchema = z.object({
  month: z.string(),
  /** The one chosen location, else null (all locations of the scope, or a set of several). */
  location: z.number().nullable(),
  /** The scope asked for: the partner's own locations or the franchise network (masters). */
  scope: z.enum(STATS_SCOPES),
  /** The chosen set of locations (sorted ids), or null for every location of the scope. */
  locations: z.array(z.number()).nullable(),
  /** Customers with a card who scanned in the scope up to the end of the month. */
  cardOwners: z.number(),
  cardsRedeemed: z.number(),
  /** Collections (points collected) in the month. */
  scans: z.number(),
  /**
   * Estimated extra revenue of the month: collections by returning customers (isReturningCustomer)
   * × average receipt.
   */
  sales: z.number(),
  averageReceiptCents: z.number(),
  averageReceiptIsDefault: z.boolean(),
  maxPoints: z.number().nullable(),
  /**
   * Cards by points on them now (all locations: a card is valid at every location of its company);
   * for a network or a set spanning companies, the sum over their companies.
   */
  pointsDistribution: z.array(z.object({ points: z.number(), cards: z.number() })),
  scanFrequency: z.object({
    /** Collections in the current hour and the 23 hours before it. */
    last24h: z.number(),
    month: z.number(),
    total: z.number(),
    since: z.string().nullable(),
    perDaySinceStart: z.number(),
  }),
  pointOrigin: z.object({ nfc: z.number(), qr: z.number(), withPin: z.number() }),
  /** Active customers of the month: new ones and returning ones (isReturningCustomer). */
  customers: z.object({ active: z.number(), new: z.number(), returning: z.number() }),
  /** What the partner owes its customers now (outstandingRewards; all locations). */
  outstanding: z.object({ fullCards: z.number(), openPoints: z.number(), points: z.number() }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const scanHistorySchema = z.array(
  z.object({ period: z.string(), start: z.string(), scans: z.number(), redeems: z.number() }),
);
export type ScanHistory = z.infer<typeof scanHistorySchema>;

export const redeemHistorySchema = z.array(z.object({ month: z.string(), cardsRedeemed: z.number() }));
export type RedeemHistory = z.infer<typeof redeemHistorySchema>;

export const redeemDilutionSchema = z.array(
  z.object({
    month: z.string(),
    pointsCollected: z.number(),
    pointsRedeemed: z.number(),
    /** Share of the month's collected points that redemptions took off cards (0..1+, null without collections). */
    rate: z.number().nullable(),
  }),
);
export type RedeemDilution = z.infer<typeof redeemDilutionSchema>;

export const customerHistorySchema = z.array(
  z.object({ month: z.string(), newCustomers: z.number(), returningCustomers: z.number() }),
);
export type CustomerHistory = z.infer<typeof customerHistorySchema>;

export const pointBalanceSchema = z.object({
  month: z.string(),
  locations: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      /** "own" for the partner's location, "franchise" for a franchisee's (decision 008 §1). */
      kind: z.enum(["own", "franchise"]),
      /** The company the location belongs to (a franchisee's name in a master's selection). */
      companyName: z.string(),
      cardsRedeemed: z.number(),
      pointsCollected: z.number(),
      pointsRedeemed: z.number(),
      /** Collected minus redeemed points: what the month added to customers' cards. */
      difference: z.number(),
    }),
  ),
});
export type PointBalance = z.infer<typeof pointBalanceSchema>;

export const statsAvailableSchema = z.object({
  months: z.array(z.string()),
  locations: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type StatsAvailable = z.infer<typeof statsAvailableSchema>;

/**
 * A customer as a partner's screens name them (customerLabel): the name where the customer shares
 * their contact data with the partner, and always their number at this partner ("Kunde 4711").
 */
export const customerRefSchema = z.object({ name: z.string().nullable(), number: z.number() });
export type CustomerRef = z.infer<typeof customerRefSchema>;

export const topCustomersSchema = z.array(
  z.object({
    customer: customerRefSchema,
    collects: z.number(),
    redeems: z.number(),
    points: z.number(),
    lastVisit: z.string(),
  }),
);
export type TopCustomers = z.infer<typeof topCustomersSchema>;

/** The fraud rules a scan can trip (spec section 7); one tuple for the DB column and the API. */
export const FRAUD_RULES = ["pin_limit", "unusual_daily", "pin_locked"] as const;
export type FraudRule = (typeof FRAUD_RULES)[number];

export const fraudListSchema = z.array(
  z.object({
    day: z.string(),
    rule: z.enum(FRAUD_RULES),
    occurrences: z.number(),
    location: z.object({ id: z.number(), name: z.string() }),
    /** Null for a PIN lock, which many customers' wrong PINs cause together. */
    customer: customerRefSchema.nullable(),
    lastAt: z.string(),
  }),
);
export type FraudList = z.infer<typeof fraudListSchema>;

/** A customer who shares their contact data (the clients list); the wallet address is only in the CSV. */
export const clientSchema = z.object({
  id: z.number(),
  /** The customer's number at this partner ("Kunde 4711"). */
  number: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  surname: z.string().nullable(),
  phone: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  points: z.number(),
  collects: z.number(),
  last_visit: z.string(),
});
export type Client = z.infer<typeof clientSchema>;
