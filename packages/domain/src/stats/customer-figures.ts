import { type Locale, localeTag } from "../locales.ts";

// How the statistics count and name customers (docs/product.md, "Statistics"). The statistics
// screen, its PDF, the FAQ and the help texts read their words from here, so a figure is named and
// explained the same way wherever a partner meets it.

/**
 * The one definition of a returning customer: in a month, a customer is returning when their
 * first visit in the selection (the chosen location, or any of the partner's locations) was in an
 * earlier month; otherwise the month holds their first visit and they are new. So new and
 * returning customers add up to the month's active customers, and the estimated extra revenue
 * counts exactly the visits of the customers called returning. The aggregates
 * (apps/api/src/modules/stats/aggregates.ts, rebuild.ts) compute the same in SQL.
 *
 * Months are `YYYY-MM-01` (or `YYYY-MM`), so they compare as text.
 */
export const isReturningCustomer = (firstVisitMonth: string, month: string): boolean =>
  firstVisitMonth.slice(0, 7) < month.slice(0, 7);

/** What the partner owes its customers: rewards of full cards and the points towards the next. */
export interface OutstandingRewards {
  /** Full cards not yet redeemed; a card with twice the points counts twice. */
  fullCards: number;
  /** Points on the cards beyond their full cards: what the customers still collect towards. */
  openPoints: number;
  /** All points on the cards. */
  points: number;
}

/**
 * The outstanding rewards of the cards, card by card: each card holds floor(points / the card's
 * points) full cards and the rest as open points (a card keeps points beyond a full card when it is
 * redeemed, and a partner may have lowered the card's points since). Without a card size every
 * point is open.
 */
export function outstandingRewards(
  cardsByPoints: readonly { points: number; cards: number }[],
  pointsPerReward: number | null,
): OutstandingRewards {
  let fullCards = 0;
  let openPoints = 0;
  let points = 0;
  for (const level of cardsByPoints) {
    points += level.points * level.cards;
    if (pointsPerReward && pointsPerReward > 0) {
      fullCards += Math.floor(level.points / pointsPerReward) * level.cards;
      openPoints += (level.points % pointsPerReward) * level.cards;
    } else openPoints += level.points * level.cards;
  }
  return { fullCards, openPoints, points };
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();
const count = (n: number, locale: Locale) => {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(localeTag(locale));
    numberFormats.set(locale, format);
  }
  return format.format(n);
};

export const CUSTOMER_WORDS = {
  de: {
    returningCustomers: "Wiederkehrende Kunden",
    returning: "wiederkehrend",
    newCustomers: "Neue Kunden",
    returningDefinition:
      "Wiederkehrend ist ein Kunde, der schon in einem früheren Monat bei Ihnen gescannt hat (bei einem gewählten Standort: an diesem Standort). Wer in diesem Monat zum ersten Mal kommt, ist neu.",
    revenueBasis: "Scans wiederkehrender Kunden im Monat × Ihr durchschnittlicher Bonwert",
    revenueScans: (n: number) => `${count(n, "de")} ${n === 1 ? "Scan" : "Scans"} wiederkehrender Kunden`,
    customer: (number: number) => `Kunde ${number}`,
    fullCards: (n: number) => `${count(n, "de")} ${n === 1 ? "volle Karte" : "volle Karten"}`,
    openPoints: (n: number) => `${count(n, "de")} ${n === 1 ? "offener Punkt" : "offene Punkte"}`,
    and: " und ",
  },
  en: {
    returningCustomers: "Returning customers",
    returning: "returning",
    newCustomers: "New customers",
    returningDefinition:
      "A customer is returning when they already scanned with you in an earlier month (with a location selected: at that location). Anyone coming for the first time this month is new.",
    revenueBasis: "Scans by returning customers in the month × your average receipt",
    revenueScans: (n: number) => `${count(n, "en")} ${n === 1 ? "scan" : "scans"} by returning customers`,
    customer: (number: number) => `Customer ${number}`,
    fullCards: (n: number) => `${count(n, "en")} ${n === 1 ? "full card" : "full cards"}`,
    openPoints: (n: number) => `${count(n, "en")} open ${n === 1 ? "point" : "points"}`,
    and: " and ",
  },
} as const satisfies Record<Locale, unknown>;

/** "12 volle Karten und 334 offene Punkte" / "12 full cards and 334 open points". */
export function outstandingRewardsText(
  o: Pick<OutstandingRewards, "fullCards" | "openPoints">,
  locale: Locale,
) {
  const words = CUSTOMER_WORDS[locale];
  return `${words.fullCards(o.fullCards)}${words.and}${words.openPoints(o.openPoints)}`;
}

/**
 * How a screen names a customer: their name where they share their contact data with the partner,
 * else "Kunde 4711" with the card's number at this partner (never the wallet address).
 */
export function customerLabel(c: { name: string | null; number: number }, locale: Locale): string {
  return c.name?.trim() || CUSTOMER_WORDS[locale].customer(c.number);
}
