import {
  Alert,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { CLIENT_FILTERS, type ClientsSelection, INACTIVE_AFTER_DAYS } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccountStatus } from "../../../shared/api/account-status.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { ListPager } from "../../../shared/ui/list-pager.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { useExportClientsCsv } from "../api/export-clients-csv.ts";
import { CLIENTS_PER_PAGE, type ClientFilter, useClients } from "../api/get-clients.ts";
import { ClientCards } from "../components/client-cards.tsx";
import { ClientsTable } from "../components/clients-table.tsx";

/** Spec section 2 "Clients": the customers who share their data, with search, filter and CSV export. */
export default function ClientsPage() {
  const { t } = useTranslation("clients");
  useDocumentTitle(t("title"));

  return (
    <PartnerLayout>
      {() => (
        <Stack gap="lg" maw={1200}>
          <ClientsView />
        </Stack>
      )}
    </PartnerLayout>
  );
}

function ClientsView() {
  const { t } = useTranslation("clients");
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<ClientFilter>("all");
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const selection: ClientsSelection = { search: debouncedSearch, filter };
  const list = useClients(selection, page);
  const exportCsv = useExportClientsCsv();
  // While red the server refuses exports (docs/product.md, "Account status"); say so up front.
  const red = useAccountStatus().data?.status === "red";
  // The table needs about 930 px beside the navigation; narrower windows get cards. Only one of
  // the two is rendered, so every client is on the page once.
  const wide = useMediaQuery("(min-width: 78em)", true, { getInitialValueInEffect: false });

  const total = list.data?.meta.total ?? 0;
  const selecting = debouncedSearch !== "" || filter !== "all";
  const nobodyShares = list.data !== undefined && !list.isPlaceholderData && total === 0 && !selecting;

  const reset = () => {
    setSearch("");
    setFilter("all");
    setPage(1);
  };

  const startExport = () =>
    exportCsv.mutate(selection, {
      onError: (error) => notify("red", `${t("export.failed")} ${error.message}`),
    });

  return (
    <>
      <Group justify="space-between" align="flex-end" gap="md">
        <div style={{ flex: "1 1 320px" }}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t("title")}
          </Title>
          <Text c="dimmed">{t("intro")}</Text>
        </div>
        <Button
          variant="default"
          leftSection={<Icon name="download" size={18} />}
          onClick={startExport}
          loading={exportCsv.isPending}
          disabled={!list.data || total === 0 || red}
          aria-describedby={red ? "clients-export-blocked" : undefined}
        >
          {t("export.button")}
        </Button>
      </Group>
      {red && (
        <Alert color="red" variant="light" id="clients-export-blocked">
          <Text size="sm" c="dark.8">
            {t("export.blocked")}
          </Text>
        </Alert>
      )}

      {!nobodyShares && (
        <Group align="flex-end" gap="md">
          <TextInput
            label={t("search.label")}
            placeholder={t("search.placeholder")}
            value={search}
            maxLength={100}
            type="search"
            leftSection={<Icon name="search" size={16} />}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: "100%", xs: 320 }}
          />
          <Select
            label={t("filter.label")}
            data={CLIENT_FILTERS.map((value) => ({
              value,
              label: t(`filter.${value}`, { days: INACTIVE_AFTER_DAYS }),
            }))}
            value={filter}
            onChange={(value) => {
              setFilter((value as ClientFilter | null) ?? "all");
              setPage(1);
            }}
            allowDeselect={false}
            w={{ base: "100%", xs: 240 }}
          />
          {list.data && (
            <Text size="sm" c="dimmed" ml={{ xs: "auto" }} pb={8} aria-live="polite">
              {t("count", { count: total })}
            </Text>
          )}
        </Group>
      )}

      {list.isError && (
        <Alert color="red" role="alert" title={t("loadError")}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => list.refetch()}>
              {t("retry")}
            </Button>
          </Group>
        </Alert>
      )}

      {list.isPending && <Skeleton h={320} radius="md" aria-label={t("loading")} />}

      {nobodyShares && (
        <Card withBorder radius="lg" padding="xl">
          <EmptyState
            icon={<Icon name="users" size={28} />}
            variant="light"
            title={t("empty.title")}
            description={
              <Stack gap="xs" maw={560} mx="auto">
                <Text size="sm" c="dimmed">
                  {t("empty.text")}
                </Text>
                <Text size="sm" c="dimmed">
                  {t("empty.hint")}
                </Text>
              </Stack>
            }
          />
        </Card>
      )}

      {list.data && total === 0 && selecting && (
        <Card withBorder radius="lg" padding="xl">
          <EmptyState
            icon={<Icon name="search" size={28} />}
            title={t("noResults.title")}
            description={
              debouncedSearch ? t("noResults.search", { search: debouncedSearch }) : t("noResults.filter")
            }
          >
            <EmptyState.Actions>
              <Button variant="default" onClick={reset}>
                {t("noResults.reset")}
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
          {wide ? <ClientsTable clients={list.data.data} /> : <ClientCards clients={list.data.data} />}
        </Box>
      )}

      {list.data && (
        <ListPager page={page} perPage={CLIENTS_PER_PAGE} total={total} compact={!wide} onPage={setPage} />
      )}
    </>
  );
}
