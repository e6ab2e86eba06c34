import type { NetworkLocation } from "../../api/get-stats-locations.ts";
import type { StatsScope } from "../../api/stats-query.ts";

/** One location as the selector offers it: its id as the value, the name, and where it belongs. */
export interface LocationOption {
  value: string;
  label: string;
  /** The franchisee's company name; null for the master's own locations. */
  company: string | null;
}

export interface LocationGroup {
  group: string;
  items: LocationOption[];
}

/**
 * The selector's groups: the own locations first, then (in the network scope) each franchisee's
 * locations under its company name, in the order the API lists them (by company, then location).
 */
export function locationGroups({
  scope,
  own,
  network,
  ownGroup,
}: {
  scope: StatsScope;
  own: readonly { id: number; name: string }[];
  network: readonly NetworkLocation[];
  ownGroup: string;
}): LocationGroup[] {
  const groups: LocationGroup[] = [];
  if (own.length > 0) {
    groups.push({
      group: ownGroup,
      items: own.map((l) => ({ value: String(l.id), label: l.name, company: null })),
    });
  }
  if (scope !== "network") return groups;
  const byCompany = new Map<number, LocationGroup>();
  // Two franchisees may share a name; the list tells their groups apart (and keys them apart).
  const names = new Set([ownGroup]);
  for (const l of network) {
    let group = byCompany.get(l.companyId);
    if (!group) {
      let name = l.companyName;
      for (let n = 2; names.has(name); n++) name = `${l.companyName} (${n})`;
      names.add(name);
      group = { group: name, items: [] };
      byCompany.set(l.companyId, group);
      groups.push(group);
    }
    group.items.push({ value: String(l.id), label: l.name, company: l.companyName });
  }
  return groups;
}

/** Lower case without accents, so "cafe" finds "Café" and "koln" finds "Köln". */
const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("de");

/**
 * What a search finds: every word of it appears in the location's name, its city or its company's
 * name (so "Müller" lists all locations of that franchisee). At most `limit` locations, groups kept
 * in order, empty groups dropped: with 1,000 locations the list stays short and the search narrows it.
 */
export function filterLocationGroups(
  groups: readonly LocationGroup[],
  search: string,
  limit: number,
  cityOf: (value: string) => string = () => "",
): LocationGroup[] {
  const words = folded(search).split(/\s+/).filter(Boolean);
  const result: LocationGroup[] = [];
  let left = limit;
  for (const group of groups) {
    if (left === 0) break;
    const groupText = folded(group.group);
    const items: LocationOption[] = [];
    for (const item of group.items) {
      if (left === 0) break;
      const text = `${folded(item.label)} ${folded(cityOf(item.value))} ${groupText}`;
      if (words.every((word) => text.includes(word))) {
        items.push(item);
        left--;
      }
    }
    if (items.length > 0) result.push({ group: group.group, items });
  }
  return result;
}

/** How many locations the groups hold. */
export const optionCount = (groups: readonly LocationGroup[]) =>
  groups.reduce((n, group) => n + group.items.length, 0);

/**
 * The locations that stay chosen when the scope changes: all of them into the network (it holds the
 * own ones too), only the own ones back to the own scope.
 */
export function locationsForScope(
  scope: StatsScope,
  chosen: readonly number[],
  own: readonly { id: number }[],
): number[] {
  if (scope === "network") return [...chosen];
  const ownIds = new Set(own.map((l) => l.id));
  return chosen.filter((id) => ownIds.has(id));
}
