import { type AccountStatus, type Locale, REVIEW, type RedCause } from "@stempla/domain";
import type { MailContent } from "./layout.ts";

const texts: Record<
  Locale,
  {
    subject: string;
    intro: string;
    status: Record<AccountStatus, string>;
    redIncomplete: string;
    link: string;
  }
> = {
  de: {
    subject: "Ihr Kontostatus hat sich geändert",
    intro: "der Status Ihres Stempla-Kontos hat sich geändert:",
    status: {
      black: "Schwarz – die Registrierung ist noch nicht abgeschlossen.",
      gray: "Grau – es fehlen noch Pflichtangaben. Im Dashboard sehen Sie, was noch fehlt.",
      yellow: `Gelb – alle Angaben liegen vor. Wir prüfen Ihr Konto innerhalb von ${REVIEW.setupReviewWorkingDays} Werktagen.`,
      green: "Grün – Ihr Konto ist freigeschaltet. Ihre Kundschaft kann jetzt Punkte sammeln.",
      red: "Rot – Ihr Konto wurde gesperrt. Bitte wenden Sie sich an unseren Support.",
      orange: `Orange – Ihre Änderungen werden geprüft (bis zu ${REVIEW.changeReviewDays} Tage). Bis dahin gelten Ihre freigegebenen Daten.`,
    },
    redIncomplete:
      "Rot – es fehlen Pflichtangaben, ohne die Ihr Konto nicht aktiv sein kann. Ihre Stempelkarte ist in der App nicht mehr sichtbar, bis Sie die Angaben ergänzt haben und wir sie geprüft haben. Im Dashboard sehen Sie, was fehlt.",
    link: "Zum Kontostatus",
  },
  en: {
    subject: "Your account status has changed",
    intro: "the status of your Stempla account has changed:",
    status: {
      black: "Black – the registration is not complete yet.",
      gray: "Grey – required details are missing. The dashboard shows what is still needed.",
      yellow: `Yellow – all details are in. We review your account within ${REVIEW.setupReviewWorkingDays} working days.`,
      green: "Green – your account is active. Your customers can collect points now.",
      red: "Red – your account was blocked. Please contact our support.",
      orange: `Orange – your changes are being reviewed (up to ${REVIEW.changeReviewDays} days). Until then your approved details apply.`,
    },
    redIncomplete:
      "Red – required details are missing, without which your account cannot be active. Your stamp card is hidden in the app until you have added them and we have reviewed them. The dashboard shows what is missing.",
    link: "View account status",
  },
};

export function statusChangedMail(
  locale: Locale,
  p: { status: AccountStatus; redCause?: RedCause | undefined; reason?: string | undefined; link: string },
): MailContent {
  const t = texts[locale];
  const meaning = p.status === "red" && p.redCause === "incomplete" ? t.redIncomplete : t.status[p.status];
  return {
    subject: t.subject,
    paragraphs: [
      locale === "de" ? "Guten Tag," : "Hello,",
      `${t.intro} ${meaning}`,
      ...(p.reason ? [p.reason] : []),
    ],
    action: { label: t.link, url: p.link },
  };
}
