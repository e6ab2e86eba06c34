import type { AccountStatus, Locale } from "@stempla/domain";
import type { MailContent } from "./layout.ts";

const texts: Record<
  Locale,
  { subject: string; intro: string; status: Record<AccountStatus, string>; link: string }
> = {
  de: {
    subject: "Ihr Kontostatus hat sich geändert",
    intro: "der Status Ihres Stempla-Kontos hat sich geändert:",
    status: {
      black: "Schwarz – Einladung versendet.",
      gray: "Grau – es fehlen noch Pflichtangaben. Im Dashboard sehen Sie, was noch fehlt.",
      yellow: "Gelb – alle Angaben liegen vor. Wir prüfen Ihr Konto innerhalb von 7 Werktagen.",
      green: "Grün – Ihr Konto ist freigeschaltet. Ihre Kundschaft kann jetzt Punkte sammeln.",
      red: "Rot – Ihr Konto wurde gesperrt. Bitte wenden Sie sich an unseren Support.",
      orange:
        "Orange – Ihre Änderungen werden geprüft (bis zu 3 Tage). Bis dahin gelten Ihre freigegebenen Daten.",
    },
    link: "Zum Kontostatus",
  },
  en: {
    subject: "Your account status has changed",
    intro: "the status of your Stempla account has changed:",
    status: {
      black: "Black – invitation sent.",
      gray: "Grey – required details are missing. The dashboard shows what is still needed.",
      yellow: "Yellow – all details are in. We review your account within 7 working days.",
      green: "Green – your account is active. Your customers can collect points now.",
      red: "Red – your account was blocked. Please contact our support.",
      orange:
        "Orange – your changes are being reviewed (up to 3 days). Until then your approved details apply.",
    },
    link: "View account status",
  },
};

export function statusChangedMail(
  locale: Locale,
  p: { status: AccountStatus; reason?: string; link: string },
): MailContent {
  const t = texts[locale];
  return {
    subject: t.subject,
    paragraphs: [
      locale === "de" ? "Guten Tag," : "Hello,",
      `${t.intro} ${t.status[p.status]}`,
      ...(p.reason ? [p.reason] : []),
    ],
    action: { label: t.link, url: p.link },
  };
}
