import { type Locale, type NftOffMarketReason, type NftType, REVIEW } from "@stempla/domain";
import { longDayText, type MailContent } from "../mail/service.ts";

// The partner's mails about its offers (docs/decisions/010-coupons-and-vouchers.md, section 3):
// one per transition of the lifecycle table, written to the outbox in the transition's
// transaction by lifecycle.ts. Pages and mails never say "NFT" (section 1).

/** What a lifecycle mail tells the partner. */
export type OfferMailKind =
  | { kind: "submitted" }
  | { kind: "on_market" }
  | { kind: "scheduled"; startDate: string }
  | { kind: "rejected"; reason: string }
  | { kind: "revoked"; by: "partner" | "team"; wasOnMarket: boolean; reason: string | null }
  | { kind: "exhausted"; reason: Extract<NftOffMarketReason, "sold_out" | "issued"> }
  | { kind: "ended"; endDate: string | null; wasOnMarket: boolean };

export interface OfferMailInput {
  type: NftType;
  name: string;
  /** The partner's offer lists (`/{locale}/nft`), when the caller knows the public address. */
  link?: string | undefined;
}

/** The kind of offer as a noun: all three are masculine in German ("Ihr Gutschein"). */
const nouns: Record<Locale, Record<NftType, string>> = {
  de: { coupon: "Coupon", voucher: "Gutschein", cash_voucher: "Wertgutschein" },
  en: { coupon: "coupon", voucher: "voucher", cash_voucher: "cash voucher" },
};
const plurals: Record<Locale, Record<NftType, string>> = {
  de: { coupon: "Coupons", voucher: "Gutscheine", cash_voucher: "Wertgutscheine" },
  en: { coupon: "coupons", voucher: "vouchers", cash_voucher: "cash vouchers" },
};

/** "Gutschein" (de) / "Voucher" (en) at the start of a sentence or a fact's value. */
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function offerMail(locale: Locale, offer: OfferMailInput, mail: OfferMailKind): MailContent {
  const content = locale === "de" ? germanMail(offer, mail) : englishMail(offer, mail);
  return {
    ...content,
    facts: [
      [locale === "de" ? "Angebot" : "Offer", offer.name],
      [locale === "de" ? "Art" : "Kind", capitalised(nouns[locale][offer.type])],
    ],
    ...(offer.link
      ? { action: { label: locale === "de" ? "Zu Ihren Angeboten" : "View your offers", url: offer.link } }
      : {}),
  };
}

type MailText = Pick<MailContent, "subject" | "paragraphs">;

function germanMail(offer: OfferMailInput, mail: OfferMailKind): MailText {
  const noun = nouns.de[offer.type];
  const plural = plurals.de[offer.type];
  const named = `Ihr ${noun} „${offer.name}“`;
  const namedObject = `Ihren ${noun} „${offer.name}“`;
  const obtain = offer.type === "coupon" ? "erhalten" : "kaufen";
  const stayValid = `Bereits ${offer.type === "coupon" ? "ausgegebene" : "verkaufte"} ${plural} bleiben bis zum Ende ihrer Gültigkeit einlösbar.`;
  const genitive = `Ihres ${noun}s „${offer.name}“`;
  const hello = "Guten Tag,";
  switch (mail.kind) {
    case "submitted":
      return {
        subject: `${named} wurde eingereicht`,
        paragraphs: [
          hello,
          `vielen Dank! Wir haben ${namedObject} erhalten und prüfen ihn innerhalb von bis zu ${REVIEW.changeReviewDays} Tagen. Sobald wir ihn freigegeben haben, erhalten Sie eine E-Mail.`,
          "Bis zur Freigabe können Sie das Angebot im Dashboard noch ändern oder zurückziehen.",
        ],
      };
    case "on_market":
      return {
        subject: `${named} ist jetzt auf dem Marktplatz`,
        paragraphs: [
          hello,
          `${named} ist jetzt auf dem Marktplatz: Ihre Kundschaft findet ihn in der Stempla-App und kann ihn dort ${obtain}.`,
        ],
      };
    case "scheduled":
      return {
        subject: `${named} ist freigegeben`,
        paragraphs: [
          hello,
          `wir haben ${namedObject} geprüft und freigegeben. Er erscheint ab dem ${longDayText(mail.startDate, "de")} auf dem Marktplatz der Stempla-App; dann erhalten Sie eine weitere E-Mail.`,
        ],
      };
    case "rejected":
      return {
        subject: `${named}: bitte ändern Sie das Angebot`,
        paragraphs: [
          hello,
          `wir haben ${namedObject} geprüft und können ihn so noch nicht freigeben. Bitte ändern Sie Folgendes:`,
          mail.reason,
          "Sobald Sie das Angebot im Dashboard geändert haben, prüfen wir es erneut.",
        ],
      };
    case "revoked":
      if (mail.by === "team")
        return {
          subject: mail.wasOnMarket
            ? `${named} wurde vom Marktplatz genommen`
            : `${named} wurde zurückgezogen`,
          paragraphs: [
            hello,
            mail.wasOnMarket
              ? `wir haben ${namedObject} vom Marktplatz genommen. Der Grund:`
              : `wir haben ${namedObject} zurückgezogen; er wird nicht auf dem Marktplatz erscheinen. Der Grund:`,
            mail.reason ?? "",
            ...(mail.wasOnMarket ? [stayValid] : []),
            "Bei Fragen wenden Sie sich bitte an unseren Support.",
          ].filter((p) => p !== ""),
        };
      return {
        subject: mail.wasOnMarket ? `${named} wurde vom Marktplatz genommen` : `${named} wurde zurückgezogen`,
        paragraphs: [
          hello,
          mail.wasOnMarket
            ? `wie von Ihnen veranlasst, ist ${named} nicht mehr auf dem Marktplatz. ${stayValid}`
            : `wie von Ihnen veranlasst, haben wir ${namedObject} zurückgezogen; er wird nicht auf dem Marktplatz erscheinen.`,
          "Ein zurückgezogenes Angebot kann nicht wieder aktiviert werden. Für eine neue Aktion legen Sie bitte ein neues Angebot an.",
        ],
      };
    case "exhausted":
      return mail.reason === "issued"
        ? {
            subject: `${named}: alle Coupons sind ausgegeben`,
            paragraphs: [
              hello,
              `alle Coupons Ihres Angebots „${offer.name}“ sind ausgegeben. Das Angebot ist deshalb nicht mehr auf dem Marktplatz. ${stayValid}`,
            ],
          }
        : {
            subject: `${named} ist ausverkauft`,
            paragraphs: [
              hello,
              `${named} ist ausverkauft. Das Angebot ist deshalb nicht mehr auf dem Marktplatz. ${stayValid}`,
            ],
          };
    case "ended":
      return {
        subject: `${named} ist beendet`,
        paragraphs: [
          hello,
          mail.wasOnMarket
            ? `der Aktionszeitraum ${genitive} endete${mail.endDate ? ` am ${longDayText(mail.endDate, "de")}` : ""}; das Angebot ist nicht mehr auf dem Marktplatz. ${stayValid}`
            : `der Aktionszeitraum ${genitive} endete${mail.endDate ? ` am ${longDayText(mail.endDate, "de")}` : ""}, bevor das Angebot auf den Marktplatz kam; es wird nicht mehr veröffentlicht.`,
          "Für eine neue Aktion legen Sie bitte ein neues Angebot an.",
        ],
      };
  }
}

