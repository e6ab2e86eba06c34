import "@mantine/charts/styles.css";
import { Alert, Button, SimpleGrid, Skeleton, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../../../shared/auth/auth-store.ts";
import { useDashboardStats } from "../../api/get-dashboard-stats.ts";
import { CustomerHistoryChart } from "./customer-history.tsx";
import { FraudSection } from "./fraud-list.tsx";
import { KeyFigures } from "./key-figures.tsx";
import { OutstandingPoints } from "./outstanding-points.tsx";
import { PointBalanceTable } from "./point-balance-table.tsx";
import { PointOrigin } from "./point-origin.tsx";
import { PointsCollectedRedeemedChart } from "./points-collected-redeemed.tsx";
import { PointsDistributionChart } from "./points-distribution.tsx";
import { RedemptionHistoryChart } from "./redemption-history.tsx";
import { RevenueCard } from "./revenue-card.tsx";
import { ScanFrequency } from "./scan-frequency.tsx";
import { ScanHistoryChart } from "./scan-history.tsx";
import { StatsEmpty } from "./stats-empty.tsx";
import { StatsToolbar } from "./stats-toolbar.tsx";
import { TopCustomersTable } from "./top-customers.tsx";
import { useStatsSelection } from "./use-stats-selection.ts";

// The grids follow the width of the content, not of the window: beside the navigation a tablet
// has the room of a phone.

/**
 * The statistics of the start page (spec section 2, start/dashboard): the selection (month,
 * locations, a master's scope) in the URL, then the sections, each loading its own figures.
 */
export function Statistics() {
  const { t } = useTranslation("dashboard");
  const auth = useAuth();
  // A master's statistics also cover its franchise network (docs/decisions/008-franchise-model.md §4).
  const isMaster = auth.status === "signed-in" && auth.profile.company?.type === "master";
  const { selection, period, setMonth, setLocations, setPeriod } = useStatsSelection(isMaster);
  const stats = useDashboardStats(selection);

  return (
    <Stack gap="lg">
      <StatsToolbar
        selection={selection}
        period={period}
        isMaster={isMaster}
        onMonth={setMonth}
        onLocations={setLocations}
      />
      {stats.isError && (
        <Alert color="red" variant="light" role="alert">
          {stats.error.message}
          {/* A link with a location that is gone (or not the partner's): back to all of them. */}
          {selection.locations.length > 0 && (
            <Button
              display="block"
              mt="sm"
              size="xs"
              variant="default"
              onClick={() => setLocations(selection.scope, [])}
            >
              {t("stats.empty.allLocations")}
            </Button>
          )}
        </Alert>
      )}
      {stats.isPending && (
        <>
          <SimpleGrid type="container" cols={{ base: 2, "44rem": 4 }} spacing="sm" aria-busy>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={118} radius="lg" />
            ))}
          </SimpleGrid>
          <Skeleton h={300} radius="lg" />
        </>
      )}
      {stats.data && stats.data.scanFrequency.total === 0 && (
        <StatsEmpty
          forLocation={selection.locations.length > 0}
          onAllLocations={() => setLocations(selection.scope, [])}
        />
      )}
      {stats.data && stats.data.scanFrequency.total > 0 && (
        <>
          <KeyFigures stats={stats.data} />
          <SimpleGrid type="container" cols={{ base: 1, "34rem": 2, "80rem": 4 }} spacing="md">
            <RevenueCard stats={stats.data} />
            <ScanFrequency stats={stats.data} />
            <OutstandingPoints stats={stats.data} />
            <PointOrigin stats={stats.data} />
          </SimpleGrid>
          <ScanHistoryChart selection={selection} period={period} onPeriod={setPeriod} />
          <SimpleGrid type="container" cols={{ base: 1, "46rem": 2 }} spacing="md">
            <CustomerHistoryChart selection={selection} />
            <RedemptionHistoryChart selection={selection} />
            <PointsDistributionChart stats={stats.data} />
            <PointsCollectedRedeemedChart selection={selection} />
          </SimpleGrid>
          <PointBalanceTable selection={selection} />
          <TopCustomersTable network={selection.scope === "network"} />
          <FraudSection selection={selection} />
        </>
      )}
    </Stack>
  );
}
