/**
 * A town name as the position table keys it: lower case, without accents, "Sankt" and "St."
 * alike, punctuation as spaces ("Frankfurt am Main", "frankfurt-am-main" and "FRANKFURT AM MAIN"
 * are one key). Used by the table's build script and by the lookup, so both agree.
 */
export function normalizePlaceName(name: string): string {
  return name
    .toLowerCase()
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\bst\.\s*/g, "sankt ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