function englishMail(offer: OfferMailInput, mail: OfferMailKind): MailText {
  const noun = nouns.en[offer.type];
  const plural = plurals.en[offer.type];
  const named = `Your ${noun} "${offer.name}"`;
  const your = `your ${noun} "${offer.name}"`;
  const obtain = offer.type === "coupon" ? "get" : "buy";
  const stayValid = `${capitalised(plural)} already ${offer.type === "coupon" ? "issued" : "sold"} remain redeemable until the end of their validity.`;
  const hello = "Hello,";
  switch (mail.kind) {
    case "submitted":
      return {
        subject: `${named} was submitted`,
        paragraphs: [
          hello,
          `thank you! We have received ${your} and will review it within up to ${REVIEW.changeReviewDays} days. You will receive an email as soon as we have approved it.`,
          "Until it is approved you can still change or revoke the offer in the dashboard.",
        ],
      };
    case "on_market":
      return {
        subject: `${named} is now on the marketplace`,
        paragraphs: [
          hello,
          `${your} is now on the marketplace: your customers find it in the Stempla app and can ${obtain} it there.`,
        ],
      };
    case "scheduled":
      return {
        subject: `${named} was approved`,
        paragraphs: [
          hello,
          `we have reviewed and approved ${your}. It appears on the Stempla app's marketplace from ${longDayText(mail.startDate, "en")}; you will receive another email then.`,
        ],
      };
    case "rejected":
      return {
        subject: `${named}: please change the offer`,
        paragraphs: [
          hello,
          `we have reviewed ${your} and cannot approve it as it is. Please change the following:`,
          mail.reason,
          "As soon as you have changed the offer in the dashboard, we will review it again.",
        ],
      };
    case "revoked":
      if (mail.by === "team")
        return {
          subject: mail.wasOnMarket ? `${named} was taken off the marketplace` : `${named} was revoked`,
          paragraphs: [
            hello,
            mail.wasOnMarket
              ? `we have taken ${your} off the marketplace. The reason:`
              : `we have revoked ${your}; it will not appear on the marketplace. The reason:`,
            mail.reason ?? "",
            ...(mail.wasOnMarket ? [stayValid] : []),
            "If you have questions, please contact our support.",
          ].filter((p) => p !== ""),
        };
      return {
        subject: mail.wasOnMarket ? `${named} was taken off the marketplace` : `${named} was revoked`,
        paragraphs: [
          hello,
          mail.wasOnMarket
            ? `as you requested, ${your} is no longer on the marketplace. ${stayValid}`
            : `as you requested, we have revoked ${your}; it will not appear on the marketplace.`,
          "A revoked offer cannot be activated again. For a new campaign, please create a new offer.",
        ],
      };
    case "exhausted":
      return mail.reason === "issued"
        ? {
            subject: `${named}: all coupons have been issued`,
            paragraphs: [
              hello,
              `all coupons of your offer "${offer.name}" have been issued, so the offer is no longer on the marketplace. ${stayValid}`,
            ],
          }
        : {
            subject: `${named} is sold out`,
            paragraphs: [
              hello,
              `${your} is sold out, so the offer is no longer on the marketplace. ${stayValid}`,
            ],
          };
    case "ended":
      return {
        subject: `${named} has ended`,
        paragraphs: [
          hello,
          mail.wasOnMarket
            ? `the campaign of ${your} ended${mail.endDate ? ` on ${longDayText(mail.endDate, "en")}` : ""}; the offer is no longer on the marketplace. ${stayValid}`
            : `the campaign of ${your} ended${mail.endDate ? ` on ${longDayText(mail.endDate, "en")}` : ""} before the offer came onto the marketplace; it will not be published any more.`,
          "For a new campaign, please create a new offer.",
        ],
      };
  }
}
