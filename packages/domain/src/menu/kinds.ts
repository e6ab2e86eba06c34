import type { MenuLocale } from "./locales.ts";

// What a digital menu is made of (docs/decisions/009-digital-menu.md, sections 1–3).

/**
 * An item's kind: the spec's photo, title/info text, PDF and link, plus dishes and the section
 * headings that group the dishes after them (sections are items, so a list has one order).
 */
export const MENU_ITEM_KINDS = ["photo", "text", "pdf", "link", "section", "dish"] as const;
export type MenuItemKind = (typeof MENU_ITEM_KINDS)[number];

/** Kinds whose content is an uploaded file (created and changed through the upload calls). */
export const MENU_FILE_ITEM_KINDS = ["photo", "pdf"] as const satisfies readonly MenuItemKind[];

type Names = Record<MenuLocale, string>;

/** The 14 allergens of Regulation (EU) No 1169/2011, Annex II, in the annex's order. */
export const ALLERGENS = {
  gluten: {
    de: "Glutenhaltiges Getreide",
    en: "Cereals containing gluten",
    fr: "Céréales contenant du gluten",
    it: "Cereali contenenti glutine",
  },
  crustaceans: { de: "Krebstiere", en: "Crustaceans", fr: "Crustacés", it: "Crostacei" },
  eggs: { de: "Eier", en: "Eggs", fr: "Œufs", it: "Uova" },
  fish: { de: "Fisch", en: "Fish", fr: "Poissons", it: "Pesce" },
  peanuts: { de: "Erdnüsse", en: "Peanuts", fr: "Arachides", it: "Arachidi" },
  soy: { de: "Soja", en: "Soybeans", fr: "Soja", it: "Soia" },
  milk: {
    de: "Milch (einschließlich Laktose)",
    en: "Milk (including lactose)",
    fr: "Lait (y compris le lactose)",
    it: "Latte (incluso lattosio)",
  },
  nuts: { de: "Schalenfrüchte (Nüsse)", en: "Tree nuts", fr: "Fruits à coque", it: "Frutta a guscio" },
  celery: { de: "Sellerie", en: "Celery", fr: "Céleri", it: "Sedano" },
  mustard: { de: "Senf", en: "Mustard", fr: "Moutarde", it: "Senape" },
  sesame: { de: "Sesamsamen", en: "Sesame seeds", fr: "Graines de sésame", it: "Semi di sesamo" },
  sulphites: {
    de: "Schwefeldioxid und Sulfite",
    en: "Sulphur dioxide and sulphites",
    fr: "Anhydride sulfureux et sulfites",
    it: "Anidride solforosa e solfiti",
  },
  lupin: { de: "Lupinen", en: "Lupin", fr: "Lupin", it: "Lupini" },
  molluscs: { de: "Weichtiere", en: "Molluscs", fr: "Mollusques", it: "Molluschi" },
} as const satisfies Record<string, Names>;
export type Allergen = keyof typeof ALLERGENS;
export const ALLERGEN_CODES = Object.keys(ALLERGENS) as [Allergen, ...Allergen[]];

/**
 * The additives German law asks restaurants to declare on the menu (Zusatzstoff-Zulassungs-
 * verordnung, § 9 of the old version that restaurants still label by, and the LMIV's sweetener
 * and caffeine notes), with the words the labels use.
 */
export const ADDITIVES = {
  colouring: { de: "mit Farbstoff", en: "with colouring", fr: "avec colorant", it: "con colorante" },
  preservative: {
    de: "mit Konservierungsstoff",
    en: "with preservative",
    fr: "avec conservateur",
    it: "con conservante",
  },
  antioxidant: {
    de: "mit Antioxidationsmittel",
    en: "with antioxidant",
    fr: "avec antioxydant",
    it: "con antiossidante",
  },
  flavour_enhancer: {
    de: "mit Geschmacksverstärker",
    en: "with flavour enhancer",
    fr: "avec exhausteur de goût",
    it: "con esaltatore di sapidità",
  },
  sulphured: { de: "geschwefelt", en: "sulphured", fr: "soufré", it: "solforato" },
  blackened: { de: "geschwärzt", en: "blackened", fr: "noirci", it: "annerito" },
  waxed: { de: "gewachst", en: "waxed", fr: "ciré", it: "cerato" },
  phosphate: { de: "mit Phosphat", en: "with phosphate", fr: "avec phosphate", it: "con fosfato" },
  sweetener: { de: "mit Süßungsmittel", en: "with sweetener", fr: "avec édulcorant", it: "con edulcorante" },
  phenylalanine: {
    de: "enthält eine Phenylalaninquelle",
    en: "contains a source of phenylalanine",
    fr: "contient une source de phénylalanine",
    it: "contiene una fonte di fenilalanina",
  },
  caffeine: {
    de: "koffeinhaltig",
    en: "contains caffeine",
    fr: "contient de la caféine",
    it: "contiene caffeina",
  },
  quinine: {
    de: "chininhaltig",
    en: "contains quinine",
    fr: "contient de la quinine",
    it: "contiene chinino",
  },
} as const satisfies Record<string, Names>;
export type Additive = keyof typeof ADDITIVES;
export const ADDITIVE_CODES = Object.keys(ADDITIVES) as [Additive, ...Additive[]];

/** Kinds of uploaded menu files (`menu_files.kind`). */
export const MENU_FILE_KINDS = ["image", "pdf"] as const;
export type MenuFileKind = (typeof MENU_FILE_KINDS)[number];
