import type { Locale } from "../locales.ts";

/**
 * Every validation and error message the server and the browser show, keyed by a stable code.
 * Schemas carry the key as their zod message; the API and the web app translate it, so both
 * reject the same input with the same words (spec section 5 and 8).
 */
const de = {
  "companyName.min": "Der Firmenname muss mindestens 2 Zeichen lang sein.",
  "companyName.max": "Der Firmenname darf höchstens 50 Zeichen lang sein.",
  "email.invalid": "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  "email.taken": "Diese E-Mail-Adresse ist bereits im System.",
  "password.min": "Das Passwort muss mindestens 6 Zeichen lang sein.",
  "password.max": "Das Passwort darf höchstens 128 Zeichen lang sein.",
  "password.mismatch": "Die Passwörter müssen übereinstimmen.",
  "address.incomplete": "Bitte geben Sie Straße, Hausnummer, Postleitzahl und Ort ein.",
  "iban.invalid": "Die eingegebene IBAN ist ungültig.",
  "accountHolder.min": "Der Name des Kontoinhabers ist zu kurz (mindestens 3 Zeichen).",
  "billing.default": "Bitte überprüfen Sie Ihre Eingabe.",
  required: "Bitte füllen Sie dieses Feld aus.",
  "name.min": "Bitte geben Sie Ihren Namen ein (mindestens 2 Zeichen).",
  "name.max": "Der Name darf höchstens 100 Zeichen lang sein.",
  "phone.invalid": "Bitte geben Sie eine gültige Telefonnummer ein.",
  "contact.message.min": "Bitte schreiben Sie uns mindestens 10 Zeichen.",
  "contact.message.max": "Die Nachricht darf höchstens 5.000 Zeichen lang sein.",
  "contact.topic.invalid": "Bitte wählen Sie ein Thema aus.",
  "contact.privacy.required": "Bitte stimmen Sie der Verarbeitung Ihrer Angaben zu.",
  "legalForm.required": "Bitte wählen Sie eine Rechtsform aus.",
  "postcode.invalid": "Bitte geben Sie eine gültige Postleitzahl ein.",
  "country.invalid": "Bitte wählen Sie ein Land aus.",
  "vat.invalid": "Bitte geben Sie eine gültige USt-IdNr. ein, z. B. DE123456789.",
  "contract.required": "Bitte bestätigen Sie den Rahmenvertrag, um sich zu registrieren.",
  "contactPerson.required": "Bitte geben Sie Vor- und Nachnamen der Kontaktperson ein.",
  "auth.invalidCredentials": "Ihre E-Mail-Adresse oder Ihr Passwort ist falsch.",
  "auth.emailUnconfirmed":
    "Wir haben Ihnen soeben eine Bestätigungs-E-Mail gesendet. Bitte prüfen Sie Ihr Postfach und bestätigen Sie Ihre Adresse.",
  "auth.tokenInvalid": "Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.",
  "auth.currentPasswordWrong": "Das aktuelle Passwort ist nicht richtig.",
  "auth.originRejected": "Diese Anfrage kam nicht von unserer Seite und wurde abgelehnt.",
  "location.name": "Bitte geben Sie einen Namen für den Standort ein (2 bis 60 Zeichen).",
  "hours.format": "Bitte geben Sie Uhrzeiten im Format HH:MM ein.",
  "hours.order": "Die Öffnungszeit muss vor der Schließzeit liegen.",
  "hours.overlap": "Die Zeiten eines Tages dürfen sich nicht überschneiden.",
  "hours.tooMany": "Höchstens 4 Zeiträume pro Tag.",
  "pin.invalid": "Die PIN besteht aus genau 4 Ziffern.",
  "pinLimit.count": "Bitte geben Sie eine Anzahl zwischen 1 und 50 ein.",
  "pinLimit.hours": "Bitte geben Sie einen Zeitraum zwischen 1 und 168 Stunden ein.",
  "text.max": "Dieser Text ist zu lang.",
  "number.invalid": "Bitte geben Sie eine ganze Zahl ein.",
  "number.min": "Der Wert ist zu klein.",
  "number.max": "Der Wert ist zu groß.",
  "input.invalid": "Bitte überprüfen Sie Ihre Eingabe.",
  "error.validation": "Bitte überprüfen Sie die markierten Felder.",
  "error.notFound": "Diese Seite konnte nicht gefunden werden.",
  "error.unauthorized": "Bitte melden Sie sich an.",
  "error.forbidden": "Sie haben keine Berechtigung für diese Aktion.",
  "error.conflict": "Diese Aktion steht im Konflikt mit dem aktuellen Stand. Bitte laden Sie die Seite neu.",
  "error.payloadTooLarge": "Die gesendeten Daten sind zu groß.",
  "error.unsupportedMediaType": "Dieses Datenformat wird nicht unterstützt.",
  "error.badRequest": "Die Anfrage konnte nicht verarbeitet werden.",
  "error.rateLimited": "Zu viele Anfragen. Bitte versuchen Sie es in einigen Minuten erneut.",
  "error.internal": "Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.",
  "error.unavailable": "Der Dienst ist vorübergehend nicht erreichbar.",
} as const;

