import { Group, Stack, Table, Text, Title } from "@mantine/core";
import { type FranchiseLocation, formatPhone } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CardField } from "../ui/card-field.tsx";
import { CardList } from "../ui/card-list.tsx";
import { SoftBadge } from "../ui/soft-badge.tsx";
import { FRANCHISE_LOCATIONS_PER_PAGE, useFranchiseLocations } from "./franchise-calls.ts";
import { hoursLines } from "./opening-hours-summary.ts";
import { PagedList } from "./paged-list.tsx";

/**
 * A master's franchise locations, apart from its own, paged: designation, company, address, phone
 * and opening hours, which is all a master may see of them (docs/decisions/008-franchise-model.md,
 * sections 2, 3 and 6). Used by the locations page and the franchise page; only for masters (the
 * API answers 403 to everyone else).
 */
export function FranchiseLocations({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const { t } = useTranslation("franchise");
  const [page, setPage] = useState(1);
  const list = useFranchiseLocations(page);

  return (
    <Stack gap="sm" data-testid="franchise-locations">
      <div>
        <Title order={headingOrder} fz="lg">
          {t("locations.title")}
          {list.data && (
            <Text span c="dimmed" fw={400} fz="md" ml={8}>
              ({list.data.meta.total})
            </Text>
          )}
        </Title>
        <Text size="sm" c="dimmed">
          {t("locations.intro")}
        </Text>
      </div>
      <PagedList
        list={list}
        page={page}
        perPage={FRANCHISE_LOCATIONS_PER_PAGE}
        onPage={setPage}
        empty={t("locations.empty")}
      >
        {(rows, wide) => (wide ? <LocationsTable locations={rows} /> : <LocationCards locations={rows} />)}
      </PagedList>
    </Stack>
  );
}

function LocationsTable({ locations }: { locations: FranchiseLocation[] }) {
  const { t } = useTranslation("franchise");
  const th = (key: string) => (
    <Table.Th fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
      {t(key)}
    </Table.Th>
  );
  return (
    <Table.ScrollContainer minWidth={820} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="sm" fz="sm" aria-label={t("locations.title")}>
        <Table.Thead>
          <Table.Tr>
            {th("locations.name")}
            {th("locations.company")}
            {th("locations.address")}
            {th("locations.phone")}
            {th("locations.hours")}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {locations.map((location) => (
            <Table.Tr key={location.id} data-testid="franchise-location">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {location.name}
                </Text>
                {location.is_closed && <SoftBadge color="orange">{t("locations.closed")}</SoftBadge>}
              </Table.Td>
              <Table.Td>{location.company_name}</Table.Td>
              <Table.Td>{location.address}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                {location.phone_number ? formatPhone(location.phone_number) : "–"}
              </Table.Td>
              <Table.Td>
                <Hours location={location} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LocationCards({ locations }: { locations: FranchiseLocation[] }) {
  const { t } = useTranslation("franchise");
  return (
    <CardList items={locations} label={t("locations.title")} testId="franchise-location">
      {(location) => (
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                {location.name}
              </Text>
              <Text size="sm" c="dark.6" style={{ overflowWrap: "anywhere" }}>
                {location.company_name}
              </Text>
            </div>
            {location.is_closed && <SoftBadge color="orange">{t("locations.closed")}</SoftBadge>}
          </Group>
          <CardField label={t("locations.address")}>{location.address}</CardField>
          <CardField label={t("locations.phone")}>
            {location.phone_number ? formatPhone(location.phone_number) : "–"}
          </CardField>
          <CardField label={t("locations.hours")}>
            <Hours location={location} />
          </CardField>
        </Stack>
      )}
    </CardList>
  );
}

/** The week in a few lines ("Mo–Fr 08:00–18:00"), or that no hours are given. */
function Hours({ location }: { location: FranchiseLocation }) {
  const { t } = useTranslation("franchise");
  const lines = hoursLines(location.working_hours);
  if (lines.length === 1 && lines[0]!.ranges === "") {
    return (
      <Text size="sm" c="dimmed" component="span">
        {t("locations.noHours")}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {lines.map((line) => (
        <Text key={line.first} size="sm" style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
          {line.first === line.last
            ? t(`days.${line.first}`)
            : `${t(`days.${line.first}`)}–${t(`days.${line.last}`)}`}{" "}
          {line.ranges || t("locations.closedDay")}
        </Text>
      ))}
    </Stack>
  );
}
