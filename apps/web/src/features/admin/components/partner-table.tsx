import { Alert, Group, Pagination, ScrollArea, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { StatusBadge } from "../../dashboard/components/status-badge.tsx";
import { usePartners } from "../api/admin-calls.ts";

export function PartnerTable() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const partners = usePartners(debounced, page);
  const total = partners.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / 20));
  const date = (iso: string) =>
    new Date(iso).toLocaleString(locale === "de" ? "de-DE" : "en-GB", {
      dateStyle: "medium",
      timeStyle: "short",
    });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t("partners.search")}
          placeholder={t("partners.searchPlaceholder")}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: "100%", sm: 320 }}
        />
        <Text size="sm" c="dimmed">
          {t("partners.count", { count: total })}
        </Text>
      </Group>
      {partners.isError && <Alert color="red">{partners.error.message}</Alert>}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, "aria-label": t("tabs.partners") }}>
        <Table striped highlightOnHover miw={760} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("partners.company")}</Table.Th>
              <Table.Th>{t("partners.type")}</Table.Th>
              <Table.Th>{t("partners.status")}</Table.Th>
              <Table.Th>{t("partners.email")}</Table.Th>
              <Table.Th>{t("partners.confirmed")}</Table.Th>
              <Table.Th>{t("partners.created")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {partners.data?.data.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {p.legal_form}
                  </Text>
                </Table.Td>
                <Table.Td>{t(`partners.types.${p.type}`)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={p.status} />
                </Table.Td>
                <Table.Td>{p.email}</Table.Td>
                <Table.Td>
                  <SoftBadge color={p.confirmed ? "green" : "gray"}>
                    {p.confirmed ? t("partners.yes") : t("partners.no")}
                  </SoftBadge>
                </Table.Td>
                <Table.Td>{date(p.created_at)}</Table.Td>
              </Table.Tr>
            ))}
            {partners.data?.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" ta="center" py="md">
                    {t("partners.none")}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}
