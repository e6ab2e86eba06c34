import { Alert, Group, ScrollArea, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { Page } from "@stempla/domain";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { PageButtons } from "../../../shared/ui/page-buttons.tsx";
import { PAGE_SIZE } from "../api/admin-calls.ts";

/**
 * A paged console table: search field (debounced, back to page 1; left out without a search label),
 * count, a table that scrolls sideways on phones (and by keyboard), pagination. `useRows` loads one
 * page; `empty` replaces the table when there is nothing at all (no search, no rows).
 */
export function PagedTable<T extends { id: number }>({
  labels,
  headers,
  minWidth,
  useRows,
  row,
  empty,
}: {
  labels: {
    search?: string;
    placeholder?: string;
    count: (total: number) => string;
    table: string;
    none: string;
  };
  headers: string[];
  minWidth: number;
  useRows: (search: string, page: number) => UseQueryResult<Page<T>>;
  row: (item: T) => ReactNode;
  empty?: ReactNode;
}) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const rows = useRows(debounced, page);
  const total = rows.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  if (empty && rows.data && total === 0 && debounced === "") return empty;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        {labels.search && (
          <TextInput
            label={labels.search}
            placeholder={labels.placeholder}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: "100%", sm: 320 }}
          />
        )}
        <Text size="sm" c="dimmed">
          {labels.count(total)}
        </Text>
      </Group>
      {rows.isError && <Alert color="red">{rows.error.message}</Alert>}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, "aria-label": labels.table }}>
        <Table striped highlightOnHover miw={minWidth} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {headers.map((header) => (
                <Table.Th key={header}>{header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data?.data.map((item) => (
              <Table.Tr key={item.id}>{row(item)}</Table.Tr>
            ))}
            {rows.data?.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={headers.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {labels.none}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 && <PageButtons total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}
