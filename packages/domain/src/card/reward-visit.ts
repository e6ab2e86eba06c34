import type { Locale } from "../locales.ts";

// A card's points are the stamps a guest collects; the visit on which the reward is redeemed does
// not count (spec section 4, "maximum points (hint: do not count the redeeming visit)"). So a
// 10-point card gives the reward on the 11th visit. The partner's points field, the card preview,
// the scan landing page and the poster say it with these words, and the partner is warned, without
// being stopped, when the offer text counts differently (docs/product.md, "Card points and the
// reward visit").

/** The visit on which a card of `points` stamps gives its reward. */
export const rewardVisit = (points: number): number => points + 1;

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st */
function ordinalEn(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}

/** "11." in German, "11th" in English. */
export const visitOrdinal = (n: number, locale: Locale): string => (locale === "de" ? `${n}.` : ordinalEn(n));

const WORDS = {
  de: {
    guest: (points: number, visit: string) =>
      `Sammeln Sie ${points} Punkte: Bei Ihrem ${visit} Besuch erhalten Sie die Prämie.`,
    field: (points: number, visit: string) =>
      `Jeder ${visit} Besuch wird belohnt: ${points} Stempel sammeln, beim ${visit} Besuch einlösen.`,
    everyVisit: (visit: string) => `Jeder ${visit} Besuch wird belohnt`,
    withOffer: (visit: string, offer: string) => `Jeder ${visit} Besuch: ${offer}`,
    conflict: (text: string, points: number, visit: string) =>
      `Ihr Angebot nennt „${text}“, bei ${points} Punkten gibt es die Prämie aber beim ${visit} Besuch. Bitte passen Sie die Punkte oder den Text an.`,
  },
  en: {
    guest: (points: number, visit: string) =>
      `Collect ${points} points: the reward is yours on your ${visit} visit.`,
    field: (points: number, visit: string) =>
      `Every ${visit} visit is rewarded: collect ${points} stamps, redeem on the ${visit} visit.`,
    everyVisit: (visit: string) => `Every ${visit} visit is rewarded`,
    withOffer: (visit: string, offer: string) => `Every ${visit} visit: ${offer}`,
    conflict: (text: string, points: number, visit: string) =>
      `Your offer says “${text}”, but with ${points} points the reward comes on the ${visit} visit. Please change the points or the text.`,
  },
} satisfies Record<Locale, unknown>;

/** For the guest: "Sammeln Sie 10 Punkte: Bei Ihrem 11. Besuch erhalten Sie die Prämie." */
export const rewardVisitText = (points: number, locale: Locale): string =>
  WORDS[locale].guest(points, visitOrdinal(rewardVisit(points), locale));

/** Beside the partner's points field: "Jeder 11. Besuch wird belohnt: 10 Stempel sammeln, …" */
export const pointsFieldText = (points: number, locale: Locale): string =>
  WORDS[locale].field(points, visitOrdinal(rewardVisit(points), locale));

/**
 * A count the offer text names: `visit` is an ordinal ("jeder 10. Kaffee", "every 10th coffee"),
 * which should be the reward visit; `stamps` is a number of stamps, points, visits or purchases
 * ("nach 8 Stempeln", "buy 10", "10er-Karte"), which should be the card's points.
 */
export type OfferCount = { kind: "visit" | "stamps"; value: number; text: string };

const WRITTEN_CARDINALS: Record<string, number> = {
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwölf: 12,
  dreizehn: 13,
  vierzehn: 14,
  fünfzehn: 15,
  sechzehn: 16,
  siebzehn: 17,
  achtzehn: 18,
  neunzehn: 19,
  zwanzig: 20,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
};

// Written ordinals count only after a word that makes them one ("jeder zehnte", "every tenth",
// "beim elften"): "a second cup" names no visit. German ordinals take an ending (zehnte, zehnten,
// zehnter, zehntes), so their stems are listed.
const GERMAN_ORDINAL_STEMS: Record<string, number> = {
  zweit: 2,
  dritt: 3,
  viert: 4,
  fünft: 5,
  sechst: 6,
  siebt: 7,
  acht: 8,
  neunt: 9,
  zehnt: 10,
  elft: 11,
  zwölft: 12,
  dreizehnt: 13,
  vierzehnt: 14,
  fünfzehnt: 15,
  sechzehnt: 16,
  siebzehnt: 17,
  achtzehnt: 18,
  neunzehnt: 19,
  zwanzigst: 20,
  einundzwanzigst: 21,
};
const ENGLISH_ORDINALS: Record<string, number> = {
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  "twenty-first": 21,
};

// Words after a number that make it a count of stamps rather than an amount of the reward
// ("2 Kugeln Eis", "5 € Rabatt" name no count and are left alone).
const STAMP_WORDS =
  "stempel|stempeln|punkte|punkten|punkt|besuche|besuchen|käufe|käufen|einkäufe|einkäufen|stamps?|points?|visits?|purchases?";
const MONTHS =
  "januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|jan|feb|mär|apr|jun|jul|aug|sep|sept|okt|nov|dez";

const longestFirst = (words: Record<string, number>) =>
  Object.keys(words)
    .sort((a, b) => b.length - a.length)
    .join("|");
