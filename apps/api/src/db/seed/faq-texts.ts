import { CUSTOMER_WORDS, type FaqTopic } from "@stempla/domain";

export interface FaqSeedEntry {
  /** Also the seed key (faq_seeds) and the entry's first anchor. */
  slug: string;
  topic: FaqTopic;
  questionDe: string;
  questionEn: string;
  answerDe: string;
  answerEn: string;
}

/**
 * The FAQ the site launched with, in page order within each topic. From then on the provider team
 * maintains the entries in the console; this list only fills a new database (faq-seed.ts).
 */
export const FAQ_SEED_ENTRIES: FaqSeedEntry[] = [
  {
    slug: "what-is-stempla",
    topic: "getting-started",
    questionDe: "Was ist Stempla?",
    questionEn: "What is Stempla?",
    answerDe:
      "Stempla ist die kontaktlose, digitale Stempelkarte für Ihr Unternehmen. Ihre Kunden sammeln Punkte in unserer kostenlosen App, indem sie bei Ihnen einen NFC-Tag nutzen oder einen QR-Code scannen. Ein Scan dauert etwa {scan_seconds} Sekunden. Die gesammelten Punkte lösen Ihre Kunden bei Ihnen gegen Prämien oder Gutscheine ein. Über {companies_count} Unternehmen setzen bereits auf Stempla.",
    answerEn:
      "Stempla is a contactless digital stamp card for your business. Your customers collect points in our free app by using an NFC tag or scanning a QR code at your premises – a scan takes about {scan_seconds} seconds. They then redeem their points with you for rewards or vouchers. More than {companies_count} businesses already use Stempla.",
  },
  {
    slug: "who-is-it-for",
    topic: "getting-started",
    questionDe: "Für welche Unternehmen eignet sich Stempla?",
    questionEn: "Who is Stempla for?",
    answerDe:
      "Stempla richtet sich an Cafés, Restaurants, Bars, den Einzelhandel und Dienstleister – vom einzelnen Standort bis zum Franchisesystem. Als Franchisegeber laden Sie Ihre Franchisenehmer ein und behalten alle verbundenen Standorte zentral im Blick.",
    answerEn:
      "Cafés, restaurants, bars, retailers and service providers – whether you run a single location or a whole franchise network. As a franchisor, you can invite your franchisees and keep track of all connected locations in one place.",
  },
  {
    slug: "partner-benefits",
    topic: "getting-started",
    questionDe: "Welche Vorteile habe ich als Partner?",
    questionEn: "What do I get as a partner?",
    answerDe:
      "Neben der digitalen Stempelkarte erhalten Sie:\nAuswertungen zu Karteninhabern, Besuchshäufigkeit und geschätztem Mehrumsatz – je Standort und kumuliert.\nSchutz vor Missbrauch durch eine Mitarbeiter-PIN und ein Sammellimit pro Kunde.\nEinen Eintrag in der Stempla-App, über den Kunden auf Sie aufmerksam werden.",
    answerEn:
      "On top of the digital stamp card, you get:\nAnalytics on card holders, visit frequency and estimated extra revenue – per location and across all locations.\nFraud prevention with a staff PIN and a limit on how often a customer can collect.\nA listing in the Stempla app, so new customers can find you.",
  },
  {
    slug: "registration",
    topic: "getting-started",
    questionDe: "Wie registriere ich mich?",
    questionEn: "How do I sign up?",
    answerDe:
      "Die Registrierung erfolgt im Web-Dashboard. Sie geben Ihre Unternehmensdaten, Ihre Benutzerdaten und Ihre Rechnungsadresse an und schließen den Rahmenvertrag ab. Anschließend bestätigen Sie Ihre E-Mail-Adresse. Danach führt Sie ein Einrichtungsassistent durch die weiteren Schritte.",
    answerEn:
      "You sign up on the web dashboard: enter your company details, your user details and your billing address, and accept the framework contract. Then confirm your email address, and a set-up wizard will guide you through the rest.",
  },
  {
    slug: "setup-wizard",
    topic: "getting-started",
    questionDe: "Welche Angaben benötigt der Einrichtungsassistent?",
    questionEn: "What information does the set-up wizard ask for?",
    answerDe:
      "Der Assistent fragt Schritt für Schritt folgende Angaben ab:\nStandort\nÖffnungszeiten\nKategorien\nLogo\nBeschreibung Ihres Angebots (höchstens {card_description_words} Wörter)\nMaximale Punktzahl Ihrer Stempelkarte\nSEPA-Daten für die Abrechnung\nAm besten halten Sie diese Informationen vorab bereit.",
    answerEn:
      "The wizard walks you through the following:\nYour location\nOpening hours\nCategories\nYour logo\nA description of your offer ({card_description_words} words max)\nThe maximum number of points on your stamp card\nSEPA bank details for billing\nIt's worth having these to hand before you start.",
  },
  {
    slug: "review-and-activation",
    topic: "getting-started",
    questionDe: "Wie lange dauert es, bis ich starten kann?",
    questionEn: "How long until I can get started?",
    answerDe:
      "Nach Abschluss der Einrichtung prüft unser Team Ihre Angaben innerhalb von {setup_review_working_days} Werktagen. Während der Prüfung zeigt Ihr Konto den Status Gelb, anschließend Grün (aktiv). Nach der Freischaltung erhalten Sie Ihre Hardware innerhalb von {hardware_delivery_weeks} Wochen; Ihren QR-Code können Sie bis dahin selbst ausdrucken.",
    answerEn:
      "Once you've completed set-up, our team reviews your details within {setup_review_working_days} working days. While the review is in progress, your account status is yellow; after that, it turns green (active). Once your account is approved, your hardware arrives within {hardware_delivery_weeks} weeks; until then you can print your QR code yourself.",
  },
  {
    slug: "how-collecting-works",
    topic: "stamp-card-and-scans",
    questionDe: "Wie sammeln meine Kunden Punkte?",
    questionEn: "How do my customers collect points?",
    answerDe:
      "Ihre Kunden öffnen die Stempla-App und halten ihr Smartphone an den NFC-Tag oder scannen den QR-Code an Ihrem Standort – zum Beispiel auf der Chipkarte, dem Aufsteller oder dem Aufkleber. Ein Scan dauert etwa {scan_seconds} Sekunden.",
    answerEn:
      "Customers open the Stempla app and either hold their phone to the NFC tag or scan the QR code at your location – on the chip card, the stand or a sticker, for example. A scan takes about {scan_seconds} seconds.",
  },
  {
    slug: "maximum-points",
    topic: "stamp-card-and-scans",
    questionDe: "Wie lege ich die maximale Punktzahl fest?",
    questionEn: "How do I set the maximum number of points?",
    answerDe:
      "Die maximale Punktzahl bestimmt, wie viele Stempel ein Kunde bis zur Prämie sammelt, zum Beispiel {suggested_points}. Wichtig: Zählen Sie den Besuch, bei dem die Prämie eingelöst wird, nicht mit. Soll es also nach 10 gekauften Kaffees den nächsten gratis geben, tragen Sie 10 ein.",
    answerEn:
      "The maximum number of points is how many stamps a customer collects before earning a reward – for example {suggested_points}. Important: don't count the visit on which the reward is redeemed. So if you want to give away a free coffee after 10 paid ones, enter 10.",
  },
  {
    slug: "hardware",
    topic: "stamp-card-and-scans",
    questionDe: "Welche Hardware erhalte ich und was kostet sie?",
    questionEn: "What hardware do I get, and what does it cost?",
    answerDe:
      "Wir schicken Ihnen Chipkarten mit NFC und QR-Code, Aufsteller im Format A5 sowie Aufkleber per Post zu. Die Lieferung erreicht Sie innerhalb von {hardware_delivery_weeks} Wochen nach der Freischaltung. Die Ausstattung ist für Sie kostenlos; nur wenn der Vertrag schon in den ersten {hardware_free_after_months} Monaten endet, etwa durch außerordentliche Kündigung, berechnen wir eine Gebühr (siehe „Was gilt, wenn der Vertrag vorzeitig endet?“).\nErsatz bei Verlust oder Beschädigung:\nChipkarte: {chip_card_price} inkl. Versand\nAufsteller: {stand_price} inkl. Versand\nAufkleber: {sticker_price}\nAlle Preise zzgl. MwSt.",
    answerEn:
      "We post you chip cards with NFC and a QR code, A5 stands and stickers, which arrive within {hardware_delivery_weeks} weeks of your account's approval. The hardware is free of charge; only if the contract ends within its first {hardware_free_after_months} months, for example by extraordinary termination, do we charge a fee (see “What happens if the contract ends early?”).\nReplacements if something is lost or damaged:\nChip card: {chip_card_price} including shipping\nStand: {stand_price} including shipping\nStickers: {sticker_price}\nAll prices plus VAT.",
  },
  {
    slug: "fraud-prevention",
    topic: "stamp-card-and-scans",
    questionDe: "Wie schützt Stempla vor Missbrauch?",
    questionEn: "How does Stempla prevent misuse?",
    answerDe:
      "Zwei Mechanismen verhindern, dass Punkte missbräuchlich gesammelt werden: eine PIN für Ihre Mitarbeitenden sowie ein Limit, wie oft ein Kunde an einem Standort innerhalb einer bestimmten Anzahl von Stunden Punkte sammeln kann.",
    answerEn:
      "There are two safeguards: a PIN for your staff, and a limit on how many times a customer can collect points at a location within a set number of hours.",
  },
  {
    slug: "analytics",
    topic: "stamp-card-and-scans",
    questionDe: "Welche Auswertungen stehen mir zur Verfügung?",
    questionEn: "What analytics do I get?",
    answerDe:
      "Im Dashboard sehen Sie die Zahl Ihrer Karteninhaber, die Besuchshäufigkeit und den geschätzten Mehrumsatz. Alle Werte erhalten Sie je Standort und kumuliert über alle Standorte.",
    answerEn:
      "Your dashboard shows the number of card holders, visit frequency and estimated extra revenue – for each location and cumulatively across all your locations.",
  },
  {
    slug: "estimated-extra-revenue",
    topic: "stamp-card-and-scans",
    questionDe: "Was ist der geschätzte Mehrumsatz und wie wird er berechnet?",
    questionEn: "What is the estimated extra revenue and how is it calculated?",
    answerDe:
      `Der geschätzte Mehrumsatz zeigt, welchen Umsatz Ihnen wiederkehrende Kunden in einem Monat ungefähr bringen. Wir rechnen: ${CUSTOMER_WORDS.de.revenueBasis}. ${CUSTOMER_WORDS.de.returningDefinition} Die Scans neuer Kunden zählen in ihrem ersten Monat nicht mit; dieselbe Einteilung zeigt die Statistik bei „Neue und wiederkehrende Kunden“.\n` +
      "Beispiel: {example_returning_scans} Scans wiederkehrender Kunden × {default_average_receipt} = {example_extra_revenue}.\nDen durchschnittlichen Bonwert legen Sie im Dashboard direkt neben der Zahl fest („Bonwert ändern“). Solange Sie keinen eigenen Wert hinterlegt haben, rechnen wir mit {default_average_receipt} und kennzeichnen die Zahl als Annahme.\nBitte beachten Sie: Es handelt sich um einen Schätzwert, nicht um gebuchten Umsatz aus Ihrer Kasse oder Buchhaltung.",
    answerEn:
      `The estimated extra revenue shows roughly what returning customers bring you in a month. We calculate: ${CUSTOMER_WORDS.en.revenueBasis.replace("Scans", "scans")}. ${CUSTOMER_WORDS.en.returningDefinition} New customers' scans do not count in their first month; the statistics split "New and returning customers" the same way.\n` +
      'Example: {example_returning_scans} scans by returning customers × {default_average_receipt} = {example_extra_revenue}.\nYou set your average receipt on the dashboard, right next to the figure ("Change average receipt"). Until you enter your own value we assume {default_average_receipt} and mark the figure as an assumption.\nPlease bear in mind that this is an estimate, not booked revenue from your till or your accounts.',
  },
  {
    slug: "what-does-it-cost",
    topic: "pricing-and-billing",
    questionDe: "Was kostet Stempla?",
    questionEn: "How much does Stempla cost?",
    answerDe:
      "Stempla kommt ohne Grundgebühr aus – abgerechnet werden die Scans. Je Standort und Monat gilt ein Mindestbetrag von {minimum_per_location} zzgl. MwSt., in dem {included_scans} Scans enthalten sind. Jeder weitere Scan kostet {price_per_scan} zzgl. MwSt.",
    answerEn:
      "There's no base fee – you pay for scans. Each location has a monthly minimum of {minimum_per_location} plus VAT, which includes {included_scans} scans. Every scan beyond that costs {price_per_scan} plus VAT.",
  },
  {
    slug: "pooled-scans",
    topic: "pricing-and-billing",
    questionDe: "Wie werden die enthaltenen Scans bei mehreren Standorten verrechnet?",
    questionEn: "How do included scans work if I have several locations?",
    answerDe:
      "Die enthaltenen Scans werden über alle Ihre Standorte zusammengerechnet. Ein Beispiel mit {example_locations} Standorten und insgesamt {example_scans} Scans im Monat:\nMindestbetrag: {example_locations} × {minimum_per_location} = {example_minimum} (enthält {example_included_scans} Scans)\nWeitere Scans: {example_extra_scans} × {price_per_scan} = {example_extra_scans_price}\nSumme: {example_total} netto zzgl. {vat_rate} MwSt.\nWie sich die Scans auf die Standorte verteilen, spielt dabei keine Rolle.",
    answerEn:
      "Included scans are pooled across all your locations. Here's an example with {example_locations} locations and {example_scans} scans in total in one month:\nMinimum: {example_locations} × {minimum_per_location} = {example_minimum} (covers {example_included_scans} scans)\nAdditional scans: {example_extra_scans} × {price_per_scan} = {example_extra_scans_price}\nTotal: {example_total} net, plus {vat_rate} VAT\nIt makes no difference how the scans are split between the locations.",
  },
  {
    slug: "digital-menu",
    topic: "pricing-and-billing",
    questionDe: "Was kostet die digitale Speisekarte?",
    questionEn: "How much is the digital menu?",
    answerDe:
      "Die digitale Speisekarte können Sie optional hinzubuchen. Sie kostet {digital_menu_price} pro Monat und Standort zzgl. MwSt.",
    answerEn:
      "The digital menu is an optional add-on at {digital_menu_price} per month per location, plus VAT.",
  },
  {
    slug: "payment-method",
    topic: "pricing-and-billing",
    questionDe: "Wie bezahle ich?",
    questionEn: "How do I pay?",
    answerDe:
      "Die Zahlung erfolgt ausschließlich per SEPA-Lastschrift. Ihre SEPA-Daten hinterlegen Sie bei der Einrichtung. Sie erhalten {sepa_pre_notification_days} Tag vor jedem Einzug eine Vorabankündigung (Pre-Notification). Alle Preise verstehen sich zzgl. {vat_rate} MwSt.",
    answerEn:
      "Payment is by SEPA direct debit only. You enter your bank details during set-up, and we send you a pre-notification {sepa_pre_notification_days} day before each debit. All prices are subject to {vat_rate} VAT.",
  },
  {
    slug: "contract-term",
    topic: "pricing-and-billing",
    questionDe: "Welche Vertragslaufzeit und Kündigungsfrist gelten?",
    questionEn: "What are the minimum term and notice period?",
    answerDe:
      "Die Mindestvertragslaufzeit beträgt {minimum_term_months} Monate. Die Kündigungsfrist beträgt {notice_months} Monate zum Ende eines Quartals.",
    answerEn:
      "The contract has a minimum term of {minimum_term_months} months. The notice period is {notice_months} months to the end of a quarter.",
  },
  {
    slug: "early-termination",
    topic: "pricing-and-billing",
    questionDe: "Was gilt, wenn der Vertrag vorzeitig endet?",
    questionEn: "What happens if the contract ends early?",
    answerDe:
      "Die Mindestlaufzeit beträgt {minimum_term_months} Monate; eine ordentliche Kündigung beendet den Vertrag frühestens zu ihrem Ende und kostet keine Gebühr. Endet der Vertrag dagegen schon vor Ablauf von {hardware_free_after_months} Monaten, etwa durch außerordentliche Kündigung, berechnen wir für die kostenlos gelieferte Hardware eine Gebühr: {early_termination_fee_master} netto für Master (Franchisegeber) und {early_termination_fee_partner} netto für alle übrigen Partner. Kündigt ein Franchisenehmer außerordentlich, weil sein Franchisegeber die Sammelabrechnung beendet, fällt keine Gebühr an.",
    answerEn:
      "The minimum term is {minimum_term_months} months; ordinary notice ends the contract at the end of the term at the earliest and costs no fee. If the contract ends within its first {hardware_free_after_months} months instead, for example by extraordinary termination, a fee for the hardware we supplied free of charge applies: {early_termination_fee_master} net for masters (franchisors) and {early_termination_fee_partner} net for all other partners. A franchisee that terminates extraordinarily because its franchisor ends collective invoicing pays no fee.",
  },
  // Coupons and vouchers (docs/product.md, "Coupons and vouchers"; docs/decisions/010-coupons-and-vouchers.md).
  // Added after launch: faq-seed.ts inserts entries whose key it has not seeded yet, so existing
  // databases get them at the end of their topic.
  {
    slug: "coupons-and-vouchers",
    topic: "pricing-and-billing",
    questionDe: "Was sind Coupons, Gutscheine und Wertgutscheine?",
    questionEn: "What are coupons, vouchers and cash vouchers?",
    answerDe:
      "Im Marktplatz der Stempla-App bieten Sie Ihren Kunden drei Arten von Angeboten an:\nCoupons sind kostenlose Vorteile, etwa ein Heißgetränk zum Frühstück. Eine Coupon-Aktion umfasst mindestens {nft_minimum_coupons} Coupons.\nGutscheine verkaufen Sie für ein bestimmtes Produkt oder eine Leistung, etwa ein Frühstück für zwei.\nWertgutscheine verkaufen Sie über einen Geldbetrag von {nft_cash_voucher_min} bis {nft_cash_voucher_max}, den Ihre Kunden bei Ihnen einlösen.\nIhre Kunden bezahlen Gutscheine direkt in der App. Sie verkaufen im eigenen Namen; Stempla vermittelt den Verkauf und wickelt die Zahlung in Ihrem Namen ab. Ihre Angebote legen Sie im Dashboard unter „Coupons & Gutscheine“ an.",
    answerEn:
      'In the Stempla app\'s market you can offer your customers three kinds of offers:\nCoupons are free perks, such as a hot drink with breakfast. A coupon campaign offers at least {nft_minimum_coupons} coupons.\nVouchers are sold for a particular product or service, such as breakfast for two.\nCash vouchers are sold for an amount of money from {nft_cash_voucher_min} to {nft_cash_voucher_max} that your customers spend with you.\nYour customers pay for vouchers right in the app. You sell in your own name; Stempla arranges the sale and handles the payment on your behalf. You create your offers on the dashboard under "Coupons & vouchers".',
  },
  {
    slug: "voucher-fee",
    topic: "pricing-and-billing",
    questionDe: "Was kosten Coupons und Gutscheine?",
    questionEn: "What do coupons and vouchers cost?",
    answerDe:
      "Coupons sind für Sie kostenlos. Für jeden verkauften Gutschein und Wertgutschein berechnen wir eine Plattformgebühr von {nft_platform_fee} (ein Anteil am Verkaufspreis plus ein fester Betrag), inkl. MwSt. Sie deckt auch die Kosten des Zahlungsdienstleisters; weitere Kosten entstehen Ihnen nicht. Die Gebühr behalten wir bei der Auszahlung ein; für einen widerrufenen Gutschein fällt keine Gebühr an. Die einbehaltenen Gebühren stellen wir Ihnen monatlich in der Gutschein-Abrechnung in Rechnung.",
    answerEn:
      "Coupons are free for you. For every voucher and cash voucher sold we charge a platform fee of {nft_platform_fee} (a share of the sale price plus a fixed amount), VAT included. It also covers the payment provider's costs; there is nothing else to pay. We withhold the fee when we pay out your share, and a withdrawn voucher carries no fee. The withheld fees are invoiced to you every month on the voucher statement.",
  },
  {
    slug: "voucher-payout",
    topic: "pricing-and-billing",
    questionDe: "Wann erhalte ich das Geld für verkaufte Gutscheine?",
    questionEn: "When do I get the money for vouchers I sold?",
    answerDe:
      "Sie erhalten den Verkaufspreis abzüglich der Plattformgebühr, sobald der Gutschein eingelöst ist oder die Widerrufsfrist von {nft_withdrawal_days} Tagen abgelaufen ist – je nachdem, was zuerst eintritt. Fällige Beträge überweisen wir gesammelt, höchstens einmal am Tag, auf das Auszahlungskonto, das Sie im Dashboard beim Zahlungsdienstleister einrichten. Ohne aktives Auszahlungskonto können Sie keine bezahlten Gutscheine anbieten.",
    answerEn:
      "You receive the sale price minus the platform fee as soon as the voucher is redeemed or its {nft_withdrawal_days}-day withdrawal period has ended, whichever comes first. Amounts due are paid out together, at most once a day, to the payout account you set up with the payment provider from the dashboard. Without an active payout account you cannot offer paid vouchers.",
  },
  {
    slug: "voucher-vat",
    topic: "pricing-and-billing",
    questionDe: "Wie wird die Umsatzsteuer bei Gutscheinen behandelt?",
    questionEn: "How is VAT handled on vouchers?",
    answerDe:
      "Ein Gutschein mit nur einem Steuersatz, der nur in Deutschland eingelöst werden kann, ist ein Einzweck-Gutschein, dessen Umsatzsteuer beim Verkauf anfällt; alle anderen – Wertgutscheine immer – sind Mehrzweck-Gutscheine, deren Umsatzsteuer erst bei der Einlösung mit dem Umsatz Ihrer Kasse anfällt.",
    answerEn:
      "A voucher with a single VAT rate that can only be redeemed in Germany is a single-purpose voucher, taxed when it is sold; all others – cash vouchers always – are multi-purpose vouchers, taxed only when redeemed, with your till's turnover.",
  },
  {
    slug: "voucher-withdrawal-and-validity",
    topic: "pricing-and-billing",
    questionDe: "Welches Widerrufsrecht haben Kunden, und wie lange gelten Gutscheine?",
    questionEn: "Can customers withdraw, and how long are vouchers valid?",
    answerDe:
      "Ihre Kunden können einen bezahlten Gutschein, der noch nicht eingelöst ist, innerhalb von {nft_withdrawal_days} Tagen nach dem Kauf widerrufen. Sie erhalten dann den vollen Preis zurück, der Gutschein verfällt, und Sie zahlen dafür keine Gebühr. Ein eingelöster Gutschein kann nicht widerrufen werden.\nBezahlte Gutscheine sind mindestens {nft_voucher_validity_years} volle Kalenderjahre über das Kaufjahr hinaus gültig, also bis zum Ende des {nft_voucher_validity_years}. Jahres nach dem Kaufjahr. Bei Coupons legen Sie die Gültigkeit selbst fest, auch bis zum Ende der Aktion.",
    answerEn:
      "Your customers may withdraw from a paid voucher they have not redeemed within {nft_withdrawal_days} days of buying it. They get the full price back, the voucher is voided, and you pay no fee for it. A redeemed voucher cannot be withdrawn.\nPaid vouchers stay valid for at least {nft_voucher_validity_years} full calendar years after the year of purchase, that is until the end of the last of those years. For coupons you choose the validity yourself, including until the end of the campaign.",
  },
  {
    slug: "voucher-review",
    topic: "pricing-and-billing",
    questionDe: "Wer prüft meine Coupons und Gutscheine?",
    questionEn: "Who reviews my coupons and vouchers?",
    answerDe:
      "Jedes Angebot prüft unser Team, bevor es auf den Marktplatz kommt, in der Regel innerhalb von {change_review_days} Tagen. Sie erfahren per E-Mail und im Dashboard, ob Ihr Angebot freigegeben ist oder was Sie daran noch ändern sollten; nach einer Änderung prüfen wir erneut. Ein Foto laden Sie als JPG oder PNG bis {nft_photo_mb} MB hoch.",
    answerEn:
      "Our team reviews every offer before it goes on the market, usually within {change_review_days} days. You learn by email and on the dashboard whether your offer is approved or what needs changing; after a change we review it again. Photos can be uploaded as JPG or PNG up to {nft_photo_mb} MB.",
  },
  {
    slug: "app-cost",
    topic: "customer-app",
    questionDe: "Was kostet die App für meine Kunden?",
    questionEn: "Do my customers have to pay for the app?",
    answerDe: "Nichts. Die Stempla-App ist für Ihre Kunden kostenlos.",
    answerEn: "No. The Stempla app is free for your customers.",
  },
  {
    slug: "sign-in",
    topic: "customer-app",
    questionDe: "Wie melden sich Kunden in der App an?",
    questionEn: "How do customers sign in?",
    answerDe: "Ihre Kunden melden sich bequem mit ihrem Google-, Facebook- oder Apple-Konto an.",
    answerEn: "Customers simply sign in with their Google, Facebook or Apple account.",
  },
  {
    slug: "app-listing",
    topic: "customer-app",
    questionDe: "Finden Kunden mein Unternehmen in der App?",
    questionEn: "Will customers find my business in the app?",
    answerDe:
      "Ja. Als Partner erhalten Sie einen Eintrag in der Stempla-App. Ein aussagekräftiges Logo und eine prägnante Angebotsbeschreibung (höchstens {card_description_words} Wörter) helfen Ihnen, dort aufzufallen.",
    answerEn:
      "Yes. As a partner, you get a listing in the Stempla app. A clear logo and a short, punchy description of your offer ({card_description_words} words max) help you stand out.",
  },
  {
    slug: "redeeming-points",
    topic: "customer-app",
    questionDe: "Wo können Kunden ihre Punkte einlösen?",
    questionEn: "Where can customers redeem their points?",
    answerDe:
      "Punkte lassen sich ausschließlich bei dem Partner einlösen, der sie ausgegeben hat – also bei Ihnen. Ihre Kunden erhalten dafür Prämien oder Gutscheine. Eine Barauszahlung ist nicht möglich.",
    answerEn:
      "Only with the partner who issued them – in other words, with you. Customers exchange their points for rewards or vouchers. Points can't be paid out in cash.",
  },
  {
    slug: "customer-contact-data",
    topic: "customer-app",
    questionDe: "Sehe ich die Kontaktdaten meiner Kunden?",
    questionEn: "Can I see my customers' contact details?",
    answerDe:
      "In Ihrer Kundenliste sehen Sie ausschließlich die Kontaktdaten von Kunden, die der Weitergabe an Sie zugestimmt haben. Die Liste können Sie als CSV-Datei exportieren.",
    answerEn:
      "Your client list only shows the contact details of customers who have agreed to share them with you. You can export the list as a CSV file.",
  },
  {
    slug: "account-status",
    topic: "account-and-support",
    questionDe: "Was bedeuten die Farben meines Kontostatus?",
    questionEn: "What do the account status colours mean?",
    answerDe:
      "Schwarz: Einladung an einen Franchisenehmer versendet\nGrau: Konto noch nicht vollständig eingerichtet\nGelb: in Prüfung\nGrün: aktiv\nRot: gesperrt oder Pflichtangaben fehlen\nOrange: Änderungen werden geprüft\nZeigt Ihr Konto Rot, ergänzen Sie bitte die fehlenden Angaben oder wenden Sie sich an unseren Support.",
    answerEn:
      "Black: invitation sent to a franchisee\nGrey: account not fully set up yet\nYellow: under review\nGreen: active\nRed: blocked, or required information is missing\nOrange: changes under review\nIf your account shows red, please add the missing information or get in touch with our support team.",
  },
  {
    slug: "changing-details",
    topic: "account-and-support",
    questionDe: "Kann ich meine Angaben nachträglich ändern?",
    questionEn: "Can I change my details later?",
    answerDe:
      "Ja, Sie können Ihre Angaben jederzeit im Dashboard anpassen. Änderungen an bereits geprüften Daten prüft unser Team innerhalb von bis zu {change_review_days} Tagen erneut, bevor sie veröffentlicht werden. Während dieser Prüfung zeigt Ihr Konto den Status Orange.",
    answerEn:
      "Yes, you can update your details in the dashboard at any time. If you change details we've already reviewed, our team checks them again within {change_review_days} days at most before they go live. During this check, your account status is orange.",
  },
  {
    slug: "franchise",
    topic: "account-and-support",
    questionDe: "Wie funktioniert Stempla für Franchisesysteme?",
    questionEn: "How does Stempla work for franchises?",
    answerDe:
      "Als Master (Franchisegeber) laden Sie Ihre Franchisenehmer im Dashboard unter „Franchise-Netzwerk“ ein. Unser Team prüft jede Einladung innerhalb von bis zu {invitation_check_days} Tagen; danach erhält der Franchisenehmer per E-Mail einen Link, der {invitation_link_days} Tage gültig ist, und registriert sich damit mit seinem eigenen Unternehmen. Bis dahin zeigt sein Konto den Status Schwarz. Danach sehen Sie Unternehmen, Rechtsform, Ansprechpartner, Status und Standorte Ihrer Franchisenehmer sowie gemeinsame Scan-Statistiken. Kundendaten, Bankverbindung und Rechnungen Ihrer Franchisenehmer sehen Sie nicht, und ihre Angaben ändert jeder Franchisenehmer selbst.",
    answerEn:
      "As a master (franchisor), you invite your franchisees in the dashboard under “Franchise network”. Our team checks every invitation within {invitation_check_days} days at most; then the franchisee receives a link by email that is valid for {invitation_link_days} days and registers its own business with it. Until then, its account shows the status black. Afterwards you see your franchisees' company, legal form, contact person, status and locations as well as joint scan statistics. You do not see your franchisees' customer data, bank details or invoices, and each franchisee changes its own details.",
  },
  {
    slug: "collective-invoicing",
    topic: "account-and-support",
    questionDe: "Kann der Franchisegeber die Abrechnung für alle Standorte übernehmen?",
    questionEn: "Can the franchisor handle billing for all locations?",
    answerDe:
      "Ja. Der Master schaltet die Sammelabrechnung je Abrechnungsmonat ein oder aus; eine Änderung gilt ab dem nächsten Monat. Eingeschaltet erhält der Master eine gemeinsame Rechnung für seine Standorte und die seiner Franchisenehmer, mit einem eigenen Abschnitt je Franchisenehmer, und die Franchisenehmer erhalten für diesen Monat keine eigene Rechnung. Am Betrag ändert sich nichts, nur wer ihn bezahlt. Jeder Franchisenehmer wird über eine Änderung per E-Mail informiert. Schaltet der Master die Sammelabrechnung aus, kann jeder Franchisenehmer seinen Vertrag innerhalb von {extraordinary_notice_days} Tagen außerordentlich und ohne Gebühr kündigen.",
    answerEn:
      "Yes. The master switches collective invoicing on or off per billing month; a change applies from the next month. When it is on, the master receives one invoice for its own locations and those of its franchisees, with a section per franchisee, and the franchisees receive no invoice of their own for that month. The amount stays the same; only who pays it changes. Every franchisee is notified of a change by email. If the master switches collective invoicing off, each franchisee may terminate its contract extraordinarily and free of charge within {extraordinary_notice_days} days.",
  },
  {
    slug: "contact-support",
    topic: "account-and-support",
    questionDe: "Wie erreiche ich den Support?",
    questionEn: "How can I reach support?",
    answerDe:
      "Telefonisch erreichen Sie uns montags bis freitags von {support_phone_from} bis {support_phone_to} Uhr. Per E-Mail ist unser Support rund um die Uhr für Sie da. Alternativ nutzen Sie das Kontaktformular auf unserer Website.",
    answerEn:
      "You can call us Monday to Friday from {support_phone_from} to {support_phone_to}, and email support is available around the clock. You can also use the contact form on our website.",
  },
  {
    slug: "terms",
    topic: "account-and-support",
    questionDe: "Welche Vertragsbedingungen gelten?",
    questionEn: "Which terms apply?",
    answerDe:
      "Es gelten unsere Allgemeinen Geschäftsbedingungen (AGB), gültig seit dem {terms_valid_since}, sowie der Rahmenvertrag, den Sie bei der Registrierung abschließen.",
    answerEn:
      "Our terms and conditions, in effect since {terms_valid_since}, apply together with the framework contract you accept when signing up.",
  },
];
