import {
  addMonths,
  berlinDay,
  berlinMonth,
  type DisplayTimesInput,
  displayTimesSchema,
  MENU,
  type MenuBannerFields,
  type MenuItemCreateInput,
  menuBannerFieldsSchema,
  menuItemCreateSchema,
  menuSettingsSchema,
} from "@stempla/domain";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { renderPdf } from "../../lib/pdf/document.ts";
import { PDF_COLORS } from "../../lib/pdf/palette.ts";
import { winAnsi } from "../../lib/pdf/text.ts";
import { PDF_FONTS } from "../../lib/pdf/writer.ts";
import { prng, randomInt } from "../../modules/app/simulation.ts";
import { setDigitalMenu } from "../../modules/billing/service.ts";
import { scanUrl } from "../../modules/locations/service.ts";
import {
  createBanner,
  createItem,
  createTable,
  lockMenu,
  type MenuItemFiles,
  ownLocation,
  setItemDisplayTimes,
  updateMenuSettings,
} from "../../modules/menu/service.ts";
import {
  type ProcessedMenuImage,
  type ProcessedMenuPdf,
  processMenuImage,
  processMenuPdf,
} from "../../modules/menu/uploads.ts";
import type { Database } from "../client.ts";
import { locations, menuItemClicks, menuItems, menus, users } from "../schema/index.ts";
import type { DemoConfig } from "./accounts.ts";

// The demo partner's digital menu (docs/decisions/009-digital-menu.md): what a café in Cologne
// would put on it, made through the menu's own services like the editor's calls, so the guest page
// /dm/{id}, the editor and the invoices show the product as it is. Its pictures and the PDF are
// drawn here at run time (no files from elsewhere) and go through the real upload checks, so the
// renditions exist as after an upload.

/** A dish, section or other entry as the editor sends it, in German and English. */
type Entry = MenuItemCreateInput & { kind: "section" | "dish" | "text" | "link" | "photo" | "pdf" };

const de = (title: string, body?: string) => ({ title, ...(body ? { body } : {}) });
const texts = (german: { title: string; body?: string }, english: { title: string; body?: string }) => ({
  de: german,
  en: english,
});

const section = (german: [string, string?], english: [string, string?]): Entry => ({
  kind: "section",
  texts: texts(de(...german), de(...english)),
});

const dish = (
  cents: number,
  german: [string, string?],
  english: [string, string?],
  allergens: NonNullable<MenuItemCreateInput["allergens"]> = [],
  additives: NonNullable<MenuItemCreateInput["additives"]> = [],
): Entry => ({
  kind: "dish",
  price_cents: cents,
  texts: texts(de(...german), de(...english)),
  allergens,
  additives,
});

/** Monday to Friday, 11:30 to 14:30 in the location's time zone: the lunch entries' schedule. */
export const DEMO_LUNCH_TIMES: DisplayTimesInput = {
  windows: [{ days: ["mon", "tue", "wed", "thu", "fri"], from: "11:30", to: "14:30" }],
};

const SITE = "https://www.cafe-sonnenschein.example";

