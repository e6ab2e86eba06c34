import { ScrollArea, Table, Text, useMatches } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./stats-table.module.css";

export interface StatsColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned figures with tabular digits. */
  numeric?: boolean;
}

interface StatsTableProps<T> {
  /** Names the scrollable table (and the list on phones) for screen readers. */
  label: string;
  columns: StatsColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  /** A totals row, one cell per column. */
  footer?: ReactNode[];
  minWidth: number;
  testId?: string;
}

/**
 * A table of the statistics. On a phone every row becomes a small block (first column as its
 * title, the figures below in two columns), so nothing needs scrolling sideways; from tablet
 * width on it is a table whose first column stays in view when it scrolls.
 */
export function StatsTable<T>(props: StatsTableProps<T>) {
  const stacked = useMatches({ base: true, sm: false });
  return stacked ? <StackedRows {...props} /> : <WideTable {...props} />;
}

function StackedRows<T>({ label, columns, rows, rowKey, footer, testId }: StatsTableProps<T>) {
  const [first, ...figures] = columns;
  const block = (key: string | number, title: ReactNode, cells: ReactNode[], total = false) => (
    <li key={key} className={total ? classes.itemTotal : classes.item}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <dl className={classes.figures}>
        {figures.map((column, index) => (
          <div key={column.header}>
            <dt>{column.header}</dt>
            <dd>{cells[index]}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
  return (
    <ul className={classes.stacked} aria-label={label} data-testid={testId}>
      {rows.map((row, index) =>
        block(
          rowKey(row, index),
          first?.cell(row),
          figures.map((column) => column.cell(row)),
        ),
      )}
      {footer && block("total", footer[0], footer.slice(1), true)}
    </ul>
  );
}

function WideTable<T>({ label, columns, rows, rowKey, footer, minWidth, testId }: StatsTableProps<T>) {
  const cellClass = (index: number, numeric?: boolean) =>
    [index === 0 ? classes.sticky : undefined, numeric ? classes.number : undefined]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, "aria-label": label }}>
      <Table miw={minWidth} verticalSpacing="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={column.header} className={cellClass(index, column.numeric)}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, rowIndex) => (
            <Table.Tr key={rowKey(row, rowIndex)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <Table.Th
                    key={column.header}
                    scope="row"
                    fw={500}
                    className={cellClass(index, column.numeric)}
                  >
                    {column.cell(row)}
                  </Table.Th>
                ) : (
                  <Table.Td key={column.header} className={cellClass(index, column.numeric)}>
                    {column.cell(row)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer && (
          <Table.Tfoot>
            <Table.Tr>
              {footer.map((cell, index) => (
                <Table.Th
                  // biome-ignore lint/suspicious/noArrayIndexKey: the footer's cells are fixed columns
                  key={index}
                  className={cellClass(index, columns[index]?.numeric)}
                >
                  {cell}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </ScrollArea>
  );
}
