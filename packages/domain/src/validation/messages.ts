import { ACCOUNT, CARD_CONDITIONS, CONTRACT, FILE_RENDERING, PHONE } from "../constants.ts";
import { FAQ_PLACEHOLDER_NAMES } from "../faq/faq-placeholder-names.ts";
import type { Locale } from "../locales.ts";

/** "{price_per_scan}, {minimum_per_location}, …": the FAQ placeholders an answer may use. */
const FAQ_PLACEHOLDERS_LISTED = FAQ_PLACEHOLDER_NAMES.map((name) => `{${name}}`).join(", ");

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
  "password.min": `Das Passwort muss mindestens ${ACCOUNT.passwordMinChars} Zeichen lang sein.`,
  "password.max": "Das Passwort darf höchstens 128 Zeichen lang sein.",
  "password.mismatch": "Die Passwörter müssen übereinstimmen.",
  "password.controlCharacters":
    "Das Passwort darf keine Steuerzeichen wie Tabulatoren oder Zeilenumbrüche enthalten.",
  "address.incomplete": "Bitte geben Sie Straße, Hausnummer, Postleitzahl und Ort ein.",
  "iban.invalid": "Die eingegebene IBAN ist ungültig.",
  "accountHolder.min": "Der Name des Kontoinhabers ist zu kurz (mindestens 3 Zeichen).",
  "billing.default": "Bitte überprüfen Sie Ihre Eingabe.",
  required: "Bitte füllen Sie dieses Feld aus.",
  "name.min": "Bitte geben Sie Ihren Namen ein (mindestens 2 Zeichen).",
  "name.max": "Der Name darf höchstens 100 Zeichen lang sein.",
  "phone.invalid": `Bitte geben Sie eine gültige Telefonnummer mit Vorwahl ein, z. B. ${PHONE.example}.`,
  "contact.message.min": "Bitte schreiben Sie uns mindestens 10 Zeichen.",
  "contact.message.max": "Die Nachricht darf höchstens 5.000 Zeichen lang sein.",
  "contact.topic.invalid": "Bitte wählen Sie ein Thema aus.",
  "contact.privacy.required": "Bitte stimmen Sie der Verarbeitung Ihrer Angaben zu.",
  "legalForm.required": "Bitte wählen Sie eine Rechtsform aus.",
  "postcode.invalid": "Bitte geben Sie eine gültige Postleitzahl ein.",
  "coordinates.latitude": "Bitte geben Sie einen Breitengrad zwischen -90 und 90 ein, z. B. 50,9375.",
  "coordinates.longitude": "Bitte geben Sie einen Längengrad zwischen -180 und 180 ein, z. B. 6,9603.",
  "coordinates.pair": "Bitte geben Sie Breiten- und Längengrad zusammen an.",
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
  "card.description.required": "Bitte beschreiben Sie Ihr Angebot.",
  "card.description.words": "Die Beschreibung darf höchstens 20 Wörter haben.",
  "card.points": "Bitte wählen Sie zwischen 2 und 20 Punkten.",
  "card.minimumSpend": "Bitte geben Sie einen Mindestumsatz zwischen 0 und 1.000 € ein.",
  "card.excluded.length": `Eine Produktgruppe hat 1 bis ${CARD_CONDITIONS.excludedProductMaxChars} Zeichen.`,
  "card.excluded.max": `Sie können höchstens ${CARD_CONDITIONS.maxExcludedProducts} Produktgruppen ausnehmen.`,
  "card.excluded.duplicate": "Diese Produktgruppe steht bereits in der Liste.",
  "card.timeLimits.days": "Bitte wählen Sie mindestens einen Wochentag.",
  "card.timeLimits.windows": "Bitte legen Sie mindestens einen Zeitraum an.",
  "card.timeLimits.tooMany": `Höchstens ${CARD_CONDITIONS.maxTimeWindows} Zeiträume.`,
  "card.timeLimits.order": "Der Beginn muss vor dem Ende liegen.",
  "card.timeLimits.appliesTo": "Bitte wählen Sie, wofür die Zeiten gelten.",
  "social.type": "Bitte wählen Sie die Art des Links.",
  "social.url": "Bitte geben Sie eine vollständige Adresse ein, die mit https:// beginnt.",
  "social.duplicate": "Diese Art von Link haben Sie bereits angelegt.",
  "mandate.required": "Bitte erteilen Sie das SEPA-Lastschriftmandat, um fortzufahren.",
  "categories.primary": "Bitte wählen Sie eine Hauptkategorie.",
  "categories.max": "Sie können höchstens zwei weitere Kategorien wählen.",
  "categories.duplicate": "Bitte wählen Sie jede Kategorie nur einmal.",
  "categories.invalid": "Bitte wählen Sie Kategorien aus der Liste.",
  "publicName.min": "Der öffentliche Name muss mindestens 2 Zeichen lang sein.",
  "publicName.max": "Der öffentliche Name darf höchstens 50 Zeichen lang sein.",
  "logo.format": "Bitte laden Sie ein Logo als PNG, JPG oder PDF hoch.",
  "logo.tooSmall":
    "Das Logo ist zu klein: Es muss mindestens 256 × 256 Pixel groß sein (optimal 1024 × 1024).",
  "logo.tooLarge": "Die Datei ist zu groß. Bitte laden Sie ein Logo mit höchstens 10 MB hoch.",
  "logo.unreadable":
    "Diese Datei konnte nicht gelesen werden. Bitte speichern Sie das Logo erneut als PNG, JPG oder PDF.",
  "logo.tooManyPixels": `Das Logo ist zu groß, um es zu verarbeiten: Bilder und PDF-Seiten (gerechnet mit 200 dpi) dürfen zusammen höchstens ${FILE_RENDERING.maxDecodedPixels / 1_000_000} Millionen Pixel haben. Bitte speichern Sie das Logo kleiner, 1024 × 1024 Pixel genügen.`,
  "logo.tooComplex":
    "Diese PDF-Datei ist zu aufwendig, um sie als Logo darzustellen. Bitte speichern Sie das Logo als PNG oder JPG oder als einfachere PDF-Datei.",
  "logo.busy": "Gerade werden sehr viele Logos verarbeitet. Bitte versuchen Sie es in einer Minute erneut.",
  "logo.rateLimited": `Sie können höchstens ${FILE_RENDERING.logoUploadsPerHour} Logos pro Stunde hochladen. Bitte versuchen Sie es später erneut.`,
  "qrPdf.rateLimited": `Sie können höchstens ${FILE_RENDERING.qrPdfsPerHour} QR-Code-PDFs pro Stunde erstellen. Bitte versuchen Sie es später erneut.`,
  "block.reason": "Bitte geben Sie einen Grund für die Sperre an (mindestens 5 Zeichen).",
  "setup.locationFirst": "Bitte legen Sie zuerst den Standort an.",
  "text.max": "Dieser Text ist zu lang.",
  "text.oneLine":
    "Bitte geben Sie den Text in einer Zeile ein, ohne Zeilenumbrüche, Tabulatoren oder andere Steuerzeichen.",
  "text.controlCharacters":
    "Der Text enthält Steuerzeichen, die nicht erlaubt sind. Bitte entfernen Sie sie (Zeilenumbrüche sind erlaubt).",
  "number.invalid": "Bitte geben Sie eine ganze Zahl ein.",
  "number.min": "Der Wert ist zu klein.",
  "number.max": "Der Wert ist zu groß.",
  "input.invalid": "Bitte überprüfen Sie Ihre Eingabe.",
  "birthDate.invalid": "Bitte geben Sie ein gültiges Geburtsdatum an (JJJJ-MM-TT).",
  "month.invalid": "Bitte wählen Sie einen Monat im Format JJJJ-MM.",
  "day.invalid": "Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT ein.",
  "billing.monthNotOver": "Dieser Monat ist noch nicht abgeschlossen und kann noch nicht abgerechnet werden.",
  "billing.nothingDue": "Bis zu diesem Datum ist keine Lastschrift fällig.",
  "billing.notSubmitted":
    "Nur eingereichte oder in den letzten 8 Wochen eingezogene Lastschriften können als zurückgegeben markiert werden.",
  "billing.notPayable": "Diese Rechnung ist bereits bezahlt oder storniert.",
  "billing.notCancellable":
    "Diese Rechnung ist bereits storniert oder selbst eine Gutschrift und kann nicht storniert werden.",
  "hardware.quantity": "Bitte geben Sie eine Anzahl zwischen 0 und 20 ein.",
  "hardware.empty": "Bitte wählen Sie mindestens einen Artikel aus.",
  "hardware.notLive": "Hardware können Sie bestellen, sobald Ihr Konto freigegeben ist.",
  "hardware.contractEnded": "Ihr Vertrag ist beendet. Hardware kann nicht mehr bestellt werden.",
  "hardware.location": "Bitte wählen Sie einen Ihrer Standorte als Lieferadresse.",
  "contract.notLive":
    "Ihr Vertrag beginnt erst mit der Freigabe Ihres Kontos und kann daher noch nicht gekündigt werden.",
  "contract.alreadyTerminated": "Ihr Vertrag ist bereits gekündigt.",
  "contract.endChanged":
    "Das frühestmögliche Vertragsende hat sich inzwischen geändert. Bitte prüfen Sie das neue Datum und bestätigen Sie erneut.",
  "contract.confirmRequired": "Bitte bestätigen Sie die Kündigung.",
  "payment.noMandate": "Es besteht kein SEPA-Lastschriftmandat, das Sie widerrufen könnten.",
  "clients.exportBlocked":
    "Solange Ihr Konto gesperrt ist (Status Rot), können Sie keine Kundendaten exportieren. Bitte wenden Sie sich an unseren Support.",
  "scan.codeInvalid": "Dieser Code gehört zu keinem Stempla-Standort.",
  "scan.unknownCode": "Dieser Code gehört zu keinem aktiven Stempla-Standort.",
  "scan.locationClosed":
    "Dieser Standort ist vorübergehend geschlossen. Es können keine Punkte gesammelt werden.",
  "scan.pinInvalid": "Die Personal-PIN besteht aus 4 Ziffern.",
  "scan.pinRequired":
    "Sie haben hier in letzter Zeit bereits Punkte gesammelt. Für weitere Punkte gibt das Personal seine PIN ein.",
  "scan.pinWrong": "Die PIN ist nicht richtig. Bitte lassen Sie sie vom Personal eingeben.",
  "scan.pinLocked":
    "Die Personal-PIN ist an diesem Standort nach zu vielen falschen Eingaben vorübergehend gesperrt. Bitte fragen Sie das Personal später noch einmal.",
  "scan.cardFull": "Ihre Karte ist voll. Lösen Sie sie zuerst ein, dann sammeln Sie auf der nächsten Karte.",
  "scan.cardNotFull": "Ihre Karte ist noch nicht voll und kann noch nicht eingelöst werden.",
  "scan.collectTimeLimit":
    "Zu dieser Zeit gibt es hier keine Stempel. Wann Sie sammeln können, steht in den Bedingungen der Karte.",
  "scan.redeemTimeLimit":
    "Zu dieser Zeit kann die Karte hier nicht eingelöst werden. Wann es geht, steht in den Bedingungen der Karte.",
  "scan.keyReused":
    "Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet. Bitte senden Sie einen neuen.",
  "app.emailTaken": "Mit dieser E-Mail-Adresse gibt es bereits ein Konto. Bitte melden Sie sich an.",
  "app.social.providerUnknown": "Eine Anmeldung ist mit Google, Apple oder Facebook möglich.",
  "app.social.notConfigured":
    "Die Anmeldung mit diesem Anbieter ist derzeit nicht verfügbar. Bitte melden Sie sich mit E-Mail-Adresse und Passwort an.",
  "app.social.tokenInvalid": "Ihre Anmeldung konnte nicht bestätigt werden. Bitte melden Sie sich erneut an.",
  "app.social.tokenExpired": "Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.",
  "app.social.emailMissing":
    "Der Anbieter hat uns Ihre E-Mail-Adresse nicht übermittelt. Bitte erlauben Sie den Zugriff auf Ihre E-Mail-Adresse oder registrieren Sie sich mit E-Mail-Adresse und Passwort.",
  "app.social.emailUnverified":
    "Mit dieser E-Mail-Adresse gibt es bereits ein Konto. Da der Anbieter die Adresse nicht als bestätigt übermittelt, verbinden wir die Anmeldung nicht mit diesem Konto. Bitte melden Sie sich mit E-Mail-Adresse und Passwort an.",
  "app.social.providerUnavailable":
    "Der Anmeldedienst des Anbieters ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.",
  "terms.version": "Bitte geben Sie eine Versionsbezeichnung mit höchstens 30 Zeichen ein.",
  "terms.versionTaken": "Diese Versionsbezeichnung ist bereits vergeben.",
  "terms.summary": "Bitte fassen Sie die Änderungen in mindestens 10 Zeichen zusammen.",
  "terms.validFromTooEarly": `Eine Änderung der AGB kann frühestens ${CONTRACT.termsChangeObjectionWeeks} Wochen nach der Ankündigung wirksam werden.`,
  "terms.pendingExists":
    "Es ist bereits eine AGB-Änderung angekündigt, die noch nicht wirksam ist. Bitte warten Sie, bis sie wirksam geworden ist.",
  "terms.objectionClosed": "Die Widerspruchsfrist für diese Änderung ist abgelaufen.",
  "terms.alreadyHandled": "Dieser Widerspruch wurde bereits bearbeitet.",
  "terms.note": "Bitte notieren Sie in mindestens 3 Zeichen, wie der Widerspruch bearbeitet wurde.",
  "faq.slug":
    "Bitte geben Sie einen Anker aus Kleinbuchstaben, Ziffern und Bindestrichen ein (höchstens 80 Zeichen), z. B. geschaetzter-mehrumsatz.",
  "faq.slugTaken": "Diesen Anker verwendet bereits ein anderer Eintrag.",
  "faq.topic": "Bitte wählen Sie ein Thema aus.",
  "faq.audience": "Bitte wählen Sie, für wen der Eintrag sichtbar ist.",
  "faq.question.max": "Die Frage darf höchstens 200 Zeichen lang sein.",
  "faq.answer.max": "Die Antwort darf höchstens 4.000 Zeichen lang sein.",
  "faq.answer.redTags":
    "Jedes <red> braucht ein schließendes </red>; rote Hinweise lassen sich nicht verschachteln.",
  "faq.answer.link":
    "Links schreiben Sie als [Text](/seite), [Text](#anker), [Text](https://…) oder [Text](mailto:…) – ohne Leerzeichen im Ziel.",
  "faq.answer.placeholder": `Die Antwort enthält einen unbekannten Platzhalter. Verfügbar sind: ${FAQ_PLACEHOLDERS_LISTED}.`,
  "franchise.notAMaster": "Nur Franchisegeber (Master-Konten) können Franchisenehmer einladen und verwalten.",
  "franchise.emailTaken": "Für diese E-Mail-Adresse gibt es bereits ein Konto oder eine offene Einladung.",
  "invitation.notOpen": "Diese Einladung ist nicht mehr offen. Bitte laden Sie die Seite neu.",
  "invitation.invalid": "Dieser Einladungslink ist ungültig oder wurde bereits verwendet.",
  "invitation.expired":
    "Dieser Einladungslink ist abgelaufen. Bitte wenden Sie sich an Ihren Franchisegeber, damit er die Einladung erneut sendet.",
  "invitation.refusalReason.required": "Bitte geben Sie einen Grund für die Ablehnung an.",
  "termination.noWindow": "Eine außerordentliche Kündigung ist derzeit nicht möglich.",
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
  "password.min": `The password must be at least ${ACCOUNT.passwordMinChars} characters long.`,
  "password.max": "The password may be up to 128 characters long.",
  "password.mismatch": "The passwords must match.",
  "password.controlCharacters":
    "The password must not contain control characters such as tabs or line breaks.",
  "address.incomplete": "Please enter your street, house number, postal code and city.",
  "iban.invalid": "The entered IBAN is invalid.",
  "accountHolder.min": "The account holder name is too short (at least 3 characters).",
  "billing.default": "Please check your input.",
  required: "Please fill in this field.",
  "name.min": "Please enter your name (at least 2 characters).",
  "name.max": "The name may be up to 100 characters long.",
  "phone.invalid": `Please enter a valid phone number with its area code, e.g. ${PHONE.example}.`,
  "contact.message.min": "Please write at least 10 characters.",
  "contact.message.max": "The message may be up to 5,000 characters long.",
  "contact.topic.invalid": "Please choose a topic.",
  "contact.privacy.required": "Please agree to the processing of your details.",
  "legalForm.required": "Please choose a legal form.",
  "postcode.invalid": "Please enter a valid postal code.",
  "coordinates.latitude": "Please enter a latitude between -90 and 90, e.g. 50.9375.",
  "coordinates.longitude": "Please enter a longitude between -180 and 180, e.g. 6.9603.",
  "coordinates.pair": "Please enter the latitude and the longitude together.",
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
  "card.description.required": "Please describe your offer.",
  "card.description.words": "The description may have at most 20 words.",
  "card.points": "Please choose between 2 and 20 points.",
  "card.minimumSpend": "Please enter a minimum spend between €0 and €1,000.",
  "card.excluded.length": `A product group has 1 to ${CARD_CONDITIONS.excludedProductMaxChars} characters.`,
  "card.excluded.max": `You can exclude at most ${CARD_CONDITIONS.maxExcludedProducts} product groups.`,
  "card.excluded.duplicate": "This product group is already in the list.",
  "card.timeLimits.days": "Please choose at least one weekday.",
  "card.timeLimits.windows": "Please add at least one time range.",
  "card.timeLimits.tooMany": `At most ${CARD_CONDITIONS.maxTimeWindows} time ranges.`,
  "card.timeLimits.order": "The start must be before the end.",
  "card.timeLimits.appliesTo": "Please choose what the times apply to.",
  "social.type": "Please choose the kind of link.",
  "social.url": "Please enter a full address starting with https://.",
  "social.duplicate": "You already have a link of this kind.",
  "mandate.required": "Please grant the SEPA direct debit mandate to continue.",
  "categories.primary": "Please choose a main category.",
  "categories.max": "You can choose at most two further categories.",
  "categories.duplicate": "Please choose each category only once.",
  "categories.invalid": "Please choose categories from the list.",
  "publicName.min": "The public name must be at least 2 characters long.",
  "publicName.max": "The public name may be up to 50 characters long.",
  "logo.format": "Please upload a logo as PNG, JPG or PDF.",
  "logo.tooSmall": "The logo is too small: it must be at least 256 × 256 pixels (1024 × 1024 is best).",
  "logo.tooLarge": "The file is too large. Please upload a logo of at most 10 MB.",
  "logo.unreadable": "This file could not be read. Please save the logo again as PNG, JPG or PDF.",
  "logo.tooManyPixels": `The logo is too large to process: images and PDF pages (counted at 200 dpi) may have at most ${FILE_RENDERING.maxDecodedPixels / 1_000_000} million pixels together. Please save the logo smaller; 1024 × 1024 pixels are enough.`,
  "logo.tooComplex":
    "This PDF file is too complex to show as a logo. Please save the logo as PNG or JPG or as a simpler PDF file.",
  "logo.busy": "Many logos are being processed right now. Please try again in a minute.",
  "logo.rateLimited": `You can upload at most ${FILE_RENDERING.logoUploadsPerHour} logos per hour. Please try again later.`,
  "qrPdf.rateLimited": `You can create at most ${FILE_RENDERING.qrPdfsPerHour} QR code PDFs per hour. Please try again later.`,
  "block.reason": "Please give a reason for the block (at least 5 characters).",
  "setup.locationFirst": "Please create the location first.",
  "text.max": "This text is too long.",
  "text.oneLine": "Please enter the text on one line, without line breaks, tabs or other control characters.",
  "text.controlCharacters":
    "The text contains control characters that are not allowed. Please remove them (line breaks are fine).",
  "number.invalid": "Please enter a whole number.",
  "number.min": "The value is too small.",
  "number.max": "The value is too large.",
  "input.invalid": "Please check your input.",
  "birthDate.invalid": "Please enter a valid date of birth (YYYY-MM-DD).",
  "month.invalid": "Please choose a month in the format YYYY-MM.",
  "day.invalid": "Please enter a valid date in the format YYYY-MM-DD.",
  "billing.monthNotOver": "This month is not over yet and cannot be billed yet.",
  "billing.nothingDue": "No direct debit is due up to this date.",
  "billing.notSubmitted":
    "Only submitted direct debits, or those collected in the last 8 weeks, can be marked as returned.",
  "billing.notPayable": "This invoice is already paid or cancelled.",
  "billing.notCancellable":
    "This invoice is already cancelled or is itself a credit note, so it cannot be cancelled.",
  "hardware.quantity": "Please enter a quantity between 0 and 20.",
  "hardware.empty": "Please choose at least one item.",
  "hardware.notLive": "You can order hardware once your account has been approved.",
  "hardware.contractEnded": "Your contract has ended. Hardware can no longer be ordered.",
  "hardware.location": "Please choose one of your locations as the delivery address.",
  "contract.notLive":
    "Your contract starts only when your account is approved, so it cannot be terminated yet.",
  "contract.alreadyTerminated": "Your contract has already been terminated.",
  "contract.endChanged":
    "The earliest possible end date has changed in the meantime. Please check the new date and confirm again.",
  "contract.confirmRequired": "Please confirm the termination.",
  "payment.noMandate": "There is no SEPA direct-debit mandate to revoke.",
  "clients.exportBlocked":
    "While your account is blocked (status red), you cannot export customer data. Please contact our support.",
  "scan.codeInvalid": "This code does not belong to a Stempla location.",
  "scan.unknownCode": "This code does not belong to an active Stempla location.",
  "scan.locationClosed": "This location is temporarily closed. No points can be collected.",
  "scan.pinInvalid": "The staff PIN has 4 digits.",
  "scan.pinRequired": "You have collected points here recently. For more points, the staff enter their PIN.",
  "scan.pinWrong": "The PIN is not correct. Please let the staff enter it.",
  "scan.pinLocked":
    "The staff PIN at this location is temporarily locked after too many wrong entries. Please ask the staff again later.",
  "scan.cardFull": "Your card is full. Redeem it first, then collect on your next card.",
  "scan.cardNotFull": "Your card is not full yet and cannot be redeemed.",
  "scan.collectTimeLimit":
    "No stamps are given here at this time. The card's conditions say when you can collect.",
  "scan.redeemTimeLimit":
    "The card cannot be redeemed here at this time. The card's conditions say when you can.",
  "scan.keyReused": "This idempotency key was already used for another request. Please send a new one.",
  "app.emailTaken": "There is already an account with this email address. Please log in.",
  "app.social.providerUnknown": "You can sign in with Google, Apple or Facebook.",
  "app.social.notConfigured":
    "Signing in with this provider is not available at the moment. Please log in with your email address and password.",
  "app.social.tokenInvalid": "Your sign-in could not be verified. Please sign in again.",
  "app.social.tokenExpired": "Your sign-in has expired. Please sign in again.",
  "app.social.emailMissing":
    "The provider did not share your email address with us. Please allow access to your email address or register with your email address and password.",
  "app.social.emailUnverified":
    "There is already an account with this email address. As the provider does not confirm the address as verified, we do not connect this sign-in to that account. Please log in with your email address and password.",
  "app.social.providerUnavailable":
    "The provider's sign-in service cannot be reached right now. Please try again in a few minutes.",
  "terms.version": "Please enter a version label of up to 30 characters.",
  "terms.versionTaken": "This version label is already in use.",
  "terms.summary": "Please summarise the changes in at least 10 characters.",
  "terms.validFromTooEarly": `A change of the terms can take effect ${CONTRACT.termsChangeObjectionWeeks} weeks after its announcement at the earliest.`,
  "terms.pendingExists":
    "A change of the terms has already been announced and has not taken effect yet. Please wait until it has.",
  "terms.objectionClosed": "The period for objecting to this change has ended.",
  "terms.alreadyHandled": "This objection has already been handled.",
  "terms.note": "Please note in at least 3 characters how the objection was handled.",
  "faq.slug":
    "Please enter an anchor of lower-case letters, digits and hyphens (at most 80 characters), e.g. estimated-extra-revenue.",
  "faq.slugTaken": "Another entry already uses this anchor.",
  "faq.topic": "Please choose a topic.",
  "faq.audience": "Please choose who can see the entry.",
  "faq.question.max": "The question must be at most 200 characters long.",
  "faq.answer.max": "The answer must be at most 4,000 characters long.",
  "faq.answer.redTags": "Every <red> needs a closing </red>; red notes cannot be nested.",
  "faq.answer.link":
    "Write links as [text](/page), [text](#anchor), [text](https://…) or [text](mailto:…), without spaces in the target.",
  "faq.answer.placeholder": `The answer contains an unknown placeholder. Available: ${FAQ_PLACEHOLDERS_LISTED}.`,
  "franchise.notAMaster": "Only franchisors (master accounts) can invite and manage franchisees.",
  "franchise.emailTaken": "This email address already has an account or an open invitation.",
  "invitation.notOpen": "This invitation is no longer open. Please reload the page.",
  "invitation.invalid": "This invitation link is invalid or has already been used.",
  "invitation.expired":
    "This invitation link has expired. Please ask your franchisor to send the invitation again.",
  "invitation.refusalReason.required": "Please give a reason for the refusal.",
  "termination.noWindow": "An extraordinary termination is not possible at the moment.",
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