/** The menu's own list, top to bottom; `lunch` entries show only in DEMO_LUNCH_TIMES. */
const MENU_ENTRIES: (Entry & { lunch?: true })[] = [
  {
    kind: "link",
    url: `${SITE}/reservieren`,
    texts: texts(
      de("Tisch reservieren", "Für Gruppen ab 6 Personen und für das Frühstück am Wochenende"),
      de("Book a table", "For groups of 6 or more and for breakfast at the weekend"),
    ),
  },
  section(
    ["Frühstück", "Bis 12 Uhr, am Wochenende bis 14 Uhr"],
    ["Breakfast", "Until noon, at the weekend until 2 pm"],
  ),
  dish(
    390,
    ["Croissant", "Mit Butter und hausgemachter Aprikosenkonfitüre"],
    ["Croissant", "With butter and home-made apricot jam"],
    ["gluten", "eggs", "milk"],
  ),
  dish(
    1190,
    [
      "Sonnenschein-Frühstück",
      "Zwei Brötchen, Butter, Konfitüre, Bergkäse, gekochtes Ei vom Freilandhuhn und frischer Obstsalat",
    ],
    [
      "Sunshine breakfast",
      "Two rolls, butter, jam, mountain cheese, a free-range boiled egg and fresh fruit salad",
    ],
    ["gluten", "eggs", "milk"],
  ),
  dish(
    1050,
    ["Avocado-Brot", "Sauerteigbrot mit Avocado, pochiertem Ei, Radieschen und Kresse"],
    ["Avocado toast", "Sourdough bread with avocado, a poached egg, radishes and cress"],
    ["gluten", "eggs"],
  ),
  dish(
    890,
    ["Rührei mit Schnittlauch", "Drei Eier vom Freilandhuhn, dazu Bauernbrot"],
    ["Scrambled eggs with chives", "Three free-range eggs with farmhouse bread"],
    ["gluten", "eggs", "milk"],
  ),
  dish(
    750,
    ["Porridge (vegan)", "Haferbrei mit Hafermilch, Apfel, Zimt und gerösteten Walnüssen"],
    ["Porridge (vegan)", "Oats cooked in oat milk with apple, cinnamon and roasted walnuts"],
    ["gluten", "nuts"],
  ),
  {
    ...section(
      ["Mittagstisch", "Montag bis Freitag, 11:30 bis 14:30 Uhr"],
      ["Lunch", "Monday to Friday, 11:30 am to 2:30 pm"],
    ),
    lunch: true,
  },
  {
    ...dish(
      690,
      ["Kürbis-Ingwer-Suppe", "Mit Kürbiskernöl und einer Scheibe Bauernbrot"],
      ["Pumpkin and ginger soup", "With pumpkin seed oil and a slice of farmhouse bread"],
      ["gluten", "celery"],
    ),
    lunch: true,
  },
  {
    ...dish(
      1250,
      ["Quiche Lorraine", "Mit Speck und Lauch, dazu Blattsalat mit Senf-Vinaigrette"],
      ["Quiche Lorraine", "With bacon and leek, served with a leaf salad and mustard vinaigrette"],
      ["gluten", "eggs", "milk", "mustard"],
      ["preservative", "antioxidant"],
    ),
    lunch: true,
  },
  {
    ...dish(
      1190,
      ["Linsen-Bowl (vegan)", "Belugalinsen, Ofengemüse, Hummus und geröstete Sesamsaat"],
      ["Lentil bowl (vegan)", "Beluga lentils, roasted vegetables, hummus and toasted sesame"],
      ["sesame"],
    ),
    lunch: true,
  },
  section(["Kuchen & Torten"], ["Cakes & gateaux"]),
  {
    kind: "photo",
    texts: texts(
      de(
        "Frisch aus unserer Backstube",
        "Jeden Morgen ab sechs Uhr backen wir Kuchen, Croissants und Brötchen selbst.",
      ),
      de(
        "Fresh from our bakery",
        "Every morning from six o'clock we bake our cakes, croissants and rolls ourselves.",
      ),
    ),
  },
  dish(
    420,
    ["Käsekuchen nach Omas Rezept", "Cremig, mit Mürbeteigboden"],
    ["Grandma's cheesecake", "Creamy, on a shortcrust base"],
    ["gluten", "eggs", "milk"],
  ),
  dish(
    520,
    ["Apfelstrudel", "Mit Rosinen, warm serviert mit Vanillesoße"],
    ["Apple strudel", "With raisins, served warm with vanilla sauce"],
    ["gluten", "eggs", "milk", "sulphites"],
    ["sulphured"],
  ),
  dish(
    490,
    ["Schwarzwälder Kirschtorte", "Schokoladenbiskuit, Sahne, Sauerkirschen und ein Schuss Kirschwasser"],
    ["Black Forest gateau", "Chocolate sponge, cream, sour cherries and a dash of kirsch"],
    ["gluten", "eggs", "milk"],
    ["colouring"],
  ),
  dish(
    450,
    ["Schoko-Bananen-Kuchen (vegan)", "Saftig, mit Zartbitterschokolade"],
    ["Chocolate banana cake (vegan)", "Moist, with dark chocolate"],
    ["gluten", "soy"],
  ),
  {
    kind: "pdf",
    texts: texts(
      de("Torten auf Bestellung", "Ganze Torten für Geburtstag und Feier – die Preisliste"),
      de("Cakes to order", "Whole cakes for birthdays and parties – the price list"),
    ),
  },
  section(["Getränke"], ["Drinks"]),
  dish(290, ["Filterkaffee", "Aus unserer Kölner Röstung"], ["Filter coffee", "Roasted here in Cologne"]),
  dish(
    360,
    ["Cappuccino", "Auch mit Hafermilch (+0,50 €)"],
    ["Cappuccino", "Also with oat milk (+€0.50)"],
    ["milk"],
  ),
  dish(390, ["Latte macchiato"], ["Latte macchiato"], ["milk"]),
  dish(
    420,
    ["Chai Latte", "Mit Gewürztee, Milchschaum und Zimt"],
    ["Chai latte", "Spiced tea with frothed milk and cinnamon"],
    ["milk"],
  ),
  dish(
    450,
    ["Hausgemachte Zitronenlimonade", "0,4 l, mit Minze"],
    ["Home-made lemonade", "0.4 l, with mint"],
  ),
  dish(340, ["Cola", "0,33 l"], ["Cola", "0.33 l"], [], ["colouring", "caffeine"]),
  dish(240, ["Kölsch", "0,2 l vom Fass"], ["Kölsch", "0.2 l on tap"], ["gluten"]),
  section(["Gut zu wissen"], ["Good to know"]),
  {
    kind: "text",
    texts: texts(
      de(
        "Preise und Allergene",
        "Alle Preise in Euro inklusive Mehrwertsteuer. Fragen Sie unser Team gern nach Allergenen und Zusatzstoffen – wir helfen Ihnen weiter.",
      ),
      de(
        "Prices and allergens",
        "All prices in euros including VAT. Please ask our team about allergens and additives – we are happy to help.",
      ),
    ),
  },
];

