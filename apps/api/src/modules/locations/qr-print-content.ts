import {
  describeReward,
  type Locale,
  type LocationView,
  offerCountConflict,
  rewardVisitText,
} from "@stempla/domain";
import sharp from "sharp";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { appLinks } from "../../lib/app-links.ts";
import { logoImage } from "../partner/service.ts";
import { currentReviewData, publishedPartner } from "../review/service.ts";
import type { QrPrintContent } from "./qr-print.ts";

const TEXTS = {
  de: {
    offerLabel: "Ihre Bonuskarte",
    scan: "Mit der Handykamera scannen",
    getApp: "Punkte sammeln mit der kostenlosen Stempla-App",
    appStore: ["Laden im", "App Store"],
    googlePlay: ["Jetzt bei", "Google Play"],
    fold: "Hier falten",
  },
  en: {
    offerLabel: "Your bonus card",
    scan: "Scan with your phone camera",
    getApp: "Collect points with the free Stempla app",
    appStore: ["Download on the", "App Store"],
    googlePlay: ["Get it on", "Google Play"],
    fold: "Fold here",
  },
} satisfies Record<Locale, QrPrintContent["texts"]>;

/**
 * The logo without the transparent padding of its square rendition, so that it prints at the
 * size of what is drawn; a logo that fills its square stays as it is.
 */
async function printLogo(png: Buffer): Promise<QrPrintContent["logo"]> {
  const trimmed = await sharp(png)
    .trim()
    .png()
    .toBuffer({ resolveWithObject: true })
    .catch(() => undefined);
  if (trimmed) return { png: trimmed.data, width: trimmed.info.width, height: trimmed.info.height };
  const meta = await sharp(png).metadata();
  return { png, width: meta.width ?? 1, height: meta.height ?? 1 };
}

/**
 * The offer as the product words it everywhere (packages/domain, reward-visit.ts): the card's
 * promise as the headline, the partner's own text below it when the promise does not already say
 * it (and does not count differently from the points), and the points in words.
 */
function offerWords(
  points: number | null,
  description: string | null,
  locale: Locale,
): Pick<QrPrintContent, "offer" | "offerDetail" | "pointsLine"> {
  const text = description?.trim().replace(/\s+/gu, " ") || null;
  if (!points) return { offer: text, offerDetail: null, pointsLine: null };
  const offer = describeReward(points, text, locale);
  const said = text && offer.includes(text.replace(/[.!]+$/u, ""));
  return {
    offer,
    offerDetail: text && !said && !offerCountConflict(points, text) ? text : null,
    pointsLine: rewardVisitText(points, locale),
  };
}

/**
 * What the location's printables show: the card as guests see it in the app (the approved data
 * while a change waits for review; before the first approval, the data that goes to review), in
 * the request's language.
 */
export async function qrPrintContent(
  db: Database,
  companyId: number,
  location: LocationView,
  locale: Locale,
  app: Config["app"],
): Promise<QrPrintContent> {
  const card = (await publishedPartner(db, companyId)) ?? (await currentReviewData(db, companyId)).published;
  const image = card.logo_hash ? await logoImage(db, card.logo_hash, "medium") : undefined;
  const code = new URL(location.scan_url).pathname.split("/").at(-1) ?? "";
  const { ios, android } = appLinks(app, decodeURIComponent(code));
  return {
    url: location.scan_url,
    partnerName: card.public_name,
    locationName: location.name,
    logo: image ? await printLogo(image) : null,
    ...offerWords(card.points, card.description, locale),
    texts: TEXTS[locale],
    stores: { ios, android },
  };
}
