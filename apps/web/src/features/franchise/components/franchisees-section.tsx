import { Box, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { FranchiseeSummary } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedList } from "../../../shared/franchise/paged-list.tsx";
import { CardField } from "../../../shared/ui/card-field.tsx";
import { CardList } from "../../../shared/ui/card-list.tsx";
import { StatusBadge } from "../../../shared/ui/status-badge.tsx";
import { FRANCHISEES_PER_PAGE, useFranchisees } from "../api/network-calls.ts";

/**
 * The master's registered franchisees: company name and legal form, contact person and email,
 * status colour and number of locations; nothing more (docs/decisions/008-franchise-model.md,
 * section 2).
 */
export function FranchiseesSection() {
  const { t } = useTranslation("franchise");
  const [page, setPage] = useState(1);
  const list = useFranchisees(page);

  return (
    <Stack gap="sm" data-testid="franchisees">
      <div>
        <Title order={2} fz="lg">
          {t("franchisees.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("franchisees.intro")}
        </Text>
      </div>
      <PagedList
        list={list}
        page={page}
        perPage={FRANCHISEES_PER_PAGE}
        onPage={setPage}
        empty={t("franchisees.empty")}
      >
        {(rows, wide) => {
          const items = rows.map((f) => ({ ...f, id: f.company_id }));
          return wide ? <FranchiseesTable franchisees={items} /> : <FranchiseeCards franchisees={items} />;
        }}
      </PagedList>
    </Stack>
  );
}

type Row = FranchiseeSummary & { id: number };

function Contact({ franchisee }: { franchisee: Row }) {
  const name = [franchisee.contact_name, franchisee.contact_surname].filter(Boolean).join(" ");
  return (
    <>
      <Text size="sm">{name || "–"}</Text>
      {franchisee.email && (
        <Text size="xs" c="dark.6" style={{ overflowWrap: "anywhere" }}>
          {franchisee.email}
        </Text>
      )}
    </>
  );
}

function FranchiseesTable({ franchisees }: { franchisees: Row[] }) {
  const { t } = useTranslation("franchise");
  const th = (key: string, right = false) => (
    <Table.Th fz="xs" c="dimmed" ta={right ? "right" : undefined} style={{ whiteSpace: "nowrap" }}>
      {t(key)}
    </Table.Th>
  );
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="sm" fz="sm" aria-label={t("franchisees.title")}>
        <Table.Thead>
          <Table.Tr>
            {th("franchisees.company")}
            {th("franchisees.legalForm")}
            {th("franchisees.contact")}
            {th("franchisees.status")}
            {th("franchisees.locations", true)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {franchisees.map((franchisee) => (
            <Table.Tr key={franchisee.id} data-testid="franchisee">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {franchisee.name}
                </Text>
              </Table.Td>
              <Table.Td>{franchisee.legal_form ?? "–"}</Table.Td>
              <Table.Td>
                <Contact franchisee={franchisee} />
              </Table.Td>
              <Table.Td>
                <div style={{ width: "max-content" }}>
                  <StatusBadge status={franchisee.status} />
                </div>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                {franchisee.locations}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FranchiseeCards({ franchisees }: { franchisees: Row[] }) {
  const { t } = useTranslation("franchise");
  return (
    <CardList items={franchisees} label={t("franchisees.title")} testId="franchisee">
      {(franchisee) => (
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                {franchisee.name}
              </Text>
              {franchisee.legal_form && (
                <Text size="sm" c="dark.6">
                  {franchisee.legal_form}
                </Text>
              )}
            </div>
            {/* The name wraps; the status stays whole beside it. */}
            <Box style={{ flexShrink: 0 }}>
              <StatusBadge status={franchisee.status} />
            </Box>
          </Group>
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            <CardField label={t("franchisees.contact")}>
              <Contact franchisee={franchisee} />
            </CardField>
            <CardField numeric label={t("franchisees.locations")}>
              {franchisee.locations}
            </CardField>
          </SimpleGrid>
        </Stack>
      )}
    </CardList>
  );
}
