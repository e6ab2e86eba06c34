import {
  HARDWARE_DELIVERY_WEEKS,
  HARDWARE_FREE_AFTER_MONTHS,
  HARDWARE_ITEMS,
  type HardwareItem,
  type Locale,
  STARTER_KIT,
} from "@stempla/domain";

/**
 * What happens after an approval that sent starter kits (docs/product.md, "Hardware"): the kit and
 * when it arrives, how to print the QR code meanwhile, how to try the first scan. Paragraphs for
 * the status mail; every number comes from the domain's constants.
 */
export interface NextStepsInput {
  /** The names of the locations a kit was sent to with this approval. */
  locations: string[];
  /** The dashboard's location list, where each location's QR code is downloaded. */
  locationsUrl: string;
  /** The end-customer app in the stores (config `app`); without it the stores are only named (demo seed). */
  app?: { iosUrl: string; androidUrl: string } | undefined;
}

const itemNames: Record<Locale, Record<HardwareItem, [one: string, other: string]>> = {
  de: {
    chipCard: ["Chipkarte (NFC und QR-Code)", "Chipkarten (NFC und QR-Code)"],
    stand: ["Aufsteller A5", "Aufsteller A5"],
    sticker: ["Aufkleber", "Aufkleber"],
  },
  en: {
    chipCard: ["chip card (NFC and QR code)", "chip cards (NFC and QR code)"],
    stand: ["A5 stand", "A5 stands"],
    sticker: ["sticker", "stickers"],
  },
};

/** "1 Chipkarte (NFC und QR-Code), 1 Aufsteller A5 und 2 Aufkleber" from `STARTER_KIT`. */
export function starterKitContents(locale: Locale): string {
  const parts = HARDWARE_ITEMS.map((item) => {
    const count = STARTER_KIT[item];
    const [one, other] = itemNames[locale][item];
    return `${count} ${count === 1 ? one : other}`;
  });
  const and = locale === "de" ? " und " : " and ";
  return `${parts.slice(0, -1).join(", ")}${and}${parts.at(-1)}`;
}

const texts = {
  de: {
    heading: "So geht es weiter:",
    kit: (contents: string, places: string) =>
      `1. Ihr Starterpaket ist unterwegs: Für jeden Standort senden wir Ihnen ${contents} an die Adresse des Standorts (${places}). Es kommt innerhalb von ${HARDWARE_DELIVERY_WEEKS} Wochen an und ist kostenlos, wenn Ihr Vertrag länger als ${HARDWARE_FREE_AFTER_MONTHS} Monate besteht.`,
    print: (url: string) =>
      `2. Bis dahin drucken Sie den QR-Code selbst aus: Öffnen Sie im Dashboard unter „Standorte“ Ihren Standort und laden Sie unter „Zum Ausdrucken“ den A5-Aushang als PDF herunter: ${url}`,
    stores: (app?: NextStepsInput["app"]) =>
      app
        ? `(App Store: ${app.iosUrl} – Google Play: ${app.androidUrl})`
        : "aus dem App Store oder von Google Play",
    scan: (stores: string) =>
      `3. Probieren Sie den ersten Scan aus: Installieren Sie die Stempla-App ${stores}, melden Sie sich an und scannen Sie den QR-Code mit der App. Ihr erster Punkt ist gesammelt.`,
  },
  en: {
    heading: "What happens next:",
    kit: (contents: string, places: string) =>
      `1. Your starter kit is on its way: for each location we send ${contents} to the location's address (${places}). It arrives within ${HARDWARE_DELIVERY_WEEKS} weeks and is free of charge if your contract lasts longer than ${HARDWARE_FREE_AFTER_MONTHS} months.`,
    print: (url: string) =>
      `2. Until then, print the QR code yourself: in the dashboard, open your location under "Locations" and download the A5 poster as a PDF under "Ready to print": ${url}`,
    stores: (app?: NextStepsInput["app"]) =>
      app
        ? `(App Store: ${app.iosUrl} – Google Play: ${app.androidUrl})`
        : "from the App Store or Google Play",
    scan: (stores: string) =>
      `3. Try the first scan: install the Stempla app ${stores}, sign in and scan the QR code with the app. Your first point is collected.`,
  },
} satisfies Record<Locale, unknown>;

export function approvalNextSteps(locale: Locale, input: NextStepsInput): string[] {
  const t = texts[locale];
  return [
    t.heading,
    t.kit(starterKitContents(locale), input.locations.join(", ")),
    t.print(input.locationsUrl),
    t.scan(t.stores(input.app)),
  ];
}
