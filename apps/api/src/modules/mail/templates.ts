import { ACCOUNT, type Locale, REVIEW } from "@stempla/domain";
import type { MailContent } from "./layout.ts";

// The account mails in both languages. Links point at the web app, which calls the API.

export function confirmationMail(locale: Locale, p: { companyName: string; link: string }): MailContent {
  return locale === "de"
    ? {
        subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse",
        paragraphs: [
          "Guten Tag,",
          `vielen Dank für die Registrierung von ${p.companyName} bei Stempla. Bitte bestätigen Sie Ihre E-Mail-Adresse, damit wir Ihr Konto freischalten können:`,
        ],
        action: { label: "E-Mail-Adresse bestätigen", url: p.link },
        afterAction: [
          `Der Link ist ${ACCOUNT.confirmationLinkDays} Tage gültig. Danach melden Sie sich einfach an – wir senden Ihnen dann einen neuen Link.`,
          `Ihre Registrierung ist abgeschlossen, sobald Sie sich zum ersten Mal mit der bestätigten Adresse anmelden. Anschließend prüfen wir Ihre Angaben innerhalb von ${REVIEW.setupReviewWorkingDays} Werktagen.`,
          "Falls Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.",
        ],
      }
    : {
        subject: "Please confirm your email address",
        paragraphs: [
          "Hello,",
          `thank you for registering ${p.companyName} with Stempla. Please confirm your email address so that we can activate your account:`,
        ],
        action: { label: "Confirm email address", url: p.link },
        afterAction: [
          `The link is valid for ${ACCOUNT.confirmationLinkDays} days. After that, simply log in and we will send you a new one.`,
          `Your registration is complete once you log in for the first time with the confirmed address. We then check your details within ${REVIEW.setupReviewWorkingDays} working days.`,
          "If you did not register, you can ignore this email.",
        ],
      };
}

export function passwordResetMail(locale: Locale, p: { link: string }): MailContent {
  return locale === "de"
    ? {
        subject: "Passwort zurücksetzen",
        paragraphs: [
          "Guten Tag,",
          "für Ihr Stempla-Konto wurde ein neues Passwort angefordert. Über diesen Link legen Sie es fest:",
        ],
        action: { label: "Neues Passwort festlegen", url: p.link },
        afterAction: [
          "Der Link ist eine Stunde gültig und kann nur einmal verwendet werden.",
          "Falls Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren – Ihr Passwort bleibt unverändert.",
        ],
      }
    : {
        subject: "Reset your password",
        paragraphs: [
          "Hello,",
          "a new password was requested for your Stempla account. Use this link to set it:",
        ],
        action: { label: "Set a new password", url: p.link },
        afterAction: [
          "The link is valid for one hour and works only once.",
          "If you did not ask for a new password, you can ignore this email – your password stays unchanged.",
        ],
      };
}

export function passwordChangedMail(locale: Locale): MailContent {
  return locale === "de"
    ? {
        subject: "Ihr Passwort wurde geändert",
        paragraphs: [
          "Guten Tag,",
          "das Passwort Ihres Stempla-Kontos wurde soeben geändert. Alle anderen Sitzungen wurden abgemeldet.",
          "Waren Sie das nicht? Dann setzen Sie Ihr Passwort bitte sofort über „Passwort vergessen“ zurück und schreiben Sie uns.",
        ],
      }
    : {
        subject: "Your password was changed",
        paragraphs: [
          "Hello,",
          "the password of your Stempla account has just been changed. All other sessions were signed out.",
          "Was this not you? Then please reset your password at once via “Forgot password” and write to us.",
        ],
      };
}