const NUMBER = `(\\d{1,2}|${longestFirst(WRITTEN_CARDINALS)})`;
const GERMAN_ORDINAL = `(?<!\\p{L})(?:jede[rsnm]?|beim|der|die|das|dem|den|zum)\\s+(${longestFirst(GERMAN_ORDINAL_STEMS)})(?:e|en|er|es|em)(?!\\p{L})`;
const ENGLISH_ORDINAL = `(?<!\\p{L})(?:every|each|the)\\s+(${longestFirst(ENGLISH_ORDINALS)})(?!\\p{L})`;

const PATTERNS: { kind: OfferCount["kind"]; regex: RegExp }[] = [
  // "10. Kaffee" but not a date ("10.11.", "10. Mai") or a time ("9.30").
  {
    kind: "visit",
    regex: new RegExp(`(?<![\\d.,])(\\d{1,2})\\.(?=\\s+(?!(?:${MONTHS})(?!\\p{L}))\\p{L})`, "giu"),
  },
  { kind: "visit", regex: /(?<![\d.,])(\d{1,2})(?:st|nd|rd|th)\b/giu },
  { kind: "visit", regex: new RegExp(GERMAN_ORDINAL, "giu") },
  { kind: "visit", regex: new RegExp(ENGLISH_ORDINAL, "giu") },
  { kind: "stamps", regex: new RegExp(`(?<![\\p{L}\\d.,])${NUMBER}\\s+(?:${STAMP_WORDS})(?!\\p{L})`, "giu") },
  { kind: "stamps", regex: /(?<![\d.,])(\d{1,2})er(?:-|\s+)?(?=\p{L})/giu },
  {
    kind: "stamps",
    regex: new RegExp(`(?<!\\p{L})(?:buy|kaufen|kauf)\\s+${NUMBER}(?![\\p{L}\\d]|[.,]\\d)`, "giu"),
  },
  { kind: "stamps", regex: new RegExp(`(?<![\\p{L}\\d.,])${NUMBER}\\s+(?:kaufen|buy)(?!\\p{L})`, "giu") },
];

function numberValue(word: string): number {
  const lower = word.toLowerCase();
  if (/^\d+$/.test(lower)) return Number(lower);
  return WRITTEN_CARDINALS[lower] ?? GERMAN_ORDINAL_STEMS[lower] ?? ENGLISH_ORDINALS[lower] ?? Number.NaN;
}

/** Every count the offer names, in the order they appear. */
export function offerCounts(offer: string): OfferCount[] {
  const found: (OfferCount & { index: number })[] = [];
  for (const { kind, regex } of PATTERNS) {
    for (const match of offer.matchAll(regex)) {
      const value = numberValue(match[1] ?? "");
      if (Number.isNaN(value)) continue;
      found.push({ kind, value, text: match[0].trim(), index: match.index });
    }
  }
  return found.sort((a, b) => a.index - b.index).map(({ kind, value, text }) => ({ kind, value, text }));
}

/** The first count in the offer that does not fit a card of `points` stamps, or null. */
export function offerCountConflict(points: number, offer: string): OfferCount | null {
  return (
    offerCounts(offer).find((count) =>
      count.kind === "visit" ? count.value !== rewardVisit(points) : count.value !== points,
    ) ?? null
  );
}

/** The warning at the points field when the offer counts differently, or null. */
export function offerConflictText(points: number, offer: string, locale: Locale): string | null {
  const conflict = offerCountConflict(points, offer);
  if (!conflict) return null;
  return WORDS[locale].conflict(conflict.text, points, visitOrdinal(rewardVisit(points), locale));
}

// An offer short enough to follow "Every 11th visit:" as one line.
const SHORT_OFFER_WORDS = 8;

// English "free coffee", "a free cappuccino", "coffee for free": one singular item, which reads
// as "every 11th coffee free". German needs the noun's gender for "jeder/jede/jedes", which the
// text does not tell, so German keeps "Jeder 11. Besuch: …".
const ENGLISH_FREE_ITEM = [
  /^(?:a |one )?free ([a-z][a-z-]*(?: [a-z][a-z-]*)?)$/i,
  /^(?:a |one )?([a-z][a-z-]*(?: (?!for )[a-z][a-z-]*)?) (?:for )?free$/i,
];

/**
 * The card's promise in one line: the offer itself when it already names the right visit ("Jeder
 * 11. Kaffee gratis"), "Every 11th coffee free" when the offer is one free item, "Jeder 11.
 * Besuch: <offer>" for another short offer, and "Jeder 11. Besuch wird belohnt" when the offer is
 * long, empty or counts differently (repeating a wrong count would only spread it).
 */
export function describeReward(points: number, offer: string | null | undefined, locale: Locale): string {
  const words = WORDS[locale];
  const visitNumber = rewardVisit(points);
  const visit = visitOrdinal(visitNumber, locale);
  const text = (offer ?? "").trim().replace(/\s+/gu, " ");
  if (!text || offerCountConflict(points, text)) return words.everyVisit(visit);
  if (offerCounts(text).some((c) => c.kind === "visit")) return text;
  const bare = text.replace(/[.!]+$/u, "");
  if (!bare || bare.split(" ").length > SHORT_OFFER_WORDS || /[.!?;:]/u.test(bare)) {
    return words.everyVisit(visit);
  }
  if (locale === "en") {
    for (const pattern of ENGLISH_FREE_ITEM) {
      const item = pattern.exec(bare)?.[1];
      if (item && !/[^s]s$/i.test(item)) return `Every ${visit} ${item.toLowerCase()} free`;
    }
  }
  return words.withOffer(visit, bare);
}
