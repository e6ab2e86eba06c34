import { FRANCHISE, type Locale } from "@stempla/domain";
import type { MailContent } from "../mail/service.ts";

// The franchise invitation mails in both languages (docs/decisions/008-franchise-model.md, section 3).

/** To the invited franchisee, in its master's language: the single-use registration link and its expiry. */
export function invitationMail(
  locale: Locale,
  p: { masterName: string; companyName: string; contactName: string; link: string; expiresOn: string },
): MailContent {
  return locale === "de"
    ? {
        subject: `${p.masterName} lädt Sie zu Stempla ein`,
        paragraphs: [
          `Guten Tag ${p.contactName},`,
          `${p.masterName} lädt ${p.companyName} als Franchisenehmer zu Stempla ein, der digitalen Stempelkarte. Über diesen Link registrieren Sie Ihr Unternehmen mit seinen eigenen Angaben und legen Ihr Passwort fest:`,
        ],
        action: { label: "Registrierung abschließen", url: p.link },
        afterAction: [
          `Der Link ist bis zum ${p.expiresOn} gültig (${FRANCHISE.invitationLinkDays} Tage) und kann nur einmal verwendet werden. Danach kann ${p.masterName} Ihnen die Einladung erneut senden.`,
          "Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.",
        ],
      }
    : {
        subject: `${p.masterName} invites you to Stempla`,
        paragraphs: [
          `Hello ${p.contactName},`,
          `${p.masterName} invites ${p.companyName} to Stempla, the digital stamp card, as a franchisee. Use this link to register your company with its own details and set your password:`,
        ],
        action: { label: "Complete registration", url: p.link },
        afterAction: [
          `The link is valid until ${p.expiresOn} (${FRANCHISE.invitationLinkDays} days) and works only once. After that, ${p.masterName} can send you the invitation again.`,
          "If you did not expect this invitation, you can ignore this email.",
        ],
      };
}

/** To the master: the provider team did not approve an invitation, and why. */
export function invitationRefusedMail(
  locale: Locale,
  p: { companyName: string; email: string; reason: string; link: string },
): MailContent {
  return locale === "de"
    ? {
        subject: `Ihre Einladung an ${p.companyName} wurde nicht freigegeben`,
        paragraphs: [
          "Guten Tag,",
          `wir haben Ihre Einladung an ${p.companyName} (${p.email}) geprüft und können sie nicht freigeben. Begründung:`,
          p.reason,
        ],
        action: { label: "Zu Ihren Einladungen", url: p.link },
        afterAction: [
          "Bei Fragen antworten Sie einfach auf diese E-Mail oder wenden Sie sich an unseren Support.",
        ],
      }
    : {
        subject: `Your invitation to ${p.companyName} was not approved`,
        paragraphs: [
          "Hello,",
          `we have checked your invitation to ${p.companyName} (${p.email}) and cannot approve it. Reason:`,
          p.reason,
        ],
        action: { label: "Go to your invitations", url: p.link },
        afterAction: ["If you have any questions, simply reply to this email or contact our support."],
      };
}
