import { addDays, type Locale } from "@stempla/domain";
import type { MailContent } from "../mail/service.ts";
import { shortDayText } from "../mail/service.ts";

/**
 * The announcement of a change of the partner terms (spec section 9: it takes effect after
 * 6 weeks without objection). Names the summary, the effective day and the two ways to object.
 */
export function termsChangeMail(
  locale: Locale,
  p: {
    companyName: string;
    version: string;
    validFrom: string;
    summary: string;
    dashboardUrl: string;
    termsUrl: string;
    supportEmail: string;
  },
): MailContent {
  const effective = shortDayText(p.validFrom, locale);
  const lastDay = shortDayText(addDays(p.validFrom, -1), locale);
  const summary = p.summary
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
  return locale === "de"
    ? {
        subject: `Änderung unserer AGB für Partner zum ${effective}`,
        paragraphs: [
          "Guten Tag,",
          `wir ändern unsere Allgemeinen Geschäftsbedingungen für Partner. Die neue Fassung ${p.version} gilt ab dem ${effective} auch für ${p.companyName}. Das ändert sich:`,
          ...summary,
          `Sie müssen nichts tun, wenn Sie einverstanden sind: Widersprechen Sie nicht bis zum ${lastDay}, gilt die neue Fassung ab dem ${effective} für Ihr Konto. Bis dahin gilt Ihre bisherige Fassung.`,
          `Wenn Sie nicht einverstanden sind, widersprechen Sie bitte im Dashboard über „Widersprechen“ oder schreiben Sie uns an ${p.supportEmail}. Nach einem Widerspruch gilt für Sie weiter die bisherige Fassung, und wir melden uns bei Ihnen.`,
        ],
        action: { label: "Änderung im Dashboard ansehen", url: p.dashboardUrl },
        afterAction: [`Die AGB für Partner finden Sie jederzeit unter ${p.termsUrl}.`],
      }
    : {
        subject: `Change of our partner terms as of ${effective}`,
        paragraphs: [
          "Hello,",
          `we are changing our terms and conditions for partners. The new version ${p.version} applies to ${p.companyName} from ${effective}. What changes:`,
          ...summary,
          `If you agree, there is nothing to do: unless you object by ${lastDay}, the new version applies to your account from ${effective}. Until then your current version applies.`,
          `If you do not agree, please object in the dashboard with “Object” or write to us at ${p.supportEmail}. After an objection your current version continues to apply, and we will get in touch with you.`,
        ],
        action: { label: "View the change in the dashboard", url: p.dashboardUrl },
        afterAction: [`The partner terms are always available at ${p.termsUrl}.`],
      };
}