/** The tables and each one's own entry, shown to guests at that table before the menu. */
const TABLES: { name: string; entry: Entry }[] = [
  {
    name: "Terrasse 1",
    entry: {
      kind: "text",
      texts: texts(
        de(
          "Willkommen auf der Terrasse",
          "Bitte bestellen Sie an der Theke – wir bringen Ihnen alles an den Tisch. Decken liegen am Eingang bereit.",
        ),
        de(
          "Welcome to the terrace",
          "Please order at the counter – we bring everything to your table. Blankets are by the entrance.",
        ),
      ),
    },
  },
  {
    name: "Fenster",
    entry: {
      kind: "text",
      texts: texts(
        de(
          "Am Fenster",
          "Hier gibt es Steckdosen für Laptop und Handy. Das WLAN-Passwort steht auf dem Bon.",
        ),
        de(
          "By the window",
          "There are sockets for laptops and phones here. The Wi-Fi password is on your receipt.",
        ),
      ),
    },
  },
];

const BANNERS: (MenuBannerFields & { picture: () => string })[] = [
  {
    url: `${SITE}/torten`,
    texts: { de: { alt: "Torten auf Bestellung" }, en: { alt: "Cakes to order" } },
    picture: () => cakePicture(),
  },
  {
    url: `${SITE}/shop`,
    texts: {
      de: { alt: "Unser Kaffee zum Mitnehmen und als Bohnen" },
      en: { alt: "Our coffee to go and as beans" },
    },
    picture: () => coffeePicture(),
  },
];

