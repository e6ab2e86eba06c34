// Generated partners for the simulator and the benchmark: German-sounding businesses in German
// cities with plausible opening hours, each set up and approved through the demo seed's path
// (createLivePartner), so they are live exactly as a real partner is. A franchisor's franchisees
// join through the invitation service as real ones do (demo-franchise.ts; decision 008 §7).
import { type LocationInput, normalisePhone } from "@stempla/domain";
import type { Database } from "../../apps/api/src/db/client.ts";
import { createLivePartner, type DemoConfig, type DemoPartner } from "../../apps/api/src/db/seed/accounts.ts";
import {
  backdateNetwork,
  createLiveFranchisee,
  masterViewer,
} from "../../apps/api/src/db/seed/demo-franchise.ts";
import { backdateGoLive } from "../../apps/api/src/db/seed/go-live.ts";
import { pick, prng, type Random, randomInt, streamSeed } from "../../apps/api/src/modules/app/simulation.ts";
import { emailPart, FIRST_NAMES, SURNAMES } from "../../apps/api/src/modules/app/simulation-names.ts";

/** The password of every generated partner login. */
export const SIMULATED_PARTNER_PASSWORD = "Sim-Partner-2026";

type Hours = LocationInput["working_hours"];
const range = (from: string, to: string) => [{ from, to }];
const days = (keys: string[], ranges: { from: string; to: string }[]) =>
  Object.fromEntries(keys.map((k) => [k, ranges]));
const MON_FRI = ["mon", "tue", "wed", "thu", "fri"];

interface Trade {
  category: string;
  secondary: string[];
  names: ((r: Random) => string)[];
  description: string;
  points: number;
  hours: Hours;
}

const surname = (r: Random) => pick(r, SURNAMES);
const word = (r: Random, words: string[]) => pick(r, words);
const ITALIAN = ["Bella Napoli", "da Marco", "Roma", "Da Gino", "La Piazza", "Toscana", "Venezia", "Luigi"];
const NICE = [
  "Sonnenschein",
  "Lindenhof",
  "Morgenrot",
  "Kranich",
  "Feierabend",
  "Glücksgriff",
  "Zeitlos",
  "Kleeblatt",
];

const TRADES: Trade[] = [
  {
    category: "cafe",
    secondary: ["patisserie"],
    names: [
      (r) => `Café ${word(r, NICE)}`,
      (r) => `Kaffeehaus ${surname(r)}`,
      (r) => `Kaffeebar ${word(r, NICE)}`,
    ],
    description: "Jeder 10. Kaffee ist gratis",
    points: 9,
    hours: {
      ...days(MON_FRI, range("07:30", "18:30")),
      sat: range("08:30", "18:00"),
      sun: range("09:30", "17:00"),
    },
  },
  {
    category: "bakery",
    secondary: ["cafe"],
    names: [(r) => `Bäckerei ${surname(r)}`, (r) => `Backstube ${word(r, NICE)}`],
    description: "Beim 11. Einkauf gibt es ein Croissant gratis",
    points: 10,
    hours: {
      ...days(MON_FRI, range("06:30", "18:30")),
      sat: range("07:00", "13:00"),
      sun: range("08:00", "11:00"),
    },
  },
  {
    category: "restaurant",
    secondary: [],
    names: [(r) => `Pizzeria ${word(r, ITALIAN)}`, (r) => `Trattoria ${word(r, ITALIAN)}`],
    description: "Die 9. Pizza geht aufs Haus",
    points: 8,
    hours: {
      ...days(
        ["tue", "wed", "thu", "fri", "sat", "sun"],
        [
          { from: "11:30", to: "14:30" },
          { from: "17:30", to: "22:30" },
        ],
      ),
    },
  },
  {
    category: "fast_food",
    secondary: [],
    names: [(r) => `${surname(r)}s Imbiss`, (r) => `Döner ${word(r, ["Eck", "Palast", "Haus", "Express"])}`],
    description: "Jeder 11. Döner ist gratis",
    points: 10,
    hours: {
      ...days([...MON_FRI, "sun"], range("10:30", "23:00")),
      fri: range("10:30", "24:00"),
      sat: range("11:00", "24:00"),
    },
  },
  {
    category: "ice_cream",
    secondary: ["cafe"],
    names: [(r) => `Eiscafé ${word(r, ITALIAN)}`, (r) => `Eisdiele ${word(r, NICE)}`],
    description: "Die 8. Kugel Eis ist gratis",
    points: 7,
    hours: days(["mon", "tue", "wed", "thu", "fri", "sat", "sun"], range("11:00", "21:30")),
  },
  {
    category: "bar",
    secondary: [],
    names: [(r) => `Kneipe ${word(r, NICE)}`, (r) => `${surname(r)}s Bar`],
    description: "Jedes 11. Getränk geht aufs Haus",
    points: 10,
    hours: {
      ...days(["tue", "wed", "thu"], range("18:00", "24:00")),
      fri: range("18:00", "24:00"),
      sat: [
        { from: "00:00", to: "02:00" },
        { from: "18:00", to: "24:00" },
      ],
      sun: range("00:00", "02:00"),
    },
  },
  {
    category: "hairdresser",
    secondary: ["beauty"],
    names: [(r) => `Friseur ${surname(r)}`, (r) => `Salon ${word(r, NICE)}`],
    description: "Jeder 7. Haarschnitt zum halben Preis",
    points: 6,
    hours: { ...days(["tue", "wed", "thu", "fri"], range("09:00", "18:30")), sat: range("09:00", "14:00") },
  },
  {
    category: "books",
    secondary: [],
    names: [(r) => `Buchhandlung ${surname(r)}`, (r) => `Bücherstube ${word(r, NICE)}`],
    description: "Beim 10. Einkauf ein Taschenbuch gratis",
    points: 10,
    hours: { ...days(MON_FRI, range("09:30", "19:00")), sat: range("10:00", "16:00") },
  },
  {
    category: "butcher",
    secondary: ["grocery"],
    names: [(r) => `Metzgerei ${surname(r)}`, (r) => `Landmetzgerei ${surname(r)}`],
    description: "Beim 10. Einkauf ein Ring Fleischwurst gratis",
    points: 10,
    hours: { ...days(MON_FRI, range("07:00", "18:00")), sat: range("07:00", "13:00") },
  },
  {
    category: "florist",
    secondary: [],
    names: [(r) => `Blumen ${surname(r)}`, (r) => `Blumenhaus ${word(r, NICE)}`],
    description: "Beim 6. Strauß gibt es einen Strauß gratis",
    points: 5,
    hours: { ...days(MON_FRI, range("08:00", "18:30")), sat: range("08:00", "14:00") },
  },
];

