import {
  berlinYearMonth,
  STATS_MAX_LOCATIONS,
  type StatsPeriod,
  type StatsScope,
  statsQuerySchema,
} from "@stempla/domain";

export type { StatsScope };

/**
 * What the statistics show: a month (YYYY-MM), the scope (own, or a master's whole franchise
 * network: docs/decisions/008-franchise-model.md §4) and the chosen locations (empty: all of the
 * scope, cumulated). The page always names the month the server would otherwise default to;
 * `statsSearch` makes the query.
 */
export interface StatsSelection {
  month: string;
  scope: StatsScope;
  locations: readonly number[];
}

/** Every statistics query sits under this key; a changed setting invalidates them all. */
export const STATS_KEY = ["stats"] as const;

export const statsKey = (name: string, selection?: StatsSelection, ...extra: unknown[]) =>
  selection
    ? ([
        ...STATS_KEY,
        name,
        selection.month,
        selection.scope,
        selection.locations.join(","),
        ...extra,
      ] as const)
    : ([...STATS_KEY, name] as const);

/**
 * `month=2026-11&scope=network&locations=3,17`: the query every statistics endpoint takes (scope
 * omitted = own, locations omitted = all of the scope). One location goes as `location`, the alias
 * the API keeps, so a partner's query is the same as before the network scope.
 */
export function statsSearch(selection: StatsSelection, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams({ month: selection.month });
  if (selection.scope === "network") search.set("scope", "network");
  if (selection.locations.length === 1) search.set("location", String(selection.locations[0]));
  else if (selection.locations.length > 1) search.set("locations", selection.locations.join(","));
  for (const [key, value] of Object.entries(extra)) search.set(key, value);
  return search.toString();
}

/** The current month in Germany, which the server also takes when no month is given. */
export const currentStatsMonth = () => berlinYearMonth(new Date());

export const isStatsMonth = (value: string | null): value is string =>
  value !== null && statsQuerySchema.shape.month.safeParse(value).success;

/** The ids of a `locations` list ("3,17"): positive whole numbers, each once, at most the maximum. */
export function parseLocationIds(...lists: (string | null)[]): number[] {
  const ids = new Set<number>();
  for (const list of lists) {
    for (const part of list?.split(",") ?? []) {
      const trimmed = part.trim();
      if (!/^\d+$/.test(trimmed)) continue;
      const id = Number(trimmed);
      if (Number.isSafeInteger(id) && id > 0) ids.add(id);
      if (ids.size === STATS_MAX_LOCATIONS) return [...ids];
    }
  }
  return [...ids];
}

/**
 * The selection in the page's URL: `month`, `scope` and `locations`, with the older single
 * `location` read as a one-location list so links from before keep working. Only a master has a
 * network scope and more than one location; anyone else gets their own scope and at most one
 * location, as their selector shows.
 */
export function readStatsSelection(
  params: URLSearchParams,
  { isMaster, currentMonth }: { isMaster: boolean; currentMonth: string },
): { selection: StatsSelection; period: StatsPeriod } {
  const month = params.get("month");
  const locations = parseLocationIds(params.get("locations"), params.get("location"));
  const selection: StatsSelection = {
    month: isStatsMonth(month) ? month : currentMonth,
    scope: isMaster && params.get("scope") === "network" ? "network" : "own",
    locations: isMaster ? locations : locations.slice(0, 1),
  };
  return { selection, period: params.get("period") === "month" ? "month" : "week" };
}

/**
 * The URL parameters after a change of scope or locations: the default scope (own) and an empty
 * list are left out, one location is written as `location` (as before the network scope), several
 * as `locations`. Month, period and anything else stay.
 */
export function withStatsLocations(
  params: URLSearchParams,
  scope: StatsScope,
  locations: readonly number[],
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("location");
  next.delete("locations");
  next.delete("scope");
  if (scope === "network") next.set("scope", "network");
  if (locations.length === 1) next.set("location", String(locations[0]));
  else if (locations.length > 1) next.set("locations", locations.join(","));
  return next;
}

/** The PDF of the selection as shown; the server writes it in the language of the locale cookie. */
export const statsPdfUrl = (selection: StatsSelection, period: StatsPeriod) =>
  `/api/v2/dashboard/stats/pdf?${statsSearch(selection, { period })}`;