/**
 * The pictures are drawn on the editor's recommended size (MENU.recommendedImage, 4:3); the photo
 * is made at that size, the banners (half the page's width) at 4/5 of it, enough for their largest
 * rendition and quicker to render at every start of the demo.
 */
const { width: W, height: H } = MENU.recommendedImage;
const BANNER_SCALE = 0.8;
const svgOpen = (scale = 1) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W * scale}" height="${H * scale}" viewBox="0 0 ${W} ${H}">`;

/** A table with a layered cake, a cup of coffee and the sun in a warm morning light. */
function bakeryPicture(): string {
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const x1 = 150 + Math.cos(a) * 95;
    const y1 = 140 + Math.sin(a) * 95;
    const x2 = 150 + Math.cos(a) * 135;
    const y2 = 140 + Math.sin(a) * 135;
    return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}"/>`;
  }).join("");
  return `${svgOpen()}
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fde2b8"/><stop offset="1" stop-color="#f6b26b"/></linearGradient>
<linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a0642d"/><stop offset="1" stop-color="#6f4118"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<circle cx="150" cy="140" r="78" fill="#ffd23f"/>
<g stroke="#ffd23f" stroke-width="14" stroke-linecap="round">${rays}</g>
<rect x="0" y="540" width="${W}" height="210" fill="url(#wood)"/>
<rect x="0" y="540" width="${W}" height="14" fill="#c07a3a"/>
<ellipse cx="400" cy="560" rx="250" ry="34" fill="#ffffff"/>
<ellipse cx="400" cy="552" rx="230" ry="26" fill="#f1ece4"/>
<rect x="220" y="330" width="360" height="215" rx="18" fill="#7a4a2a"/>
<rect x="220" y="395" width="360" height="30" fill="#fff4e0"/>
<rect x="220" y="470" width="360" height="30" fill="#fff4e0"/>
<ellipse cx="400" cy="330" rx="180" ry="36" fill="#fff4e0"/>
<path d="M232 345 q28 40 56 0 q28 40 56 0 q28 40 56 0 q28 40 56 0 q28 40 56 0 q28 40 56 0" fill="#fff4e0"/>
<circle cx="320" cy="318" r="22" fill="#d7263d"/><circle cx="400" cy="308" r="24" fill="#d7263d"/><circle cx="480" cy="318" r="22" fill="#d7263d"/>
<path d="M400 284 q10 -22 26 -26" stroke="#3a7d44" stroke-width="6" fill="none" stroke-linecap="round"/>
<ellipse cx="780" cy="572" rx="140" ry="24" fill="#ffffff"/>
<path d="M690 420 h180 v70 a90 80 0 0 1 -180 0 z" fill="#ffffff"/>
<path d="M870 440 a42 40 0 0 1 0 80" stroke="#ffffff" stroke-width="18" fill="none"/>
<ellipse cx="780" cy="420" rx="90" ry="20" fill="#5b3415"/>
<g stroke="#ffffff" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.85">
<path d="M745 380 q-20 -30 0 -60 q20 -30 0 -60"/><path d="M790 380 q-20 -30 0 -60 q20 -30 0 -60"/>
</g>
<circle cx="900" cy="120" r="10" fill="#ffffff" opacity="0.6"/><circle cx="640" cy="90" r="7" fill="#ffffff" opacity="0.6"/>
</svg>`;
}

