import { Box, Input, MultiSelect, Pill, SegmentedControl, Text } from "@mantine/core";
import { STATS_MAX_LOCATIONS } from "@stempla/domain";
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNetworkLocations } from "../../api/get-stats-locations.ts";
import type { StatsScope, StatsSelection } from "../../api/stats-query.ts";
import { useStatsFormats } from "./formats.ts";
import { filterLocationGroups, locationGroups, locationsForScope, optionCount } from "./location-options.ts";

/** Options shown at once; the search finds the others (a network can have 1,000 locations). */
const SHOWN_OPTIONS = 50;
/** Chosen locations shown as pills; the rest is counted in one more pill. */
const SHOWN_PILLS = 3;

interface SelectProps {
  selection: StatsSelection;
  /** The master's own locations. */
  own: readonly { id: number; name: string }[];
  disabled: boolean;
  onChange: (scope: StatsScope, locations: readonly number[]) => void;
}

/**
 * A master's scope (docs/decisions/008-franchise-model.md, sections 4 and 6): its own locations or
 * the whole network. Chosen franchise locations leave the selection on the way back to the own scope.
 */
export function ScopeControl({ selection, own, disabled, onChange }: SelectProps) {
  const { t } = useTranslation("dashboard");
  const labelId = useId();
  return (
    <Input.Wrapper label={t("stats.toolbar.scope")} labelElement="div" labelProps={{ id: labelId }}>
      <SegmentedControl
        display="flex"
        aria-labelledby={labelId}
        value={selection.scope}
        data={[
          { value: "own", label: t("stats.toolbar.scopeOwn") },
          { value: "network", label: t("stats.toolbar.scopeNetwork") },
        ]}
        onChange={(next) => {
          const scope = next === "network" ? "network" : "own";
          onChange(scope, locationsForScope(scope, selection.locations, own));
        }}
        disabled={disabled}
        data-testid="stats-scope"
      />
    </Input.Wrapper>
  );
}

/**
 * A master's locations within the scope: any set of its own and (in the network) its franchisees'
 * locations, found by name, city or franchisee. None chosen means all of the scope.
 */
export function NetworkLocationSelect({ selection, own, disabled, onChange }: SelectProps) {
  const { t } = useTranslation("dashboard");
  const format = useStatsFormats();
  const network = useNetworkLocations(selection.scope === "network");

  const groups = useMemo(
    () =>
      locationGroups({
        scope: selection.scope,
        own,
        network: network.data ?? [],
        ownGroup: t("stats.toolbar.ownGroup"),
      }),
    [selection.scope, own, network.data, t],
  );
  const { byValue, cities } = useMemo(() => {
    const byValue = new Map(groups.flatMap((g) => g.items.map((item) => [item.value, item] as const)));
    const cities = new Map((network.data ?? []).map((l) => [String(l.id), l.city]));
    return { byValue, cities };
  }, [groups, network.data]);
  const total = optionCount(groups);
  const value = selection.locations.map(String);

  return (
    <>
      <Box style={{ flex: "1 1 18rem", minWidth: 0 }} maw={760}>
        <MultiSelect
          label={t("stats.toolbar.locations")}
          description={
            total > SHOWN_OPTIONS ? t("stats.toolbar.searchHint", { total: format.number(total) }) : undefined
          }
          // The scope beside it says whose: all of the scope's locations.
          placeholder={value.length > 0 ? undefined : t("stats.toolbar.allLocations")}
          data={groups}
          value={value}
          onChange={(next) => onChange(selection.scope, next.map(Number))}
          searchable
          clearable
          limit={SHOWN_OPTIONS}
          maxValues={STATS_MAX_LOCATIONS}
          filter={({ search, limit }) =>
            filterLocationGroups(groups, search, limit, (v) => cities.get(v) ?? "")
          }
          nothingFoundMessage={t("stats.toolbar.nothingFound")}
          maxDropdownHeight={320}
          loading={network.isFetching}
          disabled={disabled}
          clearButtonProps={{ "aria-label": t("stats.toolbar.clearLocations") }}
          renderPill={({ value: id, onRemove }) => {
            const index = id === undefined ? -1 : value.indexOf(id);
            if (index > SHOWN_PILLS) return null;
            if (index === SHOWN_PILLS) {
              return (
                <Pill data-testid="stats-locations-more">
                  {t("stats.toolbar.morePills", { count: value.length - SHOWN_PILLS })}
                </Pill>
              );
            }
            const option = id === undefined ? undefined : byValue.get(id);
            const label = option
              ? option.company
                ? `${option.label} · ${option.company}`
                : option.label
              : network.isPending && selection.scope === "network"
                ? "…"
                : t("stats.toolbar.unknownLocation");
            return (
              <Pill withRemoveButton={!disabled} onRemove={onRemove}>
                {label}
              </Pill>
            );
          }}
          data-testid="stats-locations"
        />
      </Box>
      {network.isError && (
        <Text size="sm" c="red.8" role="alert" w="100%">
          {network.error.message}
        </Text>
      )}
    </>
  );
}
