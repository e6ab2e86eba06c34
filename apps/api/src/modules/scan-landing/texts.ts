import type { Locale, Weekday } from "@stempla/domain";

// The scan landing's words (docs/product.md, "Scan landing"): the guest who opened a location's QR
// code with the phone camera instead of the app. Formal "Sie"; no numbers of their own.

export interface LandingTexts {
  title: (partner: string) => string;
  description: (partner: string) => string;
  cardLabel: string;
  conditions: string;
  collectHeading: string;
  steps: [string, string];
  redeemOnly: (partner: string) => string;
  openApp: string;
  openAppHint: string;
  appStore: { small: string; big: string };
  googlePlay: { small: string; big: string };
  storesLabel: string;
  hoursHeading: string;
  today: string;
  closedDay: string;
  temporarilyClosed: string;
  phone: string;
  weekdays: Record<Weekday, string>;
  inactiveTitle: string;
  inactiveText: string;
  notFoundTitle: string;
  notFoundText: string;
  footer: string;
  imprint: string;
  privacy: string;
  appTerms: string;
  otherLanguage: { locale: Locale; label: string };
}

export const LANDING_TEXTS: Record<Locale, LandingTexts> = {
  de: {
    title: (partner) => `${partner} – Bonuskarte mit Stempla`,
    description: (partner) => `Sammeln Sie bei ${partner} Punkte mit der kostenlosen Stempla-App.`,
    cardLabel: "Ihre Bonuskarte",
    conditions: "Bedingungen",
    collectHeading: "So sammeln Sie Punkte",
    steps: [
      "Laden Sie die kostenlose Stempla-App herunter.",
      "Scannen Sie diesen QR-Code mit der App oder halten Sie Ihr Handy an den Stempla-Chip – so bekommen Sie Ihren Punkt.",
    ],
    redeemOnly: (partner) => `Punkte lösen Sie nur bei ${partner} ein; eine Barauszahlung gibt es nicht.`,
    openApp: "In der App öffnen",
    openAppHint: "Sie haben die App schon?",
    appStore: { small: "Laden im", big: "App Store" },
    googlePlay: { small: "Jetzt bei", big: "Google Play" },
    storesLabel: "Stempla-App herunterladen",
    hoursHeading: "Öffnungszeiten",
    today: "heute",
    closedDay: "geschlossen",
    temporarilyClosed: "Dieser Standort ist vorübergehend geschlossen.",
    phone: "Telefon",
    weekdays: {
      mon: "Montag",
      tue: "Dienstag",
      wed: "Mittwoch",
      thu: "Donnerstag",
      fri: "Freitag",
      sat: "Samstag",
      sun: "Sonntag",
    },
    inactiveTitle: "Diese Bonuskarte ist gerade nicht aktiv",
    inactiveText:
      "An diesem Standort können Sie im Moment keine Punkte sammeln. Bitte fragen Sie vor Ort nach oder versuchen Sie es später noch einmal.",
    notFoundTitle: "Diesen Code kennen wir nicht",
    notFoundText:
      "Zu diesem QR-Code gibt es keine Bonuskarte. Bitte prüfen Sie, ob Sie den ganzen Code gescannt haben.",
    footer: "Stempla – die digitale Stempelkarte",
    imprint: "Impressum",
    privacy: "Datenschutz",
    appTerms: "Nutzungsbedingungen der App",
    otherLanguage: { locale: "en", label: "English" },
  },
  en: {
    title: (partner) => `${partner} – stamp card with Stempla`,
    description: (partner) => `Collect points at ${partner} with the free Stempla app.`,
    cardLabel: "Your stamp card",
    conditions: "Conditions",
    collectHeading: "How to collect points",
    steps: [
      "Download the free Stempla app.",
      "Scan this QR code with the app or hold your phone to the Stempla chip to get your point.",
    ],
    redeemOnly: (partner) => `Points can only be redeemed at ${partner}; there is no cash payout.`,
    openApp: "Open in the app",
    openAppHint: "Already have the app?",
    appStore: { small: "Download on the", big: "App Store" },
    googlePlay: { small: "Get it on", big: "Google Play" },
    storesLabel: "Download the Stempla app",
    hoursHeading: "Opening hours",
    today: "today",
    closedDay: "closed",
    temporarilyClosed: "This location is temporarily closed.",
    phone: "Phone",
    weekdays: {
      mon: "Monday",
      tue: "Tuesday",
      wed: "Wednesday",
      thu: "Thursday",
      fri: "Friday",
      sat: "Saturday",
      sun: "Sunday",
    },
    inactiveTitle: "This stamp card is not active at the moment",
    inactiveText:
      "You cannot collect points at this location right now. Please ask the staff, or try again later.",
    notFoundTitle: "We do not know this code",
    notFoundText: "This QR code does not lead to a stamp card. Please check that you scanned the whole code.",
    footer: "Stempla – the digital stamp card",
    imprint: "Imprint",
    privacy: "Privacy",
    appTerms: "App terms of use",
    otherLanguage: { locale: "de", label: "Deutsch" },
  },
};