/** A two-tier celebration cake with candles on berry pink. */
function cakePicture(): string {
  const candles = [430, 500, 570]
    .map(
      (x) =>
        `<rect x="${x - 9}" y="150" width="18" height="80" rx="6" fill="#fff8f0"/><path d="M${x} 112 q16 22 0 36 q-16 -14 0 -36z" fill="#ffb703"/>`,
    )
    .join("");
  const dots = Array.from(
    { length: 9 },
    (_, i) => `<circle cx="${290 + i * 52}" cy="520" r="12" fill="#e63973"/>`,
  ).join("");
  return `${svgOpen(BANNER_SCALE)}
<defs><radialGradient id="bg" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#ffd6e0"/><stop offset="1" stop-color="#f28ca6"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<rect x="0" y="610" width="${W}" height="140" fill="#b8436b"/>
<ellipse cx="500" cy="625" rx="320" ry="34" fill="#ffffff"/>
<rect x="250" y="420" width="500" height="200" rx="22" fill="#fff8f0"/>
<path d="M250 440 q31 50 62 0 q31 50 62 0 q31 50 62 0 q31 50 62 0 q31 50 62 0 q31 50 62 0 q31 50 62 0 q31 50 64 0 v-20 h-500z" fill="#f7a1b8"/>
${dots}
<rect x="340" y="230" width="320" height="200" rx="20" fill="#fff8f0"/>
<path d="M340 250 q32 46 64 0 q32 46 64 0 q32 46 64 0 q32 46 64 0 q32 46 64 0 v-20 h-320z" fill="#f7a1b8"/>
<circle cx="420" cy="330" r="16" fill="#d7263d"/><circle cx="500" cy="345" r="16" fill="#d7263d"/><circle cx="580" cy="330" r="16" fill="#d7263d"/>
${candles}
<g fill="#ffffff" opacity="0.7"><circle cx="140" cy="150" r="14"/><circle cx="860" cy="220" r="10"/><circle cx="820" cy="110" r="16"/><circle cx="180" cy="380" r="9"/></g>
</svg>`;
}

/** A paper cup to go beside coffee beans, in roasted browns. */
function coffeePicture(): string {
  const beans = [
    [200, 560, -20],
    [290, 610, 25],
    [150, 640, 60],
    [770, 590, -35],
    [850, 640, 15],
    [700, 660, 70],
    [860, 540, 40],
  ]
    .map(
      ([x, y, r]) =>
        `<g transform="translate(${x} ${y}) rotate(${r})"><ellipse rx="34" ry="24" fill="#4a2511"/><path d="M-26 0 q13 -10 26 0 q13 10 26 0" stroke="#c68b59" stroke-width="5" fill="none"/></g>`,
    )
    .join("");
  return `${svgOpen(BANNER_SCALE)}
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9b872"/><stop offset="1" stop-color="#b5651d"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<path d="M380 200 h240 l-30 470 h-180 z" fill="#fffaf2"/>
<path d="M392 380 h216 l-9 130 h-198 z" fill="#c2410c"/>
<circle cx="500" cy="445" r="40" fill="#ffd23f"/>
<rect x="360" y="160" width="280" height="50" rx="16" fill="#3d2314"/>
<rect x="420" y="135" width="160" height="34" rx="12" fill="#3d2314"/>
<g stroke="#fffaf2" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.8">
<path d="M470 118 q-14 -20 0 -40 q14 -20 0 -40"/><path d="M530 118 q-14 -20 0 -40 q14 -20 0 -40"/>
</g>
${beans}
</svg>`;
}

/** A JPEG as a phone or camera would upload it. */
const jpeg = (svg: string) => sharp(Buffer.from(svg)).jpeg({ quality: 85, mozjpeg: false }).toBuffer();

