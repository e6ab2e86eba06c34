import { Alert, Box, Button, Card, EmptyState, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { NFT_MONITOR_KINDS, NFT_TYPES, type NftMonitorKind, type NftType } from "@stempla/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useAccountStatus } from "../../../shared/api/account-status.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { ListPager } from "../../../shared/ui/list-pager.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import {
  MONITOR_PER_PAGE,
  type MonitorFilters,
  useExportMonitorCsv,
  useMonitor,
} from "../monitor/monitor-calls.ts";
import { MonitorCards } from "../monitor/monitor-cards.tsx";
import { MonitorFiltersBar } from "../monitor/monitor-filters.tsx";
import { MonitorTable } from "../monitor/monitor-table.tsx";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as they stand in the address (?from=&to=&type=&kind=&offer=&page=), checked. */
function filtersOf(search: URLSearchParams): MonitorFilters {
  const day = (name: string) => (DAY.test(search.get(name) ?? "") ? (search.get(name) as string) : "");
  const type = search.get("type");
  const kind = search.get("kind");
  const offer = search.get("offer") ?? "";
  return {
    from: day("from"),
    to: day("to"),
    type: NFT_TYPES.includes(type as NftType) ? (type as NftType) : "",
    kind: NFT_MONITOR_KINDS.includes(kind as NftMonitorKind) ? (kind as NftMonitorKind) : "",
    offerId: /^\d+$/.test(offer) ? offer : "",
  };
}

/**
 * The monitor of coupons and vouchers (the spec's nft/monitor; docs/decisions/010-coupons-and-vouchers.md,
 * section 8): every issue, purchase, redemption and refund with date and time, offer, type, price,
 * status, client and NFT id; filters in the address, so a filtered view can be bookmarked or
 * linked from an offer (?offer=); the CSV of the filtered rows.
 */
export default function MonitorPage() {
  const { t } = useTranslation("nft");
  useDocumentTitle(t("monitor.title"));
  return (
    <PartnerLayout>
      {() => (
        <Stack gap="lg" maw={1200}>
          <MonitorView />
        </Stack>
      )}
    </PartnerLayout>
  );
}

function MonitorView() {
  const { t } = useTranslation("nft");
  const locale = useLocale();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersOf(search), [search]);
  const page = Math.max(1, Number(search.get("page")) || 1);
  const list = useMonitor(filters, page);
  const exportCsv = useExportMonitorCsv();
  const red = useAccountStatus().data?.status === "red";
  // The table needs about 950 px beside the navigation; narrower windows get cards.
  const wide = useMediaQuery("(min-width: 78em)", true, { getInitialValueInEffect: false });

  const total = list.data?.meta.total ?? 0;
  const filtering = Object.values(filters).some(Boolean);
  const nothingYet = list.data !== undefined && !list.isPlaceholderData && total === 0 && !filtering;
  const rows = (list.data?.data ?? []).map((row, i) => ({ ...row, id: (page - 1) * MONITOR_PER_PAGE + i }));

  const update = (next: MonitorFilters, nextPage = 1) => {
    const params = new URLSearchParams();
    if (next.from) params.set("from", next.from);
    if (next.to) params.set("to", next.to);
    if (next.type) params.set("type", next.type);
    if (next.kind) params.set("kind", next.kind);
    if (next.offerId) params.set("offer", next.offerId);
    if (nextPage > 1) params.set("page", String(nextPage));
    setSearch(params, { replace: true });
  };

  return (
    <>
      <Group justify="space-between" align="flex-end" gap="md">
        <div style={{ flex: "1 1 320px", minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t("monitor.title")}
          </Title>
          <Text c="dimmed">{t("monitor.intro")}</Text>
        </div>
        <Button
          variant="default"
          leftSection={<Icon name="download" size={18} />}
          onClick={() =>
            exportCsv.mutate(filters, {
              onError: (error) => notify("red", `${t("monitor.export.failed")} ${error.message}`),
            })
          }
          loading={exportCsv.isPending}
          disabled={!list.data || total === 0 || red}
          aria-describedby={red ? "monitor-export-blocked" : undefined}
        >
          {t("monitor.export.button")}
        </Button>
      </Group>
      {red && (
        <Alert color="red" variant="light" id="monitor-export-blocked">
          <Text size="sm" c="dark.8">
            {t("monitor.export.blocked")}
          </Text>
        </Alert>
      )}

      {!nothingYet && (
        <Group align="flex-end" justify="space-between" gap="sm">
          <MonitorFiltersBar filters={filters} onChange={(next) => update(next)} />
          {list.data && (
            <Text size="sm" c="dimmed" pb={8} aria-live="polite">
              {t("monitor.count", { count: total })}
            </Text>
          )}
        </Group>
      )}

      {list.isError && (
        <Alert color="red" role="alert" title={t("monitor.loadError")}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => list.refetch()}>
              {t("monitor.retry")}
            </Button>
          </Group>
        </Alert>
      )}

      {list.isPending && <Skeleton h={320} radius="md" aria-label={t("monitor.loading")} />}

      {nothingYet && (
        <Card withBorder radius="lg" padding="xl">
          <EmptyState
            icon={<Icon name="activity" size={28} />}
            variant="light"
            title={t("monitor.empty.title")}
            description={
              <Text size="sm" c="dimmed" maw={560} mx="auto">
                {t("monitor.empty.text")}
              </Text>
            }
          >
            <EmptyState.Actions>
              <Button component={Link} to={paths.nft(locale)}>
                {t("monitor.empty.action")}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      )}

      {list.data && total === 0 && filtering && (
        <Card withBorder radius="lg" padding="xl">
          <EmptyState
            icon={<Icon name="search" size={28} />}
            title={t("monitor.noResults.title")}
            description={t("monitor.noResults.text")}
          >
            <EmptyState.Actions>
              <Button
                variant="default"
                onClick={() => update({ from: "", to: "", type: "", kind: "", offerId: "" })}
              >
                {t("monitor.filters.reset")}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      )}

      {list.data && total > 0 && (
        <Box
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: "opacity 150ms" }}
          aria-busy={list.isPlaceholderData}
        >
          {wide ? <MonitorTable rows={rows} /> : <MonitorCards rows={rows} />}
        </Box>
      )}

      {list.data && (
        <ListPager
          page={page}
          perPage={MONITOR_PER_PAGE}
          total={total}
          compact={!wide}
          onPage={(next) => update(filters, next)}
        />
      )}
    </>
  );
}
