import { Card, SimpleGrid } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A list shown as cards, one per item, in one column or two when its container is wide enough:
 * what the partner's lists (clients, invoices) show in place of their table on phones and narrow
 * windows. Read by screen readers as a list with the given name.
 */
export function CardList<T extends { id: number }>({
  items,
  label,
  testId,
  children,
}: {
  items: T[];
  label: string;
  /** The `data-testid` of each card. */
  testId: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <SimpleGrid type="container" cols={{ base: 1, "640px": 2 }} spacing="sm" role="list" aria-label={label}>
      {items.map((item) => (
        <Card key={item.id} withBorder radius="md" padding="md" role="listitem" data-testid={testId}>
          {children(item)}
        </Card>
      ))}
    </SimpleGrid>
  );
}