/** The cakes-to-order price list: one A4 page, as a café's own PDF would be. */
function cakePriceList(locationName: string, address: string): Promise<Buffer> {
  const cakes: [string, string, string][] = [
    ["Käsekuchen nach Omas Rezept", "12 Stück", "38,00 €"],
    ["Apfelstrudel", "12 Stück", "42,00 €"],
    ["Schwarzwälder Kirschtorte", "16 Stück", "58,00 €"],
    ["Schoko-Bananen-Kuchen (vegan)", "12 Stück", "40,00 €"],
    ["Geburtstagstorte mit Beschriftung", "20 Stück", "75,00 €"],
  ];
  return renderPdf(
    {
      size: "A4",
      margin: 56,
      // A fixed date: the same list every time, so its file is stored once per company.
      info: {
        Title: "Torten auf Bestellung",
        Author: locationName,
        CreationDate: new Date("2026-01-05T09:00:00Z"),
      },
    },
    (doc) => {
      const left = 56;
      const right = doc.page.width - 56;
      doc.rect(0, 0, doc.page.width, 110).fill(PDF_COLORS.brandPale);
      doc
        .font(PDF_FONTS.bold)
        .fontSize(26)
        .fillColor(PDF_COLORS.brandDark)
        .text(winAnsi("Torten auf Bestellung"), left, 40);
      doc
        .font(PDF_FONTS.regular)
        .fontSize(11)
        .fillColor(PDF_COLORS.muted)
        .text(winAnsi(`${locationName} · ${address}`), left, 76);
      let y = 150;
      for (const [name, size, price] of cakes) {
        doc
          .font(PDF_FONTS.bold)
          .fontSize(13)
          .fillColor(PDF_COLORS.text)
          .text(winAnsi(name), left, y, { lineBreak: false });
        doc
          .font(PDF_FONTS.regular)
          .fontSize(11)
          .fillColor(PDF_COLORS.muted)
          .text(winAnsi(size), left, y + 18, { lineBreak: false });
        const priceText = winAnsi(price);
        doc.font(PDF_FONTS.bold).fontSize(13).fillColor(PDF_COLORS.text);
        doc.text(priceText, right - doc.widthOfString(priceText), y, { lineBreak: false });
        doc
          .moveTo(left, y + 40)
          .lineTo(right, y + 40)
          .lineWidth(0.5)
          .strokeColor(PDF_COLORS.brandLine)
          .stroke();
        y += 56;
      }
      doc
        .font(PDF_FONTS.regular)
        .fontSize(11)
        .fillColor(PDF_COLORS.text)
        .text(
          winAnsi(
            "Bitte bestellen Sie ganze Torten mindestens drei Tage im Voraus an der Theke oder telefonisch. Alle Preise inklusive Mehrwertsteuer.",
          ),
          left,
          y + 16,
          { width: right - left },
        );
    },
  );
}

/**
 * The files of the demo menu, drawn and checked as uploads are. Started at once and awaited where
 * an entry needs one: pictures and the PDF check run on other threads while the entries before
 * them are written.
 */
function demoFiles(
  locationName: string,
  address: string,
): {
  photo: Promise<ProcessedMenuImage>;
  banners: Promise<ProcessedMenuImage[]>;
  pdf: Promise<ProcessedMenuPdf>;
} {
  const started = {
    photo: jpeg(bakeryPicture()).then(processMenuImage),
    banners: Promise.all(BANNERS.map((banner) => jpeg(banner.picture()).then(processMenuImage))),
    pdf: cakePriceList(locationName, address).then(processMenuPdf),
  };
  // A failure is thrown where the file is awaited; one never awaited (the seed failed before it)
  // must not end the process as an unhandled rejection.
  for (const promise of Object.values(started)) promise.catch(() => undefined);
  return started;
}

/** Guests' taps a month by entry kind (link and PDF the most, headings none), on a full month. */
const TAPS_PER_MONTH: Record<string, [min: number, max: number]> = {
  link: [30, 55],
  pdf: [18, 35],
  photo: [10, 22],
  dish: [4, 24],
  text: [2, 8],
  section: [0, 0],
};

/**
 * The taps guests made on the entries in every month since `since` (one fixed seed, this month so
 * far by its days), as the guest page's counter stores them: one row per entry and month.
 */
