import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { categories, legalForms } from "../schema/index.ts";
import { seedFaqEntries } from "./faq-seed.ts";

// German legal forms a partner can register with (spec section 3: legalForm id).
const LEGAL_FORMS: [key: string, de: string, en: string][] = [
  ["gmbh", "GmbH", "GmbH (limited liability company)"],
  ["ug", "UG (haftungsbeschränkt)", "UG (haftungsbeschränkt) (mini limited company)"],
  ["ag", "AG", "AG (public limited company)"],
  ["ek", "e.K. (eingetragene Kauffrau / eingetragener Kaufmann)", "e.K. (registered merchant)"],
  ["einzelunternehmen", "Einzelunternehmen", "Sole proprietorship"],
  ["gbr", "GbR", "GbR (civil-law partnership)"],
  ["ohg", "OHG", "OHG (general partnership)"],
  ["kg", "KG", "KG (limited partnership)"],
  ["gmbh_co_kg", "GmbH & Co. KG", "GmbH & Co. KG (limited partnership with a GmbH as general partner)"],
  ["ug_co_kg", "UG (haftungsbeschränkt) & Co. KG", "UG (haftungsbeschränkt) & Co. KG"],
  ["partg", "PartG / PartG mbB", "PartG / PartG mbB (professional partnership)"],
  ["eg", "eG (eingetragene Genossenschaft)", "eG (registered cooperative)"],
  ["ev", "e.V. (eingetragener Verein)", "e.V. (registered association)"],
  ["freiberufler", "Freiberufler/in", "Freelancer (liberal profession)"],
  ["kgaa", "KGaA", "KGaA (partnership limited by shares)"],
  ["se", "SE (Europäische Gesellschaft)", "SE (European company)"],
  ["stiftung", "Stiftung", "Foundation"],
  ["ltd", "Ltd. (mit Niederlassung in Deutschland)", "Ltd. (with a branch in Germany)"],
  ["other", "Sonstige Rechtsform", "Other legal form"],
];

const CATEGORIES: [key: string, de: string, en: string][] = [
  ["cafe", "Café", "Café"],
  ["restaurant", "Restaurant", "Restaurant"],
  ["bar", "Bar & Kneipe", "Bar & pub"],
  ["bakery", "Bäckerei", "Bakery"],
  ["patisserie", "Konditorei", "Patisserie"],
  ["ice_cream", "Eiscafé", "Ice-cream parlour"],
  ["fast_food", "Imbiss & Schnellrestaurant", "Fast food & takeaway"],
  ["coffee_roastery", "Kaffeerösterei", "Coffee roastery"],
  ["butcher", "Metzgerei", "Butcher"],
  ["grocery", "Lebensmittel & Feinkost", "Grocery & delicatessen"],
  ["organic", "Bioladen", "Organic shop"],
  ["beverages", "Getränkemarkt", "Beverage store"],
  ["retail", "Einzelhandel", "Retail"],
  ["fashion", "Mode & Accessoires", "Fashion & accessories"],
  ["books", "Buchhandlung & Schreibwaren", "Books & stationery"],
  ["florist", "Blumenladen", "Florist"],
  ["pharmacy", "Apotheke & Drogerie", "Pharmacy & drugstore"],
  ["electronics", "Elektronik & Handy", "Electronics & mobile"],
  ["pet_shop", "Zoofachhandel", "Pet shop"],
  ["hairdresser", "Friseur", "Hairdresser"],
  ["barber", "Barbier", "Barber"],
  ["beauty", "Kosmetik & Beauty", "Beauty & cosmetics"],
  ["nails", "Nagelstudio", "Nail salon"],
  ["wellness", "Wellness & Massage", "Wellness & massage"],
  ["fitness", "Fitnessstudio", "Fitness studio"],
  ["sports", "Sport & Freizeit", "Sports & leisure"],
  ["car_wash", "Autowäsche & Kfz-Service", "Car wash & car service"],
  ["laundry", "Reinigung & Wäscherei", "Dry cleaning & laundry"],
  ["services", "Dienstleistungen", "Services"],
  ["hotel", "Hotel & Pension", "Hotel & guesthouse"],
  ["cinema", "Kino & Kultur", "Cinema & culture"],
  ["kiosk", "Kiosk & Späti", "Kiosk & convenience store"],
];

/** Inserts missing reference rows and refreshes names, and the launch FAQ; safe to run at every start. */
export async function seedReferenceData(db: Database): Promise<void> {
  const rows = (list: typeof LEGAL_FORMS) =>
    list.map(([key, nameDe, nameEn], index) => ({ key, nameDe, nameEn, sortOrder: index + 1 }));
  for (const [table, list] of [
    [legalForms, LEGAL_FORMS],
    [categories, CATEGORIES],
  ] as const) {
    await db
      .insert(table)
      .values(rows(list))
      .onConflictDoUpdate({
        target: table.key,
        set: {
          nameDe: sql`excluded.name_de`,
          nameEn: sql`excluded.name_en`,
          sortOrder: sql`excluded.sort_order`,
        },
      });
  }
  await seedFaqEntries(db);
}
