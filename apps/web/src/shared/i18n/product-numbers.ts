import {
  FAQ_PLACEHOLDER_NAMES,
  type FaqPlaceholderName,
  faqPlaceholderValue,
  type Locale,
} from "@stempla/domain";

export type ProductNumbers = Record<FaqPlaceholderName, string>;

/**
 * Every number the product states (prices, terms, deadlines), by the name the FAQ also uses,
 * formatted for `locale` from the constants: "6,00 €" / "€6.00". The page texts write them as
 * `{{minimum_per_location}}`; i18n.ts hands them to every translation, so a text cannot state a
 * number the product does not work with (docs/architecture.md, "Web app").
 */
export function productNumbers(locale: Locale): ProductNumbers {
  return Object.fromEntries(
    FAQ_PLACEHOLDER_NAMES.map((name) => [name, faqPlaceholderValue(name, locale)]),
  ) as ProductNumbers;
}