async function seedTaps(tx: Database, locationId: number, since: string, now: Date): Promise<void> {
  const entries = await tx
    .select({ id: menuItems.id, kind: menuItems.kind })
    .from(menuItems)
    .where(eq(menuItems.locationId, locationId))
    .orderBy(asc(menuItems.tableId), asc(menuItems.position));
  const random = prng(2026);
  const thisMonth = berlinMonth(now);
  const day = Number(berlinDay(now).slice(8, 10));
  const rows: (typeof menuItemClicks.$inferInsert)[] = [];
  for (
    let month = berlinMonth(new Date(`${since}T12:00:00Z`));
    month <= thisMonth;
    month = addMonths(month, 1)
  ) {
    const share = month === thisMonth ? day / 30 : 1;
    for (const entry of entries) {
      const [min, max] = TAPS_PER_MONTH[entry.kind] ?? [0, 0];
      const clicks = Math.round(randomInt(random, min, max) * share);
      if (clicks > 0) rows.push({ itemId: entry.id, month, clicks });
    }
  }
  if (rows.length > 0) await tx.insert(menuItemClicks).values(rows);
}

/**
 * The demo partner's menu on its first location, booked from `since` (YYYY-MM-DD) by the partner's
 * own user: sections and dishes in German and English with prices, allergens and additives, lunch
 * entries shown Monday to Friday 11:30–14:30, a photo, a PDF, a link, two banners, the review and
 * social links, two tables with an entry each, and guests' taps on the entries in every month up to
 * `now`. Booked before the demo's past months are billed, every invoice carries the menu's line.
 * Only when the location has no menu yet (a menu row exists once anything of it was changed), and
 * all or nothing. Returns the location id, or undefined when nothing was made.
 */
export async function seedDemoMenu(
  db: Database,
  companyId: number,
  config: Pick<DemoConfig, "publicUrl">,
  since: string,
  now = new Date(),
): Promise<number | undefined> {
  const [first] = await db
    .select({ id: locations.id, address: locations.address, scanCode: locations.scanCode })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.id))
    .limit(1);
  const [partner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.id))
    .limit(1);
  if (!first || !partner) return undefined;
  const [existing] = await db
    .select({ id: menus.locationId })
    .from(menus)
    .where(eq(menus.locationId, first.id));
  if (existing) return undefined;

  const location = await ownLocation(db, companyId, first.id);
  const files = demoFiles(location.name, first.address);
  await db.transaction(async (tx) => {
    // As the partner's switch does (menu/service.ts, setMenuEnabled), on the day the demo began.
    await lockMenu(tx, location);
    await setDigitalMenu(tx, location.id, true, partner.id, since);
    await updateMenuSettings(
      tx,
      companyId,
      location.id,
      menuSettingsSchema.parse({
        registration_url: scanUrl(config.publicUrl, first.scanCode),
        review_url: `${SITE}/bewerten`,
        social_links: [
          { type: "website", url: SITE },
          { type: "instagram", url: "https://www.instagram.com/cafesonnenschein.koeln" },
        ],
      }),
    );
    for (const entry of MENU_ENTRIES) {
      const { lunch, ...input } = entry;
      const itemFiles: MenuItemFiles =
        input.kind === "photo"
          ? { image: await files.photo }
          : input.kind === "pdf"
            ? { pdf: await files.pdf }
            : {};
      const item = await createItem(
        tx,
        companyId,
        location.id,
        undefined,
        menuItemCreateSchema.parse(input),
        itemFiles,
      );
      if (lunch)
        await setItemDisplayTimes(tx, companyId, item.id, displayTimesSchema.parse(DEMO_LUNCH_TIMES));
    }
    for (const table of TABLES) {
      const created = await createTable(tx, companyId, location.id, table.name, config.publicUrl);
      await createItem(tx, companyId, location.id, created.id, menuItemCreateSchema.parse(table.entry));
    }
    const bannerImages = await files.banners;
    for (const [i, banner] of BANNERS.entries()) {
      const { picture: _, ...fields } = banner;
      await createBanner(tx, companyId, location.id, bannerImages[i]!, menuBannerFieldsSchema.parse(fields));
    }
    await seedTaps(tx, location.id, since, now);
  });
  return location.id;
}
