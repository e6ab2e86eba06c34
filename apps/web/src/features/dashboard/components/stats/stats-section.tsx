import { Alert, Box, Card, Group, Skeleton, Text, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode, Ref } from "react";

/**
 * One block of the statistics: a heading, the one line that says what the figure means, an
 * optional control (top right) and the content.
 */
export function StatsSection({
  title,
  explanation,
  action,
  testId,
  id,
  children,
}: {
  title: string;
  explanation: ReactNode;
  action?: ReactNode;
  testId?: string;
  /** Anchor for links into the page (the fraud mail links to #fraud). */
  id?: string;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      data-testid={testId}
      id={id}
      style={{ minWidth: 0, scrollMarginTop: "5rem" }}
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Box style={{ flex: "1 1 14rem", minWidth: 0 }}>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed" mt={2}>
            {explanation}
          </Text>
        </Box>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/** A query's content, a skeleton of the given height while it loads, or its error. */
export function QueryContent<T>({
  query,
  height,
  children,
}: {
  query: UseQueryResult<T>;
  height: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton h={height} radius="md" />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {query.error.message}
      </Alert>
    );
  }
  return children(query.data);
}

/**
 * A chart for screen readers: one image whose name lists every value ("Nov. 2026: 33, …"); the
 * drawn chart inside is hidden from them (its own keyboard layer is switched off).
 */
export function ChartFigure({
  summary,
  testId,
  ref,
  children,
}: {
  summary: string;
  testId?: string;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <div role="img" aria-label={summary} data-testid={testId} ref={ref}>
      {children}
    </div>
  );
}

/** "Title. label: value; label: value; …" for ChartFigure. */
export const chartSummary = (title: string, values: [label: string, value: string][]) =>
  `${title}. ${values.map(([label, value]) => `${label}: ${value}`).join("; ")}`;
