import { berlinDay, type Locale } from "@stempla/domain";
import type { MailContent } from "../mail/service.ts";
import { shortDayText } from "../mail/service.ts";

const formatDay = (at: Date, locale: Locale) => shortDayText(berlinDay(at), locale);

/**
 * The first and the second warning before an inactive incomplete account is deleted
 * (spec section 4; docs/product.md, "Terms and records"). Signing in keeps the account.
 */
export function inactivityWarningMail(
  locale: Locale,
  p: {
    stage: 1 | 2;
    companyName: string;
    lastActivityAt: Date;
    deletesAt: Date;
    inactiveMonths: number;
    loginUrl: string;
  },
): MailContent {
  const deletes = formatDay(p.deletesAt, locale);
  const since = formatDay(p.lastActivityAt, locale);
  const keepBy = formatDay(new Date(p.deletesAt.getTime() - 86_400_000), locale);
  return locale === "de"
    ? {
        subject:
          p.stage === 1
            ? `Ihr unvollständiges Stempla-Konto wird am ${deletes} gelöscht`
            : `Erinnerung: Ihr Stempla-Konto wird am ${deletes} gelöscht`,
        paragraphs: [
          "Guten Tag,",
          `das Stempla-Konto von ${p.companyName} ist noch nicht vollständig eingerichtet und wurde seit dem ${since} nicht mehr genutzt. Unvollständige Konten, die ${p.inactiveMonths} Monate lang nicht genutzt werden, löschen wir mit allen Angaben.`,
          `Möchten Sie Ihr Konto behalten, melden Sie sich bitte bis zum ${keepBy} an – das genügt. Haben Sie Ihre E-Mail-Adresse noch nicht bestätigt, senden wir Ihnen bei der Anmeldung einen neuen Bestätigungslink.`,
        ],
        action: { label: "Jetzt anmelden", url: p.loginUrl },
        afterAction: [
          `Möchten Sie Stempla nicht nutzen, müssen Sie nichts tun: Wir löschen Ihr Konto am ${deletes}.`,
        ],
      }
    : {
        subject:
          p.stage === 1
            ? `Your incomplete Stempla account will be deleted on ${deletes}`
            : `Reminder: your Stempla account will be deleted on ${deletes}`,
        paragraphs: [
          "Hello,",
          `the Stempla account of ${p.companyName} has not been fully set up and has not been used since ${since}. We delete incomplete accounts that have not been used for ${p.inactiveMonths} months, with all their details.`,
          `To keep your account, please log in by ${keepBy} – that is all it takes. If you have not confirmed your email address yet, we will send you a new confirmation link when you log in.`,
        ],
        action: { label: "Log in now", url: p.loginUrl },
        afterAction: [
          `If you do not want to use Stempla, there is nothing to do: we will delete your account on ${deletes}.`,
        ],
      };
}