export type MessageKey = keyof typeof de;

const en: Record<MessageKey, string> = {
  "companyName.min": "The company name must be at least 2 characters long.",
  "companyName.max": "The company name may be up to 50 characters long.",
  "email.invalid": "Please enter a valid email address.",
  "email.taken": "This email address is already in the system.",
  "password.min": "The password must be at least 6 characters long.",
  "password.max": "The password may be up to 128 characters long.",
  "password.mismatch": "The passwords must match.",
  "address.incomplete": "Please enter your street, house number, postal code and city.",
  "iban.invalid": "The entered IBAN is invalid.",
  "accountHolder.min": "The account holder name is too short (at least 3 characters).",
  "billing.default": "Please check your input.",
  required: "Please fill in this field.",
  "name.min": "Please enter your name (at least 2 characters).",
  "name.max": "The name may be up to 100 characters long.",
  "phone.invalid": "Please enter a valid phone number.",
  "contact.message.min": "Please write at least 10 characters.",
  "contact.message.max": "The message may be up to 5,000 characters long.",
  "contact.topic.invalid": "Please choose a topic.",
  "contact.privacy.required": "Please agree to the processing of your details.",
  "legalForm.required": "Please choose a legal form.",
  "postcode.invalid": "Please enter a valid postal code.",
  "country.invalid": "Please choose a country.",
  "vat.invalid": "Please enter a valid VAT ID, e.g. DE123456789.",
  "contract.required": "Please accept the framework contract to register.",
  "contactPerson.required": "Please enter the contact person's first name and surname.",
  "auth.invalidCredentials": "Your email address or password is wrong.",
  "auth.emailUnconfirmed":
    "We have just sent you a confirmation email. Please check your inbox and confirm your address.",
  "auth.tokenInvalid": "This link is invalid or has expired. Please request a new one.",
  "auth.currentPasswordWrong": "The current password is not correct.",
  "auth.originRejected": "This request did not come from our site and was refused.",
  "location.name": "Please enter a name for the location (2 to 60 characters).",
  "hours.format": "Please enter times as HH:MM.",
  "hours.order": "The opening time must be before the closing time.",
  "hours.overlap": "The times of one day must not overlap.",
  "hours.tooMany": "At most 4 time ranges per day.",
  "pin.invalid": "The PIN consists of exactly 4 digits.",
  "pinLimit.count": "Please enter a number between 1 and 50.",
  "pinLimit.hours": "Please enter a period between 1 and 168 hours.",
  "text.max": "This text is too long.",
  "number.invalid": "Please enter a whole number.",
  "number.min": "The value is too small.",
  "number.max": "The value is too large.",
  "input.invalid": "Please check your input.",
  "error.validation": "Please check the highlighted fields.",
  "error.notFound": "This page could not be found.",
  "error.unauthorized": "Please log in.",
  "error.forbidden": "You are not allowed to do this.",
  "error.conflict": "This action conflicts with the current state. Please reload the page.",
  "error.payloadTooLarge": "The data sent is too large.",
  "error.unsupportedMediaType": "This data format is not supported.",
  "error.badRequest": "The request could not be processed.",
  "error.rateLimited": "Too many requests. Please try again in a few minutes.",
  "error.internal": "An unexpected error occurred. Please try again later.",
  "error.unavailable": "The service is temporarily unavailable.",
};

export const messages: Record<Locale, Record<MessageKey, string>> = { de, en };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(de, value);
}

/** Translates a message key; anything that is not a key falls back to the generic input message. */
export function translate(key: string, locale: Locale): string {
  return messages[locale][isMessageKey(key) ? key : "input.invalid"];
}
