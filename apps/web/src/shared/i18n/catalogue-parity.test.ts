import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LOCALES } from "@stempla/domain";
import { describe, expect, it } from "vitest";

// Every text exists in German and English (docs/product.md): the catalogues of both languages have
// the same namespaces, the same keys (a plural's forms counted as one key, as the languages differ
// in them) and, per text, the same {{names}} for i18n to fill in.

const root = join(import.meta.dirname, "../../locales");
type Catalogue = { [key: string]: string | Catalogue };

function texts(catalogue: Catalogue, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = `${prefix}${key}`;
    if (typeof value === "string") found.set(path, value);
    else for (const [inner, text] of texts(value, `${path}.`)) found.set(inner, text);
  }
  return found;
}

const withoutPlural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");
const names = (text: string) =>
  [...new Set(text.match(/{{\s*[\w.]+/g) ?? [])].map((n) => n.slice(2).trim()).sort();
const namespaces = (locale: string) => readdirSync(join(root, locale)).sort();
const catalogue = (locale: string, file: string) =>
  texts(JSON.parse(readFileSync(join(root, locale, file), "utf8")) as Catalogue);

describe("the de and en catalogues", () => {
  it("have the same namespaces", () => {
    const [first, ...others] = LOCALES;
    for (const locale of others) expect(namespaces(locale)).toEqual(namespaces(first));
  });

  it.each(namespaces("de"))("%s: the same keys and the same {{names}} per text", (file) => {
    const de = catalogue("de", file);
    const en = catalogue("en", file);
    const keys = (m: Map<string, string>) => [...new Set([...m.keys()].map(withoutPlural))].sort();
    expect(keys(en)).toEqual(keys(de));
    for (const [key, text] of de) {
      const other = en.get(key);
      // Plural forms may differ between the languages; their names are compared via the other form.
      if (other === undefined) continue;
      expect(names(other), `${file} ${key}`).toEqual(names(text));
    }
  });
});
