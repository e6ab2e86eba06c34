import { Alert, Button, Group, NativeSelect, Stack } from "@mantine/core";
import type { StatsPeriod } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../../shared/ui/icons.tsx";
import { useStatsAvailable } from "../../api/get-stats-available.ts";
import { type StatsScope, type StatsSelection, statsPdfUrl } from "../../api/stats-query.ts";
import { useStatsFormats } from "./formats.ts";
import { NetworkLocationSelect, ScopeControl } from "./network-location-select.tsx";

const ALL = "all";

/**
 * Month and locations of the statistics, and the PDF of exactly that selection. A partner picks one
 * location or all; a master also the network scope and any set of locations (NetworkLocationSelect).
 */
export function StatsToolbar({
  selection,
  period,
  isMaster,
  onMonth,
  onLocations,
}: {
  selection: StatsSelection;
  /** The scan history's period, which the PDF's chart follows. */
  period: StatsPeriod;
  isMaster: boolean;
  onMonth: (month: string) => void;
  onLocations: (scope: StatsScope, locations: readonly number[]) => void;
}) {
  const { t } = useTranslation("dashboard");
  const format = useStatsFormats();
  const available = useStatsAvailable();
  const months = available.data?.months ?? [];
  // A month from the URL that has no statistics (yet) stays selectable, so the select shows it.
  const monthOptions = (months.includes(selection.month) ? months : [selection.month, ...months]).map(
    (month) => ({ value: month, label: format.monthLong(month) }),
  );
  const locations = available.data?.locations ?? [];
  const locationOptions = [
    { value: ALL, label: t("stats.toolbar.allLocations") },
    ...locations.map((location) => ({ value: String(location.id), label: location.name })),
  ];
  const location = selection.locations[0] ?? null;
  if (location !== null && !locations.some((l) => l.id === location)) {
    locationOptions.push({ value: String(location), label: t("stats.toolbar.unknownLocation") });
  }

  const pdf = (
    <Button
      component="a"
      href={statsPdfUrl(selection, period)}
      download
      variant="default"
      leftSection={<Icon name="download" size={18} />}
      title={t("stats.toolbar.pdfHint")}
      data-testid="stats-pdf"
    >
      PDF
    </Button>
  );
  const month = (
    <NativeSelect
      label={t("stats.toolbar.month")}
      data={monthOptions}
      value={selection.month}
      onChange={(event) => onMonth(event.currentTarget.value)}
      disabled={available.isPending}
      data-testid="stats-month"
      style={{ flex: "1 1 11rem" }}
      maw={{ sm: 220 }}
    />
  );

  return (
    <>
      {isMaster ? (
        // A master's chosen locations need the width: month and scope above, then the locations
        // and the PDF of the whole selection.
        <Stack gap="sm" data-testid="stats-toolbar">
          <Group gap="sm" align="flex-end" wrap="wrap">
            {month}
            <ScopeControl
              selection={selection}
              own={locations}
              disabled={available.isPending}
              onChange={onLocations}
            />
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NetworkLocationSelect
              selection={selection}
              own={locations}
              disabled={available.isPending}
              onChange={onLocations}
            />
            {pdf}
          </Group>
        </Stack>
      ) : (
        <Group gap="sm" align="flex-end" wrap="wrap" data-testid="stats-toolbar">
          {month}
          <NativeSelect
            label={t("stats.toolbar.location")}
            data={locationOptions}
            value={location === null ? ALL : String(location)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onLocations("own", value === ALL ? [] : [Number(value)]);
            }}
            disabled={available.isPending}
            data-testid="stats-location"
            style={{ flex: "1 1 14rem" }}
            maw={{ sm: 320 }}
          />
          {pdf}
        </Group>
      )}
      {available.isError && (
        <Alert color="red" variant="light" role="alert">
          {available.error.message}
        </Alert>
      )}
    </>
  );
}