interface City {
  name: string;
  lat: number;
  lon: number;
  area: string;
  postcodes: string[];
  districts: string[];
}

const CITIES: City[] = [
  {
    name: "Berlin",
    lat: 52.52,
    lon: 13.405,
    area: "30",
    postcodes: ["10115", "10245", "10435", "10961", "12043", "10627"],
    districts: ["Mitte", "Kreuzberg", "Prenzlauer Berg", "Friedrichshain", "Neukölln", "Charlottenburg"],
  },
  {
    name: "Hamburg",
    lat: 53.551,
    lon: 9.993,
    area: "40",
    postcodes: ["20095", "22765", "20357", "22301", "22083"],
    districts: ["Altstadt", "Ottensen", "St. Pauli", "Winterhude", "Barmbek"],
  },
  {
    name: "München",
    lat: 48.137,
    lon: 11.575,
    area: "89",
    postcodes: ["80331", "80799", "81667", "81369", "80634"],
    districts: ["Altstadt", "Schwabing", "Haidhausen", "Sendling", "Neuhausen"],
  },
  {
    name: "Köln",
    lat: 50.938,
    lon: 6.96,
    area: "221",
    postcodes: ["50667", "50823", "50678", "50733", "50937"],
    districts: ["Altstadt", "Ehrenfeld", "Südstadt", "Nippes", "Sülz"],
  },
  {
    name: "Frankfurt am Main",
    lat: 50.11,
    lon: 8.682,
    area: "69",
    postcodes: ["60311", "60594", "60385", "60318", "60487"],
    districts: ["Innenstadt", "Sachsenhausen", "Bornheim", "Nordend", "Bockenheim"],
  },
  {
    name: "Stuttgart",
    lat: 48.775,
    lon: 9.182,
    area: "711",
    postcodes: ["70173", "70176", "70372", "70563"],
    districts: ["Mitte", "West", "Bad Cannstatt", "Vaihingen"],
  },
  {
    name: "Düsseldorf",
    lat: 51.227,
    lon: 6.773,
    area: "211",
    postcodes: ["40213", "40477", "40225", "40545"],
    districts: ["Altstadt", "Pempelfort", "Bilk", "Oberkassel"],
  },
  {
    name: "Leipzig",
    lat: 51.34,
    lon: 12.375,
    area: "341",
    postcodes: ["04109", "04229", "04277", "04155"],
    districts: ["Zentrum", "Plagwitz", "Connewitz", "Gohlis"],
  },
  {
    name: "Dresden",
    lat: 51.05,
    lon: 13.738,
    area: "351",
    postcodes: ["01097", "01067", "01277", "01309"],
    districts: ["Neustadt", "Altstadt", "Striesen", "Blasewitz"],
  },
  {
    name: "Nürnberg",
    lat: 49.452,
    lon: 11.077,
    area: "911",
    postcodes: ["90403", "90429", "90419", "90459"],
    districts: ["Altstadt", "Gostenhof", "St. Johannis", "Südstadt"],
  },
  {
    name: "Hannover",
    lat: 52.375,
    lon: 9.732,
    area: "511",
    postcodes: ["30161", "30449", "30171", "30159"],
    districts: ["List", "Linden", "Südstadt", "Mitte"],
  },
  {
    name: "Freiburg im Breisgau",
    lat: 47.999,
    lon: 7.842,
    area: "761",
    postcodes: ["79098", "79102", "79106", "79104"],
    districts: ["Altstadt", "Wiehre", "Stühlinger", "Herdern"],
  },
];

