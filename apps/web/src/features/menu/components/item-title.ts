import type { MenuItemView, MenuLocale } from "@stempla/domain";

/** The words an item shows in the list: the page's language, else German, else any. */
export function itemTitle(item: MenuItemView, locale: MenuLocale): string {
  const texts = [item.texts[locale], item.texts.de, ...Object.values(item.texts)];
  for (const text of texts) if (text?.title) return text.title;
  for (const text of texts) if (text?.body) return text.body;
  return item.url ?? "";
}