const STREETS = (
  "Hauptstraße Bahnhofstraße Schillerstraße Goethestraße Lindenstraße Kirchstraße Gartenstraße " +
  "Bergstraße Schulstraße Friedrichstraße Marktstraße Mühlenweg Rosenstraße Parkstraße Wilhelmstraße " +
  "Lessingstraße Königstraße Poststraße Uhlandstraße Mozartstraße"
).split(" ");
const LEGAL_FORMS = ["gmbh", "gmbh", "ug", "ek", "ek", "einzelunternehmen", "gbr", "gmbh_co_kg"];
const LEGAL_SUFFIX: Record<string, string> = {
  gmbh: " GmbH",
  ug: " UG (haftungsbeschränkt)",
  gbr: " GbR",
  gmbh_co_kg: " GmbH & Co. KG",
  ek: " e.K.",
};
const BANK_CODES = ["37040044", "10070000", "20050550", "70150000", "50010517", "60050101"];

/** A valid German IBAN (ISO 13616 check digits) for a bank code and a random account number. */
function germanIban(random: Random): string {
  const bban = `${pick(random, BANK_CODES)}${String(randomInt(random, 1, 9_999_999_999)).padStart(10, "0")}`;
  const check = 98n - (BigInt(`${bban}131400`) % 97n);
  return `DE${String(check).padStart(2, "0")}${bban}`;
}

const phoneIn = (random: Random, city: City) => `${city.area} ${randomInt(random, 100_000, 9_999_999)}`;
/** The business and contact numbers are stored as they are given: E.164, as the API stores them. */
const e164 = (typed: string) => {
  const number = normalisePhone(typed);
  if (!number) throw new Error(`not a phone number: ${typed}`);
  return number;
};
const near = (random: Random, value: number) =>
  Math.round((value + (random() - 0.5) * 0.06) * 10_000) / 10_000;

function location(random: Random, name: string, city: City, hours: Hours): LocationInput {
  const i = randomInt(random, 0, city.districts.length - 1);
  return {
    name: `${name} ${city.districts[i]}`.slice(0, 60),
    street: pick(random, STREETS),
    building: String(randomInt(random, 1, 140)),
    postcode: city.postcodes[i % city.postcodes.length]!,
    city: city.name,
    latitude: near(random, city.lat),
    longitude: near(random, city.lon),
    phone_number: phoneIn(random, city),
    working_hours: hours,
  };
}

/**
 * Partner `number` of a run: a business of one of the trades in a German city; a franchisor
 * (type master) has its locations spread over several cities.
 */
export function simulatedPartner(
  seed: number,
  number: number,
  opts: { locations: number; master: boolean },
): DemoPartner {
  const random = prng(streamSeed(seed, 3, number));
  const trade = pick(random, TRADES);
  const brand = pick(random, trade.names)(random);
  const home = pick(random, CITIES);
  const legalForm = opts.master ? "gmbh" : pick(random, LEGAL_FORMS);
  const contact = { firstName: pick(random, FIRST_NAMES), surname: pick(random, SURNAMES) };
  const slug = emailPart(brand.replace(/\s+/g, "")).slice(0, 30);
  const locations: LocationInput[] = [];
  const used = new Set<string>();
  for (let i = 0; i < opts.locations; i++) {
    const city = opts.master && i > 0 ? pick(random, CITIES) : home;
    let loc = location(random, brand, city, trade.hours);
    // Several locations in one district are numbered, as chains do.
    if (used.has(loc.name)) loc = { ...loc, name: `${loc.name} ${i + 1}`.slice(0, 60) };
    used.add(loc.name);
    locations.push(loc);
  }
  const first = locations[0]!;
  const companyName = `${brand}${LEGAL_SUFFIX[legalForm] ?? ""}`;
  return {
    login: { email: `${slug}.${number}@example.com`, password: SIMULATED_PARTNER_PASSWORD },
    type: opts.master ? "master" : "partner",
    company: {
      name: companyName,
      legalForm,
      vatId: random() < 0.6 ? `DE${randomInt(random, 100_000_000, 999_999_999)}` : null,
    },
    address: {
      street: first.street,
      building: first.building,
      postcode: first.postcode,
      city: first.city,
      latitude: first.latitude ?? home.lat,
      longitude: first.longitude ?? home.lon,
    },
    phone: e164(first.phone_number ?? phoneIn(random, home)),
    contact: { ...contact, phone: e164(phoneIn(random, home)) },
    categories: [trade.category, ...trade.secondary],
    profile: { public_name: brand, description: trade.description, points: trade.points },
    socials: [{ type: "website", url: `https://www.${slug}.example` }],
    locations,
    payment: { account_holder: companyName.slice(0, 70), iban: germanIban(random) },
    status: "green",
  };
}

/**
 * Franchisee `number` of a franchisor: its own company (legal form, contact, bank, city) running
 * the franchisor's brand, card, categories and opening hours.
 */
export function simulatedFranchisee(
  seed: number,
  number: number,
  master: DemoPartner,
  opts: { locations: number },
): DemoPartner {
  const own = simulatedPartner(seed, number, { locations: opts.locations, master: false });
  const brand = master.profile.public_name ?? master.company.name;
  const ownBrand = own.profile.public_name ?? "";
  const hours = master.locations[0]!.working_hours;
  const companyName = `${own.contact.surname} ${brand}${LEGAL_SUFFIX[own.company.legalForm] ?? ""}`;
  return {
    ...own,
    type: "partner",
    company: { ...own.company, name: companyName },
    categories: master.categories,
    profile: { ...master.profile, public_name: `${brand} ${own.address.city}`.slice(0, 50) },
    locations: own.locations.map((location) => ({
      ...location,
      name: location.name.startsWith(ownBrand)
        ? `${brand}${location.name.slice(ownBrand.length)}`.slice(0, 60)
        : location.name,
      working_hours: hours,
    })),
    payment: { ...own.payment, account_holder: companyName.slice(0, 70) },
  };
}

/**
 * Creates `count` live partners numbered from `firstNumber`; every fifth one (from the fifth) is a
 * franchisor with three times the locations and `franchisees` franchisees (numbered after the
 * partners), invited by it and approved by the team (`adminId`). With `since`, every company goes
 * live then (approval, locations, mandate; franchisees joined before), so the months from then
 * on are billable; the simulator's scans start there.
 */
export async function createSimPartners(
  db: Database,
  config: DemoConfig,
  opts: {
    count: number;
    locationsPerPartner: number;
    seed: number;
    firstNumber: number;
    adminId: number | undefined;
    /** Franchisees per franchisor (default none). */
    franchisees?: number;
    since?: Date;
    onProgress?: (done: number) => void;
  },
): Promise<{ companyIds: number[]; masters: number; franchisees: number; locations: number }> {
  const companyIds: number[] = [];
  let masters = 0;
  let franchisees = 0;
  let locations = 0;
  let nextFranchisee = opts.firstNumber + opts.count;
  for (let i = 0; i < opts.count; i++) {
    const master = i % 5 === 4;
    const partner = simulatedPartner(opts.seed, opts.firstNumber + i, {
      master,
      locations: master ? Math.max(3, opts.locationsPerPartner * 3) : opts.locationsPerPartner,
    });
    const companyId = await createLivePartner(db, partner, opts.adminId, config);
    companyIds.push(companyId);
    locations += partner.locations.length;
    const network: number[] = [];
    if (master) {
      masters++;
      if ((opts.franchisees ?? 0) > 0 && opts.adminId === undefined) {
        throw new Error("franchisees need a team account to approve their invitations");
      }
      const viewer = opts.franchisees ? await masterViewer(db, companyId) : undefined;
      for (let k = 0; k < (opts.franchisees ?? 0); k++) {
        const franchisee = simulatedFranchisee(opts.seed, nextFranchisee++, partner, {
          locations: opts.locationsPerPartner,
        });
        network.push(await createLiveFranchisee(db, viewer!, franchisee, opts.adminId!, config));
        locations += franchisee.locations.length;
      }
      companyIds.push(...network);
      franchisees += network.length;
    }
    if (opts.since) {
      if (master) await backdateNetwork(db, companyId, network, opts.since);
      else await backdateGoLive(db, companyId, opts.since, { locations: true, mandate: true });
    }
    opts.onProgress?.(i + 1);
  }
  return { companyIds, masters, franchisees, locations };
}
